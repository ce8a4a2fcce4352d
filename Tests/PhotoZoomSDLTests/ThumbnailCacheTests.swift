import CSDL2
import Foundation
import PhotoZoomLibrary
import PhotoZoomLoader
import PhotoZoomLoaderInterface
import PhotoZoomSDL
import PhotoZoomTestSupport
import XCTest

/// The freedesktop.org thumbnail cache, checked against other tools: GLib's own URIs and its
/// thumbnail lookup (`gio info`), `md5sum`, and ImageMagick's reading of the PNG text.
final class ThumbnailCacheTests: XCTestCase {
    var folder: URL!
    var lines: [String] = []

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-thumbs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { [folder] in try? FileManager.default.removeItem(at: folder!) }
    }

    /// A cache in this test's own folder, its log kept in `lines`.
    /// `finishing`: how long a stop writes what waits (the window's 0.03 s, which a busy
    /// machine can spend before one thumbnail is written, unless said).
    func cache(root: URL? = nil, finishing: Double = ThumbnailCache.finishingSeconds) -> ThumbnailCache {
        ThumbnailCache(
            root: root ?? folder.appendingPathComponent("cache/thumbnails"), program: "photozoom", version: "9.9",
            finishing: finishing, log: { self.lines.append($0) })
    }

    /// A copy of a bundled photo at `name` inside this test's folder.
    func photo(_ bundled: String = "coffee.jpg", as name: String = "photo.jpg") throws -> URL {
        let file = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: PackagePaths.bundledPhotos + "/" + bundled, toPath: file.path)
        return file
    }

    /// Runs `program` and gives back its standard output; the test is skipped without it.
    func output(of program: String, _ arguments: [String], input: String? = nil, environment: [String: String] = [:])
        throws -> String
    {
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw XCTSkip("no \(program) (scripts/setup.sh --test installs it)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let into = Pipe()
        process.standardOutput = out
        process.standardInput = into
        try process.run()
        into.fileHandleForWriting.write(Data((input ?? "").utf8))
        try into.fileHandleForWriting.close()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(program) \(arguments)")
        return text
    }

    /// What `gio info` says of `file`: its `key: value` lines.
    func gioInfo(_ file: URL, _ arguments: [String] = [], cacheHome: URL? = nil) throws -> [String: String] {
        let text = try output(
            of: "/usr/bin/gio", ["info"] + arguments + [file.path],
            environment: cacheHome.map { ["XDG_CACHE_HOME": $0.path] } ?? [:])
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let separator = line.range(of: ": ") else { continue }
            fields[line[..<separator.lowerBound].trimmingCharacters(in: .whitespaces)] = String(
                line[separator.upperBound...])
        }
        return fields
    }

    /// The PNG text ImageMagick finds in `png`, by keyword.
    func pngText(_ png: URL) throws -> [String: String] {
        let text = try output(of: "/usr/bin/identify", ["-verbose", png.path])
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n")
        where line.contains("Thumb::") || line.contains("Software:") || line.contains("Description:") {
            guard let separator = line.range(of: ": ") else { continue }
            fields[line[..<separator.lowerBound].trimmingCharacters(in: .whitespaces)] = String(
                line[separator.upperBound...])
        }
        return fields
    }

    /// Names with a space, non-ASCII letters and every printable ASCII sign: GLib escapes each
    /// byte its own way, and the thumbnail's name is the MD5 of exactly that.
    func testTheURIAndTheNameAreGLibsAndTheStandardsMD5() throws {
        let names = ["a photo.jpg", "Zürich/été 1.jpg", "signs !\"#$%&'()*+,-.:;<=>?@[\\]^_`{|}~.jpg"]
        for name in names {
            let file = try photo(as: name)
            let uri = FileURI.of(path: file.path)
            XCTAssertEqual(uri, try gioInfo(file)["uri"], name)
            let md5 = try output(of: "/usr/bin/md5sum", [], input: uri).prefix(32)
            XCTAssertEqual(FileURI.key(of: uri), String(md5), name)
            XCTAssertEqual(cache().location(of: file, size: .large).lastPathComponent, md5 + ".png")
        }
        // The standard's own example.
        XCTAssertEqual(FileURI.key(of: "file:///home/jens/photos/me.png"), "c6ee772d9e49320e97ec29a7eb5b1697")
        XCTAssertEqual(FileURI.of(path: "/tmp/./a/../b c.jpg"), "file:///tmp/b%20c.jpg", "canonical: no . or ..")
    }

    /// A thumbnail made is the standard's: in the size's folder, 0600 in 0700 folders, an 8-bit
    /// RGBA PNG whose text ImageMagick reads back, and GLib finds it and calls it valid.
    func testAThumbnailMadeIsFoundByGLibWithTheStandardsText() throws {
        let file = try photo("chelsea-exif-rotated.jpg", as: "cat é.jpg")
        let cache = cache()
        guard case .success(let made) = cache.make(file, size: .normal) else { return XCTFail("no thumbnail made") }
        let thumbnail = cache.location(of: file, size: .normal)
        XCTAssertEqual(
            try FileManager.default.attributesOfItem(atPath: thumbnail.path)[.posixPermissions] as? Int, 0o600)
        for made in [cache.root, cache.root.appendingPathComponent("normal")] {
            XCTAssertEqual(
                try FileManager.default.attributesOfItem(atPath: made.path)[.posixPermissions] as? Int, 0o700, made.path
            )
        }
        var info = stat()
        XCTAssertEqual(stat(file.path, &info), 0)
        let text = try pngText(thumbnail)
        XCTAssertEqual(text["Thumb::URI"], FileURI.of(path: file.path))
        XCTAssertEqual(text["Thumb::MTime"], String(info.st_mtim.tv_sec))
        XCTAssertEqual(text["Thumb::Size"], String(info.st_size))
        XCTAssertEqual(text["Thumb::Image::Width"], "451", "the upright size")
        XCTAssertEqual(text["Thumb::Image::Height"], "300")
        XCTAssertEqual(text["Software"], "photozoom 9.9")
        let picture = try ReferenceImage(contentsOf: thumbnail.path)
        XCTAssertEqual([picture.width, picture.height], [128, 85], "upright, within 128×128")
        let identify = try output(
            of: "/usr/bin/identify",
            ["-format", "%[png:IHDR.color_type] %[png:IHDR.bit_depth] %[png:IHDR.interlace_method]", thumbnail.path])
        XCTAssertEqual(identify, "6 (RGBA) 8 0 (Not interlaced)")
        let glib = try gioInfo(
            file, ["-a", "thumbnail::path,thumbnail::is-valid"], cacheHome: folder.appendingPathComponent("cache"))
        XCTAssertEqual(glib["thumbnail::path"], thumbnail.path)
        XCTAssertEqual(glib["thumbnail::is-valid"], "TRUE")

        guard let read = cache.read(file, size: .normal) else { return XCTFail("not read back") }
        XCTAssertEqual([read.pixels.width, read.pixels.height], [128, 85])
        XCTAssertEqual(read.originalSize, PixelBox(width: 451, height: 300))
        XCTAssertTrue(cache.holds(file, size: .normal))
        XCTAssertFalse(cache.holds(file, size: .large), "each size is its own")
        XCTAssertEqual(cache.keptThumbnails, 1)
        XCTAssertEqual(lines, [])
    }

    /// A photo smaller than the size is kept at its own size, not enlarged.
    func testASmallPhotoIsNotEnlarged() throws {
        let file = try photo("gravel.png", as: "gravel.png")  // 512×512
        let cache = cache()
        guard case .success(let made) = cache.make(file, size: .xxLarge) else { return XCTFail("no thumbnail made") }
        let picture = try ReferenceImage(contentsOf: cache.location(of: file, size: .xxLarge).path)
        XCTAssertEqual([picture.width, picture.height], [512, 512])
    }

    /// Changing the photo (its modification time) leaves its thumbnail stale, and a thumbnail
    /// naming another file is none of this one's, even under this one's name and with its time.
    func testAChangedPhotoOrAnotherFilesThumbnailIsNoThumbnail() throws {
        let file = try photo()
        let other = try photo("rocket.jpg", as: "other.jpg")
        let cache = cache()
        guard case .success(let image) = cache.make(file, size: .normal) else { return XCTFail("no thumbnail made") }
        XCTAssertTrue(cache.holds(file, size: .normal))
        var times = [timeval(tv_sec: 1_600_000_000, tv_usec: 0), timeval(tv_sec: 1_600_000_000, tv_usec: 0)]
        XCTAssertEqual(utimes(file.path, &times), 0)
        XCTAssertFalse(cache.holds(file, size: .normal), "touched: stale")
        XCTAssertNil(cache.read(file, size: .normal))

        // The other file's thumbnail, of the same time, under this file's name.
        XCTAssertEqual(utimes(other.path, &times), 0)
        guard case .success(let otherImage) = cache.make(other, size: .normal) else {
            return XCTFail("no thumbnail made")
        }
        try FileManager.default.removeItem(at: cache.location(of: file, size: .normal))
        try FileManager.default.copyItem(
            at: cache.location(of: other, size: .normal), to: cache.location(of: file, size: .normal))
        XCTAssertNil(cache.read(file, size: .normal), "it names another file")
        XCTAssertFalse(cache.holds(file, size: .normal))
        XCTAssertTrue(cache.holds(other, size: .normal))
    }

    /// A thumbnail must fit its size's square: a valid `large/` one (256 pixels, of this very
    /// file and time) copied into `normal/` (128) is none, or the grid's cells would get pixels
    /// four times what they asked for.
    func testALargeThumbnailInTheNormalFolderIsNoThumbnail() throws {
        let file = try photo()
        let cache = cache()
        guard case .success(let large) = cache.make(file, size: .large) else { return XCTFail("no thumbnail made") }
        XCTAssertEqual(large.pixels.width, 256)
        let normal = cache.location(of: file, size: .normal)
        try FileManager.default.createDirectory(
            at: normal.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: cache.location(of: file, size: .large), to: normal)
        XCTAssertFalse(cache.holds(file, size: .normal), "a 256-pixel thumbnail taken as a 128-pixel one")
        XCTAssertNil(cache.read(file, size: .normal))
        XCTAssertTrue(cache.holds(file, size: .large), "the same thumbnail in its own folder")
    }

    /// A thumbnail an older build of PhotoZoom wrote (before colours were managed and every
    /// orientation applied: no rendering number in its text) is no thumbnail and is made again,
    /// and so is an older build's failure record (before HEIC was read, say); another program's
    /// thumbnail, which carries no number either, is still taken.
    func testAnOlderBuildsEntryIsMadeAgainAndAnotherProgramsIsKept() throws {
        let file = try photo("chelsea-exif-rotated.jpg", as: "cat.jpg")
        let cache = cache()
        guard let original = OriginalFile(file), case .success(let old) = PixelBuffer.make(width: 85, height: 128)
        else { return XCTFail("no file or pixels") }
        // What a build before the rendering number wrote: sideways, and blue for this test.
        for at in stride(from: 0, to: old.count, by: 4) { (old.bytes + at).update(from: [0, 0, 255, 255], count: 4) }
        let text = { (software: String) in
            [
                PNGText(keyword: "Thumb::URI", text: original.uri),
                PNGText(keyword: "Thumb::MTime", text: String(original.modified)),
                PNGText(keyword: "Thumb::Size", text: String(original.bytes)),
                PNGText(keyword: "Software", text: software),
                PNGText(keyword: "Thumb::Image::Width", text: "300"),
                PNGText(keyword: "Thumb::Image::Height", text: "451"),
            ]
        }
        let location = cache.location(of: file, size: .normal)
        try FileManager.default.createDirectory(
            at: location.deletingLastPathComponent(), withIntermediateDirectories: true)
        try ThumbnailPNG.encode(old, text: text("photozoom 9.8")).write(to: location)
        XCTAssertFalse(cache.holds(file, size: .normal), "an older build's thumbnail taken as this one's")
        XCTAssertNil(cache.read(file, size: .normal))

        guard case .success = cache.make(file, size: .normal), let made = cache.read(file, size: .normal) else {
            return XCTFail("not made again")
        }
        XCTAssertEqual([made.pixels.width, made.pixels.height], [128, 85], "upright")
        XCTAssertNotEqual(Array(UnsafeBufferPointer(start: made.pixels.bytes, count: 4)), [0, 0, 255, 255])
        XCTAssertEqual(try pngText(location)["Software"], "photozoom 9.9")

        try ThumbnailPNG.encode(old, text: text("GNOME::ThumbnailFactory")).write(to: location)
        XCTAssertTrue(cache.holds(file, size: .normal), "another program's thumbnail is that program's to keep fresh")

        guard case .success(let pixel) = PixelBuffer.make(width: 1, height: 1) else { return XCTFail("no pixel") }
        try FileManager.default.createDirectory(at: cache.failFolder, withIntermediateDirectories: true)
        try ThumbnailPNG.encode(
            pixel, text: text("photozoom 9.9") + [PNGText(keyword: "Description", text: "not a photo")]
        ).write(to: cache.failLocation(of: original))
        XCTAssertNil(cache.recordedFailure(of: file), "an older build's failure, before it read what this one reads")
    }

    /// A photo that does not decode is recorded in this program's fail folder, as of its time,
    /// with the reason; a change to the file clears the record.
    func testAFailureIsRecordedUntilTheFileChanges() throws {
        let file = folder.appendingPathComponent("cut.jpg")
        let whole = try Data(contentsOf: URL(fileURLWithPath: PackagePaths.bundledPhotos + "/coffee.jpg"))
        // Cut before its image data: there is nothing of it to show.
        let scan = try XCTUnwrap(whole.firstRange(of: Data([0xFF, 0xDA]))).lowerBound
        try whole.prefix(scan + 2 + (Int(whole[scan + 2]) << 8 | Int(whole[scan + 3]))).write(to: file)
        let cache = cache()
        XCTAssertNil(cache.recordedFailure(of: file))
        guard case .failure(let error) = cache.make(file, size: .large) else {
            return XCTFail("a JPEG with no image data made a thumbnail")
        }
        XCTAssertEqual(error.description, "libjpeg-turbo: Premature end of JPEG file")
        XCTAssertEqual(cache.recordedFailure(of: file), "libjpeg-turbo: Premature end of JPEG file")
        let record = cache.failFolder.appendingPathComponent(FileURI.key(of: FileURI.of(path: file.path)) + ".png")
        XCTAssertEqual(cache.failFolder.lastPathComponent, "photozoom-9.9")
        XCTAssertEqual(try pngText(record)["Thumb::URI"], FileURI.of(path: file.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache.location(of: file, size: .large).path))

        var times = [timeval(tv_sec: 1_600_000_000, tv_usec: 0), timeval(tv_sec: 1_600_000_000, tv_usec: 0)]
        XCTAssertEqual(utimes(file.path, &times), 0)
        XCTAssertNil(cache.recordedFailure(of: file), "the file changed: try again")
    }

    /// A cache that cannot be written (here its folder is a file) costs nothing but the saving:
    /// every thumbnail is still handed back, the refusal is said once, and nothing is left behind.
    func testACacheThatCannotBeWrittenSaysSoOnceAndHandsThumbnailsBack() throws {
        let blocker = folder.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let cache = cache(root: blocker.appendingPathComponent("thumbnails"))
        for name in ["a.jpg", "b.jpg", "c.jpg"] {
            guard case .success(let image) = cache.make(try photo(as: name), size: .large) else {
                return XCTFail("\(name) not handed back")
            }
            XCTAssertEqual(image.pixels.width, 256)
        }
        XCTAssertEqual(cache.refusedWrites, 3)
        XCTAssertEqual(cache.keptThumbnails, 0)
        XCTAssertEqual(
            lines,
            [
                "photozoom: cannot keep thumbnails in '\(blocker.path)/thumbnails/large': Not a directory; they are made again each time"
            ])
        XCTAssertNil(cache.read(folder.appendingPathComponent("a.jpg"), size: .large))
    }

    /// After `stopWriting`, thumbnails are still made but none is written.
    func testNothingIsWrittenOnceWritingStopped() throws {
        let file = try photo()
        let cache = cache()
        cache.stopWriting()
        guard case .success(let image) = cache.make(file, size: .large) else { return XCTFail("not made") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache.root.path))
        XCTAssertEqual(lines, [])
    }

    /// A thumbnail made for a cell on screen is handed back at once and written afterwards, as
    /// the one made now is; a stop writes what waits before it returns (given the time: how
    /// long the window gives it is its own business).
    func testAThumbnailWrittenLaterIsInTheCacheAndAStopWritesWhatWaits() throws {
        let cache = cache(finishing: 600)
        let files = try ["coffee.jpg", "rocket.jpg", "flower.jpg", "coins.jpg"].map { try photo($0, as: $0) }
        for file in files {
            guard case .success(let image) = cache.make(file, size: .large, writingLater: true) else {
                return XCTFail("\(file.lastPathComponent) not made")
            }
        }
        cache.stopWriting()
        XCTAssertEqual(cache.keptThumbnails, files.count, "every thumbnail left for later written by the stop")
        for file in files {
            let kept = try XCTUnwrap(cache.read(file, size: .large), "\(file.lastPathComponent) is in the cache")
        }
        XCTAssertEqual(lines, [])
    }

    func testTheStandardRootFollowsXDGCacheHome() {
        XCTAssertEqual(
            ThumbnailCache.standardRoot(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]).path, "/c/thumbnails")
        XCTAssertEqual(
            ThumbnailCache.standardRoot(environment: ["XDG_CACHE_HOME": "", "HOME": "/h"]).path, "/h/.cache/thumbnails")
        XCTAssertEqual(
            ThumbnailCache.standardRoot(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]).path,
            "/h/.cache/thumbnails")
    }
}
