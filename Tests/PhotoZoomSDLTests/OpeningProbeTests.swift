import Foundation
@testable import PhotoZoomCore
@testable import PhotoZoomSDL
import XCTest

/// Before the window opens, the headers read are those of the screenful the grid opens on: the
/// first photos, or the last for a library that opens at its end (in date order, as Photos).
final class OpeningProbeTests: XCTestCase {
    func testTheScreenfulTheGridOpensOnIsItsRowsInViewAndOneMore() {
        // 1280 points wide: 12 columns of 105 points with 2-point gaps; 800 tall shows 7.5 rows.
        XCTAssertEqual(PhotoStream.screenful(of: 10_000, viewport: Size(width: 1280, height: 800), tuning: Tuning()), 12 * 9)
        XCTAssertEqual(PhotoStream.screenful(of: 18, viewport: Size(width: 393, height: 852), tuning: Tuning()), 18, "all of a small library")
    }

    func testAGridOpeningAtItsEndHasItsLastPhotosProbed() throws {
        let folder = PhotoFolder.bundledFolder()
        let files = try PhotoFolder.imageFiles(in: folder, scan: PhotoFolder.Scan(), log: { XCTFail($0) })
        XCTAssertEqual(files.count, 18)
        let fromEnd = try PhotoStream.probeOpening(files, folder: folder, limits: LibraryLimits(), count: 5, seconds: 10, fromEnd: true,
                                                   log: { XCTFail($0) })
        XCTAssertEqual(fromEnd.count, 18, "one result a file")
        XCTAssertEqual(fromEnd.indices.filter { fromEnd[$0] != nil }, Array(13..<18))
        let fromStart = try PhotoStream.probeOpening(files, folder: folder, limits: LibraryLimits(), count: 5, seconds: 10, log: { XCTFail($0) })
        XCTAssertEqual(fromStart.indices.filter { fromStart[$0] != nil }, Array(0..<5))
        for case let .failure(error)? in fromEnd + fromStart { XCTFail("\(error)") }
    }
}
