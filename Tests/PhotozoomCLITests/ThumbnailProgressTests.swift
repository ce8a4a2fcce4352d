import XCTest

@testable import photozoom

/// The progress line of `photozoom thumbnails`: its pace and time left come from the photos a
/// loader decoded, not from those already in the cache, which take no time.
final class ThumbnailProgressTests: XCTestCase {
    /// Issue 23, item 14: with 199 of 500 already made, the line said "about 2 s left" from 260
    /// to 395 and the run took 4.5 s more.
    func testThePaceAndTheTimeLeftAreThoseOfThePhotosDecoded() {
        // 260 done in 1 s: 199 were already there, 61 decoded.
        XCTAssertEqual(
            ThumbnailProgress.status(done: 260, decoded: 61, total: 500, seconds: 1),
            "photozoom: 260/500 photos, 61.0 photos/s, about 4 s left")
        // Nothing decoded yet: no pace to promise.
        XCTAssertEqual(
            ThumbnailProgress.status(done: 199, decoded: 0, total: 500, seconds: 1), "photozoom: 199/500 photos")
        XCTAssertEqual(
            ThumbnailProgress.status(done: 10, decoded: 10, total: 500, seconds: 0.2), "photozoom: 10/500 photos")
        XCTAssertEqual(
            ThumbnailProgress.status(done: 500, decoded: 301, total: 500, seconds: 5),
            "photozoom: 500/500 photos, 60.2 photos/s")
    }
}
