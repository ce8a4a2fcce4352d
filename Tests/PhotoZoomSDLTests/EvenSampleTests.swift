import XCTest

@testable import PhotoZoomSDL

/// What a contact sheet keeps of a session's moments: at most its limit, the first and the last
/// always, the rest spread evenly, whatever the number that comes.
final class EvenSampleTests: XCTestCase {
    func testFewerThanTheLimitAreAllKept() {
        var sample = EvenSample<Int>(limit: 22)
        (0..<7).forEach { sample.add($0) }
        XCTAssertEqual(sample.chosen, Array(0..<7))
        XCTAssertEqual(sample.leftOut, 0)
    }

    func testManyAreSpreadEvenlyWithTheFirstAndTheLast() {
        for count in [23, 45, 100, 1000, 12345] {
            var sample = EvenSample<Int>(limit: 22)
            (0..<count).forEach { sample.add($0) }
            let chosen = sample.chosen
            XCTAssertEqual(chosen.count, 22, "\(count)")
            XCTAssertEqual(chosen.first, 0, "\(count)")
            XCTAssertEqual(chosen.last, count - 1, "\(count)")
            XCTAssertEqual(sample.leftOut, count - 22)
            XCTAssertEqual(chosen, chosen.sorted(), "in order")
            // Evenly: no gap more than twice the even one (kept ones are every 2^k-th).
            let even = Double(count - 1) / 21
            let gaps = zip(chosen.dropFirst(), chosen).map { Double($0 - $1) }
            XCTAssertLessThanOrEqual(gaps.max()!, 2 * even + 1, "\(count): \(chosen)")
            XCTAssertGreaterThanOrEqual(gaps.min()!, 1, "\(count): no moment twice")
        }
    }
}
