import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// The moments a timeline marks and a contact sheet shows, read off committed sessions.
final class SessionMomentsTests: XCTestCase {
    func moments(_ name: String) throws -> [SessionMoment] {
        let url = SessionFixtureTests.folder.appendingPathComponent(name + ".jsonl")
        let recording = try SessionRecording.read(try String(contentsOf: url, encoding: .utf8))
        var moments = SessionMoments(recording)
        _ = SessionReplay.run(recording) { moments.observe($0) }
        return moments.all
    }

    func testDragDismissHasEachPressReleaseAndBothLandings() throws {
        let found = try moments("drag-dismiss")
        XCTAssertEqual(found.map(\.kind), [.press, .release, .landing, .press, .release, .landing])
        XCTAssertEqual(found.map(\.phase.name), ["grid", "presenting", "pager", "pager", "dismissing", "grid"])
        XCTAssertEqual(found.map(\.tick), found.map(\.tick).sorted())
        XCTAssertEqual(found[0].label, "tick 1 · press · grid")
    }

    func testResizeAndReloadAreMarked() throws {
        XCTAssertEqual(try moments("resize").filter { $0.kind == .resize }.count, 2)
        XCTAssertEqual(try moments("reload").filter { $0.kind == .tuningReload }.map(\.phase), [.presenting])
    }
}
