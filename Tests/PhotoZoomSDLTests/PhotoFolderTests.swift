import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomLibrary
@testable import PhotoZoomSDL

/// Reading a library from real files: which files are photos, subfolders, hidden things,
/// links and loops, folders that cannot be read, and the two orders.
final class PhotoFolderTests: XCTestCase {
    func testAFlatScanListsThePhotoFormatsByNameNumbersAsNumbers() throws {
        let top = try temporaryFolder()
        let photos = [
            "photo10.jpg", "Photo2.JPG", "photo1.png", "a.jpe", "b.jfif", "c.gif", "d.bmp", "e.webp", "f.tif", "g.TIFF",
            "j.qoi", "k.tga", "l.pcx", "m.pnm", "n.ppm", "o.pgm", "p.pbm", "été.Jpeg", "two.dots.PnG", "q.heic",
            "r.HEIF",
            "s.hif", "t.avif", "h.jxl",
        ]
        let others = [
            "notes.txt", "icon.ico", "pointer.cur", "drawing.svg", "icon.xpm",
            "work.xcf", "amiga.lbm", "amiga.iff",
            "thumb.xv", "jpg", ".hidden.jpg", "ends.", "photo.jpg.txt", "wide.ｊｐｇ", "kelvin.\u{212A}",
            "long.jpegjpegjpeg",
        ]
        for name in photos + others { try write(top, name) }
        try write(top, "sub/inner.jpg")
        try FileManager.default.createDirectory(
            at: top.appendingPathComponent("folder.jpg"), withIntermediateDirectories: true)
        let files = try PhotoFolder.imageFiles(in: top.path, log: { XCTFail("a flat scan says nothing: \($0)") })
        XCTAssertEqual(
            files.map(\.relativePath),
            [
                "a.jpe", "b.jfif", "c.gif", "d.bmp", "e.webp", "f.tif", "folder.jpg", "g.TIFF", "h.jxl", "j.qoi",
                "k.tga",
                "l.pcx", "m.pnm", "n.ppm", "o.pgm", "p.pbm",
                "photo1.png", "Photo2.JPG", "photo10.jpg", "q.heic", "r.HEIF", "s.hif", "t.avif", "two.dots.PnG",
                "été.Jpeg",
            ],
            "a folder named like a photo is listed once, and becomes a placeholder")
        XCTAssertEqual(files.map(\.path), files.map { top.path + "/" + $0.relativePath })
    }

    /// A phone's Live Photo is a HEIC and a QuickTime movie of the same name: the photo is
    /// listed once, the movie not at all, in any case of its extension.
    func testALivePhotosMovieBesideItsHEICIsNotListed() throws {
        let top = try temporaryFolder()
        for name in ["IMG_0001.HEIC", "IMG_0001.MOV", "IMG_0002.heic", "IMG_0002.mov", "IMG_0003.JPG", "IMG_0003.MP4"] {
            try write(top, name)
        }
        let files = try PhotoFolder.imageFiles(in: top.path, log: { XCTFail("a flat scan says nothing: \($0)") })
        XCTAssertEqual(files.map(\.relativePath), ["IMG_0001.HEIC", "IMG_0002.heic", "IMG_0003.JPG"])
    }

    func testARecursiveScanNamesEachPhotoByItsPathAndSkipsHiddenThings() throws {
        let top = try temporaryFolder()
        for name in [
            "b.jpg", "a10.jpg", "a2.jpg", "notes.txt", ".hidden.jpg", ".thumbnails/t.jpg", "2019/IMG_0001.JPG",
            "2019/IMG_0002.JPG",
            "2020/IMG_0001.JPG", "2020/deep/x.png", "2020/.cache/y.jpg", "x.jpg/inner.jpg",
        ] {
            try write(top, name)
        }
        try FileManager.default.createSymbolicLink(
            atPath: top.appendingPathComponent("gone.jpg").path, withDestinationPath: "nowhere.jpg")
        try FileManager.default.createSymbolicLink(
            atPath: top.appendingPathComponent("gone-folder").path, withDestinationPath: "nowhere")
        let files = try PhotoFolder.imageFiles(
            in: top.path, scan: PhotoFolder.Scan(recursive: true), log: { XCTFail("unexpected: \($0)") })
        XCTAssertEqual(
            files.map(\.relativePath),
            [
                "2019/IMG_0001.JPG", "2019/IMG_0002.JPG", "2020/deep/x.png", "2020/IMG_0001.JPG",
                "a2.jpg", "a10.jpg", "b.jpg", "gone.jpg", "x.jpg/inner.jpg",
            ],
            "a folder named x.jpg is walked, not listed; a dangling link named like a photo becomes a placeholder")
        XCTAssertEqual(files[0].lastPathComponent, files[3].lastPathComponent, "two IMG_0001.JPG…")
        XCTAssertNotEqual(files[0].relativePath, files[3].relativePath, "…told apart by their folders")
        XCTAssertTrue(FileManager.default.fileExists(atPath: files[2].path))
    }

    /// Links are followed, into a folder elsewhere too, but each real folder is walked once:
    /// a link back to an ancestor, to the folder itself or to a folder already walked adds nothing.
    func testLinkLoopsEndAndAFolderLinkedTwiceIsListedOnce() throws {
        let top = try temporaryFolder()
        let elsewhere = try temporaryFolder()
        try write(top, "a/p.jpg")
        try write(elsewhere, "q.jpg")
        let links = ["a/back": "..", "a/here": ".", "z": "a", "card": elsewhere.path, "card2": elsewhere.path]
        for (link, target) in links {
            try FileManager.default.createSymbolicLink(
                atPath: top.appendingPathComponent(link).path, withDestinationPath: target)
        }
        let files = try PhotoFolder.imageFiles(
            in: top.path, scan: PhotoFolder.Scan(recursive: true), log: { XCTFail("unexpected: \($0)") })
        XCTAssertEqual(
            files.map(\.relativePath), ["a/p.jpg", "card/q.jpg"],
            "the first path in name order names a folder reached two ways")
        XCTAssertEqual(try Data(contentsOf: files[1]), try Data(contentsOf: elsewhere.appendingPathComponent("q.jpg")))
    }

