import Foundation
import XCTest

@testable import PhotoZoomLoaderInterface

/// `ProcessLimit.room` starts threads to see there is room for them, then waits for the kernel
/// to let each go. That wait looked a thousand times at every thread, gone or not: some 33,000
/// failing `access` calls, about 140 ms, before a window's first screen.
final class ProcessLimitRoomTests: XCTestCase {
    func testAThreadLongGoneIsLookedAtOnce() {
        XCTAssertEqual(ProcessLimit.awaitRelease(of: "/proc/self/task/0"), 1)
    }

    func testAThreadStillListedIsWaitedForAtMostATenthOfASecond() {
        XCTAssertEqual(ProcessLimit.awaitRelease(of: "/proc/self/task/\(getpid())"), 1000)
    }

    func testRoomForThreadsIsFound() {
        XCTAssertEqual(ProcessLimit.room(for: 8), 0)
    }
}
