import Foundation
import PhotoZoomLibrary
import XCTest

/// A headless window's opening stamps each of its phases once, in the order they happen: the
/// folder's read on its thread, then the window's own up to its first sharp screen.
final class OpeningStampsTests: XCTestCase {
    func testAHeadlessOpeningStampsItsPhasesInOrder() throws {
        let window = try HeadlessWindow()
        XCTAssertTrue(window.sessions.showsEveryCellSharp)
        let stamps = window.sessions.stamps
        let phases = stamps.stamps.map(\.phase)
        // Shown at once: this window is made without a deadline to wait for its pictures.
        XCTAssertEqual(
            Set(phases),
            [
                .folderListed, .headersRead, .openingRead, .firstWishes, .shown, .firstPicture, .cellsInViewSharp,
                .firstFrame,
            ])
        XCTAssertEqual(phases.count, Set(phases).count, "a phase once: \(phases)")
        func order(_ earlier: OpeningStamps.Phase, _ later: OpeningStamps.Phase) {
            let first = try? XCTUnwrap(stamps[earlier]).nanoseconds
            let second = try? XCTUnwrap(stamps[later]).nanoseconds
            XCTAssertLessThanOrEqual(first ?? .max, second ?? 0, "\(earlier) before \(later): \(phases)")
        }
        order(.folderListed, .headersRead)
        order(.headersRead, .openingRead)
        order(.openingRead, .firstWishes)
        order(.firstWishes, .firstPicture)
        order(.firstPicture, .cellsInViewSharp)
        order(.shown, .firstFrame)
        // In the order they happened, the process's CPU time never going back.
        XCTAssertEqual(stamps.stamps.map(\.nanoseconds), stamps.stamps.map(\.nanoseconds).sorted())
        XCTAssertEqual(stamps.stamps.map(\.cpuNanoseconds), stamps.stamps.map(\.cpuNanoseconds).sorted())
    }
}
