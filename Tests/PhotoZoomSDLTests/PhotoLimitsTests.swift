import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomLibrary
@testable import PhotoZoomSDL

/// Files that claim more than a photo may be are refused by their stat or their header, before
/// any pixel is decoded: each becomes a placeholder with one line naming it and the limit, and
/// the photos beside them still decode.
final class PhotoLimitsTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// `photo` with the two big-endian 16- or 32-bit fields at `offset` set to 30000.
    func claimingHuge(_ name: String, from photo: String, at offset: (Data) -> Int, bytes: Int) throws -> URL {
        var data = try Data(contentsOf: PackagePaths.root.appendingPathComponent("assets/photos/" + photo))
        let at = offset(data)
        for field in 0..<2 {
            for i in 0..<bytes { data[at + field * bytes + i] = UInt8((30000 >> (8 * (bytes - 1 - i))) & 0xFF) }
        }
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    func testClaimsBeyondTheLimitsArePlaceholdersWithOneLineEach() throws {
        // SOF0's height and width follow its marker, length and precision; PNG's IHDR fields start at byte 16.
        let jpeg = try claimingHuge(
            "huge.jpg", from: "astronaut.jpg", at: { $0.firstRange(of: Data([0xFF, 0xC0]))!.lowerBound + 5 }, bytes: 2)
        let png = try claimingHuge("huge.png", from: "gravel.png", at: { _ in 16 }, bytes: 4)
        let big = folder.appendingPathComponent("big.jpg")
        FileManager.default.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        let folderNamedLikeAPhoto = folder.appendingPathComponent("folder.jpg")
        try FileManager.default.createDirectory(at: folderNamedLikeAPhoto, withIntermediateDirectories: true)
        let fifo = folder.appendingPathComponent("fifo.jpg")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        let dangling = folder.appendingPathComponent("dangling.jpg")
        try FileManager.default.createSymbolicLink(
            atPath: dangling.path, withDestinationPath: folder.appendingPathComponent("gone.jpg").path)
        let empty = folder.appendingPathComponent("empty.jpg")
        FileManager.default.createFile(atPath: empty.path, contents: Data())
        let good = PackagePaths.root.appendingPathComponent("assets/photos/coffee.jpg")

        var lines: [String] = []
        let photos = PhotoLibrary.load(
            files: [jpeg, png, big, folderNamedLikeAPhoto, fifo, dangling, empty, good], log: { lines.append($0) })
        XCTAssertEqual(photos.infos.map(\.isPlaceholder), [true, true, true, true, true, true, true, false])
        XCTAssertEqual(
            lines,
            [
                "photozoom: cannot decode \(jpeg.path) (its header claims 30000×30000 pixels, more than its \(try Data(contentsOf: jpeg).count) bytes could hold); showing a placeholder",
                // Deflate packs at most 1,032 bytes into one: no PNG of this size holds 30000² pixels.
                "photozoom: cannot decode \(png.path) (its header claims 30000×30000 pixels, more than its \(try Data(contentsOf: png).count) bytes could hold); showing a placeholder",
                "photozoom: cannot decode \(big.path) (it is 2048.0 MiB; a photo may be 256 MiB (library.maximumFileMiB)); showing a placeholder",
                "photozoom: cannot decode \(folderNamedLikeAPhoto.path) (it is a folder); showing a placeholder",
                "photozoom: cannot decode \(fifo.path) (it is a FIFO, not a file); showing a placeholder",
                "photozoom: cannot decode \(dangling.path) (no such file); showing a placeholder",
                "photozoom: cannot decode \(empty.path) (it is empty); showing a placeholder",
            ])
    }

    /// A photo's content hash comes from the bytes its probe read, the same as a replay reading
    /// the file again to match it gives: a recording names it without a second read of the library.
    func testEachPhotoCarriesItsFilesHash() throws {
        let files = try PhotoFolder.imageFiles(in: PhotoFolder.bundledFolder())
        let hashes = (files + [folder.appendingPathComponent("missing.jpg")]).map {
            try? PhotoProbe.probe($0).get().contentHash
        }
        XCTAssertEqual(hashes, files.map { ContentHash.matching("head:", file: $0.path) } + [nil])
        XCTAssertEqual(Set(hashes.compactMap { $0 }).count, files.count, "each photo its own")
    }
}
