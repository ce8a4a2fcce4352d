import CSDL2
import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomLibrary
@testable import PhotoZoomSDL

/// Before the window opens, the headers read are those of the screenful the grid opens on: the
/// first photos, or the last for a library that opens at its end (in date order, as Photos);
/// while it waits to open, its thread reads only pictures that come quickly.
final class OpeningProbeTests: XCTestCase {
    func testTheScreenfulTheGridOpensOnIsItsRowsInViewAndOneMore() {
        // 1280 points wide: 12 columns of 105 points with 2-point gaps; 800 tall shows 7.5 rows.
        XCTAssertEqual(
            FolderOpening.screenful(of: 10_000, viewport: Size(width: 1280, height: 800), tuning: Tuning()), 12 * 9)
        XCTAssertEqual(
            FolderOpening.screenful(of: 18, viewport: Size(width: 393, height: 852), tuning: Tuning()), 18,
            "all of a small library")
        // Read before the window opens: that screen and the next, which the workers want next.
        XCTAssertEqual(
            FolderOpening.openingCount(of: 10_000, viewport: Size(width: 1280, height: 800), tuning: Tuning()),
            2 * 12 * 9)
        XCTAssertEqual(
            FolderOpening.openingCount(of: 150, viewport: Size(width: 1280, height: 800), tuning: Tuning()), 150)
    }

    /// The previews decoded before the window opens are those of the cells its first frame
    /// shows, found as the sim finds them once it has laid the grid out: from its top, or from
    /// its last row above the tab bar.
    func testThePreviewsDecodedFirstAreTheCellsTheFirstFrameShows() {
        let viewport = Size(width: 1280, height: 800)
        // 7.5 rows of 105-point cells with 2-point gaps: 8 rows of 12 in view, the row below not.
        XCTAssertEqual(FolderOpening.cellsInView(of: 10_000, viewport: viewport, tuning: Tuning(), start: .top), 0..<96)
        // 863 tall: the tab bar's 50 points take the grid's top row at its end down into view.
        for (count, start, viewport) in [
            (10_000, GridStart.end, viewport), (10_000, .top, viewport), (1_003, .end, viewport), (40, .end, viewport),
            (40, .top, viewport), (0, .end, viewport), (10_000, .end, Size(width: 1280, height: 863)),
        ] {
            let world = Simulation(world: World(photos: photoInfos(count: count), viewport: viewport, gridStart: start))
                .world
            let shown =
                world.grid.layout.map {
                    PhotoWishes.rows($0, from: world.grid.offset, to: world.grid.offset + viewport.height)
                } ?? 0..<0
            XCTAssertEqual(
                FolderOpening.cellsInView(of: count, viewport: viewport, tuning: Tuning(), start: start), shown,
                "\(count) photos from the \(start) in \(viewport)")
        }
        XCTAssertEqual(
            FolderOpening.cellsInView(of: 1_003, viewport: viewport, tuning: Tuning(), start: .end).upperBound, 1_003)
    }

    func testAGridOpeningAtItsEndHasItsLastPhotosProbed() throws {
        let folder = PhotoFolder.bundledFolder()
        let files = try PhotoFolder.imageFiles(in: folder, scan: PhotoFolder.Scan(), log: { XCTFail($0) })
        XCTAssertEqual(files.count, 18)
        let fromEnd = try FolderOpening.probeOpening(
            files, folder: folder, limits: LibraryLimits(), count: 5, seconds: 10, fromEnd: true,
            log: { XCTFail($0) })
        XCTAssertEqual(fromEnd.count, 18, "one result a file")
        XCTAssertEqual(fromEnd.indices.filter { fromEnd[$0] != nil }, Array(13..<18))
        let fromStart = try FolderOpening.probeOpening(
            files, folder: folder, limits: LibraryLimits(), count: 5, seconds: 10, log: { XCTFail($0) })
        XCTAssertEqual(fromStart.indices.filter { fromStart[$0] != nil }, Array(0..<5))
        for case .failure(let error)? in fromEnd + fromStart { XCTFail("\(error)") }
    }

    /// The screens are read on every core; when none of them can be read (empty files), the files after them
    /// are read one at a time until one is, so a folder that has a photo is shown.
    func testPastAnOpeningOfBrokenFilesTheFirstPhotoIsFound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-opening-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for i in 1...8 { try Data().write(to: folder.appendingPathComponent("a\(i).jpg")) }
        try FileManager.default.copyItem(
            atPath: PhotoFolder.bundledFolder() + "/astronaut.jpg", toPath: folder.appendingPathComponent("z.jpg").path)
        try FileManager.default.copyItem(
            atPath: PhotoFolder.bundledFolder() + "/astronaut.jpg", toPath: folder.appendingPathComponent("zz.jpg").path
        )
        let files = try PhotoFolder.imageFiles(in: folder.path, scan: PhotoFolder.Scan(), log: { XCTFail($0) })
        let probes = try FolderOpening.probeOpening(
            files, folder: folder.path, limits: LibraryLimits(), count: 3, seconds: 10, log: { XCTFail($0) })
        XCTAssertEqual(
            probes.indices.filter { probes[$0] != nil }, Array(0..<9), "read up to the first photo, not past it")
        for probe in probes.prefix(8) {
            guard case .failure? = probe else { return XCTFail("\(String(describing: probe))") }
        }
        guard case .success? = probes[8] else { return XCTFail("\(String(describing: probes[8]))") }
    }

    /// The opening reads its headers without the content hash, half of a header's time; a
    /// recording or a report asking for the hashes gets the ones a whole probe makes.
    func testTheOpeningLeavesTheContentHashesUntilTheyAreAskedFor() throws {
        let folder = PhotoFolder.bundledFolder()
        let files = try PhotoFolder.imageFiles(in: folder, scan: PhotoFolder.Scan(), log: { XCTFail($0) })
        let opening = try FolderOpening.probeOpening(
            files, folder: folder, limits: LibraryLimits(), count: 5, seconds: 10, log: { XCTFail($0) })
        XCTAssertEqual(opening.prefix(5).map { try? $0?.get().contentHash }, Array(repeating: nil, count: 5))
        let canvas = try HeadlessCanvas(size: Size(width: 393, height: 852))
        let stream = PhotoStream(
            files: files, opening: opening, renderer: canvas.renderer, limits: LibraryLimits(), cache: nil, threads: 1,
            wake: WakeSignal(type: UInt32.max), log: { _ in })
        defer { stream.stop() }
        let whole = files.prefix(5).map { try? PhotoProbe.probe($0).get().contentHash }
        XCTAssertTrue(whole.allSatisfy { $0?.hasPrefix("head:") == true }, "\(whole)")
        XCTAssertEqual(Array(stream.contentHashes().prefix(5)), whole)
    }
}