    /// A subfolder the user may not read is left out with one line saying so, and the rest is
    /// shown; more than a few are counted in one more line.
    func testUnreadableSubfoldersAreALineEachAndTheRestIsShown() throws {
        guard getuid() != 0 else {
            throw XCTSkip(
                "root reads every folder whatever its permissions; CLITests checks this as nobody, through setpriv")
        }
        let top = try temporaryFolder()
        try write(top, "open/a.jpg")
        let locked = (1...7).map { "locked\($0)" }
        for name in locked {
            try write(top, name + "/b.jpg")
            try lock(top.appendingPathComponent(name))
        }
        var lines: [String] = []
        let files = try PhotoFolder.imageFiles(
            in: top.path, scan: PhotoFolder.Scan(recursive: true), log: { lines.append($0) })
        XCTAssertEqual(files.map(\.relativePath), ["open/a.jpg"])
        XCTAssertEqual(
            lines,
            locked.prefix(5).map {
                "photozoom: cannot read folder '\($0)' in photo folder '\(top.path)': Permission denied; its photos are left out"
            }
                + ["photozoom: and 2 more folders, likewise"])
    }

    /// Oldest first: the EXIF's date taken where there is one, else the file's time; photos of
    /// the same instant by name. A file that cannot be read at all comes first.
    func testDateOrderTakesTheEXIFDateElseTheFilesTime() throws {
        let top = try temporaryFolder()
        func photo(_ name: String, taken: String?, modified: String) throws {
            let file = top.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let entries: [ExifJPEG.Entry] = taken.map { [.taken($0), .offset("+00:00")] } ?? []
            try ExifJPEG.photo(entries).write(to: file)
            try FileManager.default.setAttributes([.modificationDate: try date(modified)], ofItemAtPath: file.path)
        }
        try photo("a.jpg", taken: "2020:06:01 12:00:00", modified: "2024-01-01T00:00:00Z")
        try photo("b.jpg", taken: nil, modified: "2019-01-01T00:00:00Z")
        try photo("c.png", taken: nil, modified: "2021-01-01T00:00:00Z")
        try photo("d.jpg", taken: "2018:01:01 00:00:00", modified: "2024-01-01T00:00:00Z")
        try photo("f10.jpg", taken: "2022:02:02 02:02:02", modified: "2024-01-01T00:00:00Z")
        try photo("f9.jpg", taken: "2022:02:02 02:02:02", modified: "2023-01-01T00:00:00Z")
        try photo("g.jpg", taken: "0000:00:00 00:00:00", modified: "2017-01-01T00:00:00Z")
        try photo("sub/h.jpg", taken: "2020:06:01 12:00:01", modified: "2016-01-01T00:00:00Z")
        try FileManager.default.createSymbolicLink(
            atPath: top.appendingPathComponent("zz.jpg").path, withDestinationPath: "nowhere.jpg")
        let scan = PhotoFolder.Scan(recursive: true, sort: .date)
        XCTAssertEqual(
            try PhotoFolder.imageFiles(in: top.path, scan: scan).map(\.relativePath),
            ["zz.jpg", "g.jpg", "d.jpg", "b.jpg", "a.jpg", "sub/h.jpg", "c.png", "f9.jpg", "f10.jpg"])
        XCTAssertEqual(scan.gridStart, .end, "a library in date order opens at its newest photo")
        XCTAssertEqual(PhotoFolder.Scan().gridStart, .top)
    }

    /// A replay finds a photo of a recursive library by its path in the folder.
    func testAReplayFindsPhotosInSubfoldersByTheirPath() throws {
        let top = try temporaryFolder()
        for name in ["2019/IMG_0001.JPG", "2020/IMG_0001.JPG"] {
            try ExifJPEG.photo([.taken(name.hasPrefix("2019") ? "2019:01:01 00:00:00" : "2020:01:01 00:00:00")]).write(
                to: top.appendingPathComponent(
                    name, isDirectory: false
                ).creatingFolder())
        }
        let recorded = ["2019/IMG_0001.JPG", "2020/IMG_0001.JPG", "2021/IMG_0001.JPG"].map { name in
            RecordedPhoto(
                name: name, width: 16, height: 8, placeholder: false,
                contentHash: ContentHash.of(file: top.appendingPathComponent(name).path))
        }
        var lines: [String] = []
        let photos = try ReplayPhotos.load(recorded, folder: top.path, log: { lines.append($0) })
        XCTAssertEqual(photos.infos.map(\.isPlaceholder), [false, false, true])
        XCTAssertEqual(
            lines,
            ["photozoom: 2021/IMG_0001.JPG is not in '\(top.path)'; replaying with a placeholder of its recorded size"])
    }

    // MARK: - Helpers

    /// A small file at `relative`, its folders made.
    private func write(_ top: URL, _ relative: String) throws {
        try Data("not looked at".utf8).write(to: top.appendingPathComponent(relative).creatingFolder())
    }

    private func lock(_ folder: URL) throws {
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: folder.path)
        addTeardownBlock {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        }
    }

    private func date(_ iso: String) throws -> Date { try XCTUnwrap(ISO8601DateFormatter().date(from: iso)) }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }
}

extension URL {
    /// This file's URL, once the folder it goes in exists.
    fileprivate func creatingFolder() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
