import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

/// The recorded input replayed under another tuning (B): the moments where B goes otherwise
/// than the recording (A, the defaults), each at its tick in words. A's moments in the
/// open-and-dismiss script: the tap opens photo 4 at tick 2, it lands in the pager at 99, the
/// drag picks it up at 153 and is let go at 172, and it lands in the grid at 235.
final class MomentComparisonTests: XCTestCase {
    static let photos = (0..<12).map { PhotoInfo(name: "p\($0).jpg", pixelSize: Size(width: 600, height: 400)) }

    typealias Script = (_ tick: ([InputEvent]) throws -> Void, _ world: World) throws -> Void

    /// `script`, recorded under the defaults, compared with its replay under `b`.
    func differences(_ b: Tuning, _ script: Script = RecordedScript.openAndDismiss) throws -> [MomentDifference] {
        let recording = try SessionRecording.read(try RecordedScript.record(photos: Self.photos, script))
        return MomentComparison.differences(recording, comparedWith: b)
    }

    func zoomIn(seconds: Double) throws -> Tuning {
        var tuning = Tuning()
        tuning.zoomInSpring = try .uikit(duration: seconds, dampingRatio: 0.8)
        return tuning
    }

    func testTheSameTuningDiffersNowhere() throws {
        XCTAssertEqual(try differences(Tuning()), [])
    }

    /// The default zoom-in takes 0.5 s; B's 0.6 s lands 18 ticks later, its 0.3 s 37 earlier.
    func testASlowerZoomInLandsLaterAndAFasterOneEarlier() throws {
        XCTAssertEqual(
            try differences(try zoomIn(seconds: 0.6)).map(\.label), ["tick 117 · landing in the pager 150 ms later"])
        XCTAssertEqual(
            try differences(try zoomIn(seconds: 0.3)).map(\.label), ["tick 62 · landing in the pager 308 ms earlier"])
    }

    /// B needs a drag projected 5000 points to dismiss: the release at tick 172 flies the photo
    /// back to the page. What follows (A landing in the grid, B in the pager) is its
    /// consequence, not said again.
    func testADismissalThatCancelsInsteadOfFinishing() throws {
        var b = Tuning()
        b.dismissFinishDistance = 5000
        XCTAssertEqual(try differences(b).map(\.label), ["tick 172 · dismissal cancels instead of finishing"])
    }

    /// After the cancel, Escape sends B's photo home too: both rest in the grid again, and the
    /// same script once more differs as the first time did.
    func testBothAtRestInOnePhaseAreComparedAfresh() throws {
        var b = try zoomIn(seconds: 0.6)
        b.dismissFinishDistance = 5000
        let found = try differences(b) { tick, world in
            try RecordedScript.openAndDismiss(tick, world)
            try tick([.key(.escape, modifiers: [])])
            for _ in 0..<100 { try tick([]) }
            try RecordedScript.openAndDismiss(tick, world)
        }
        XCTAssertEqual(
            found.map(\.label),
            [
                "tick 117 · landing in the pager 150 ms later", "tick 172 · dismissal cancels instead of finishing",
                "tick 540 · landing in the pager 150 ms later", "tick 595 · dismissal cancels instead of finishing",
            ])
    }

    /// A drag 30° off straight down picks the photo up in A (up to 45°) and not in B (up to
    /// 10°, so B pages); A's short, slow drag springs back, and both rest in the pager. The
    /// drag straight down that follows dismisses in both, on the same ticks.
    func testAPickUpOnlyOneSideMakesIsSaid() throws {
        var b = Tuning()
        b.dismissAngle = 10
        let found = try differences(b) { tick, world in
            let cell = world.grid.layout!.frame(of: 4).center
            try tick(RecordedScript.pointer(.down, cell))
            try tick(RecordedScript.pointer(.up, cell))
            for _ in 0..<150 { try tick([]) }
            try tick(RecordedScript.pointer(.down, Point(x: 195, y: 300)))
            for i in 1...20 {
                try tick(
                    RecordedScript.pointer(.moved, Point(x: 195 + 23 * Double(i) / 20, y: 300 + 40 * Double(i) / 20)))
            }
            for _ in 0..<30 { try tick(RecordedScript.pointer(.moved, Point(x: 218, y: 340))) }
            try tick(RecordedScript.pointer(.up, Point(x: 218, y: 340)))
            for _ in 0..<150 { try tick([]) }
            try tick(RecordedScript.pointer(.down, Point(x: 195, y: 300)))
            for i in 1...18 { try tick(RecordedScript.pointer(.moved, Point(x: 195, y: 300 + 260 * Double(i) / 18))) }
            try tick(RecordedScript.pointer(.up, Point(x: 195, y: 560)))
            for _ in 0..<150 { try tick([]) }
        }
        XCTAssertEqual(found.map(\.label), ["tick 157 · no pick-up by a drag"])
    }

    /// The session ends before one side lands.
    func testAMoveOnlyOneSideMadeByTheEndIsSaid() throws {
        func openFor(_ ticks: Int) -> Script {
            { tick, world in
                let cell = world.grid.layout!.frame(of: 4).center
                try tick(RecordedScript.pointer(.down, cell))
                try tick(RecordedScript.pointer(.up, cell))
                for _ in 2..<ticks { try tick([]) }
            }
        }
        XCTAssertEqual(
            try differences(try zoomIn(seconds: 0.3), openFor(80)).map(\.label),
            ["tick 62 · extra landing in the pager"])
        XCTAssertEqual(
            try differences(try zoomIn(seconds: 0.6), openFor(110)).map(\.label), ["tick 99 · no landing in the pager"])
    }
}
