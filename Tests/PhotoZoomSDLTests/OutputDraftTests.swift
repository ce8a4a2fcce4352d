import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomLibrary
@testable import PhotoZoomSDL

/// An output file being written has no name until it is whole: a kill at any moment leaves
/// nothing beside the destination (issue 23, item 16: `.NAME.XXXXXX` stayed for good).
final class OutputDraftTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-draft-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() }

    func testADraftHasNoNameUntilItIsPublished() throws {
        let path = folder.appendingPathComponent("out.gif").path
        let draft = try OutputFile.Draft(path, overwrite: false)
        "GIF89a".utf8.withContiguousStorageIfAvailable { draft.sink.append(UnsafeRawBufferPointer($0)) }
        XCTAssertEqual(try entries(), [], "nothing in the folder while it is written")
        try draft.publish()
        XCTAssertEqual(try entries(), ["out.gif"])
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "GIF89a")
        // Replacing a file leaves only the file.
        try OutputFile.saveText("new", to: path, overwrite: true, replaceFlag: "--overwrite")
        XCTAssertEqual(try entries(), ["out.gif"])
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
        // And a file that appeared meanwhile is never replaced without asking.
        XCTAssertThrowsError(try OutputFile.saveText("other", to: path, overwrite: false, replaceFlag: "--overwrite"))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
    }

    /// Where the file system makes no anonymous files, a hidden draft is named beside the
    /// destination; one a killed writer left, untouched for ten minutes, goes at the next write
    /// of the same file, and nothing else does.
    func testStaleHiddenDraftsOfTheSameFileAreRemoved() throws {
        let path = folder.appendingPathComponent("out.png").path
        let stale = folder.appendingPathComponent(".out.png.a1B2c3")
        let fresh = folder.appendingPathComponent(".out.png.Zz9yX8")
        let other = folder.appendingPathComponent(".other.png.a1B2c3")
        let mine = folder.appendingPathComponent(".out.png.notours")
        for file in [stale, fresh, other, mine] { try Data("x".utf8).write(to: file) }
        let hourAgo = Date().addingTimeInterval(-3600)
        for file in [stale, other, mine] {
            try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: file.path)
        }
        OutputFile.removeStaleDrafts(of: path)
        XCTAssertEqual(try entries(), [".other.png.a1B2c3", ".out.png.Zz9yX8", ".out.png.notours"])
    }
}
