import Foundation
import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomSDL

/// A folder's pictures streaming in while nothing moves are drawn a few times a second, not at
/// the sim's rate: each frame a software renderer draws is taken from the cores decoding them.
final class PictureFramesTests: XCTestCase {
    /// From the first frames on (drawn whatever the scene, as after a resize), frames drawn
    /// only for pictures arriving and fading in are a 30th of a second apart at least (33 ms,
    /// on the window's own clock, paced at 60); the last of them shows every cell in view.
    func testPicturesStreamingInAreDrawnAtMostThirtyTimesASecond() throws {
        let window = try HeadlessWindow(photos: 99, settled: false)
        var drawn: [UInt64] = []
        let deadline = Date().addingTimeInterval(HangGuard.seconds)
        while !window.isSettled {
            guard Date() < deadline else { return XCTFail("hang guard: the pictures never all came in") }
            // Each frame a little real time apart, so pictures arrive between frames.
            usleep(1_000)
            if window.frame() { drawn.append(window.now) }
        }
        let gaps = zip(drawn.dropFirst(3), drawn.dropFirst(4)).map { $1 - $0 }
        XCTAssertFalse(gaps.isEmpty, "frames were drawn as the pictures came: \(drawn.count)")
        XCTAssertGreaterThanOrEqual(
            gaps.min() ?? 0, 33_000_000,
            "frames drawn for pictures alone, ms apart: \(gaps.map { Double($0) / 1e6 })")
        XCTAssertTrue(window.sessions.showsEveryCellSharp)
    }
}
