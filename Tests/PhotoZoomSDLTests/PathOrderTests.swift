import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomLibrary
@testable import PhotoZoomSDL

/// Name order keyed once per path agrees with Foundation's numeric, case-insensitive compare,
/// names equal but for case by their bytes, on the names cameras, phones and people write.
final class PathOrderTests: XCTestCase {
    /// The order as it was written with Foundation, compared pair by pair.
    func foundationPrecedes(_ a: String, _ b: String) -> Bool {
        let left = a.split(separator: "/")
        let right = b.split(separator: "/")
        for (x, y) in zip(left, right) {
            switch x.compare(y, options: [.numeric, .caseInsensitive]) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: if x != y { return x < y }
            }
        }
        return left.count < right.count
    }

    func testKnownNamesSortAsAPersonExpects() {
        let names = [
            "img_10.jpg", "IMG_2.jpg", "IMG_0002.JPG", "img_2.jpg", "2019/IMG_1.jpg", "2019/b.jpg", "10/a.jpg",
            "2/a.jpg", "a-1.jpg", "a1.jpg", "A.jpg",
        ]
        let sorted = names.sorted { PathOrder($0) < PathOrder($1) }
        XCTAssertEqual(sorted, names.sorted(by: foundationPrecedes))
        XCTAssertEqual(
            sorted,
            [
                "2/a.jpg", "10/a.jpg", "2019/b.jpg", "2019/IMG_1.jpg", "a-1.jpg", "A.jpg", "a1.jpg", "IMG_0002.JPG",
                "IMG_2.jpg", "img_2.jpg", "img_10.jpg",
            ])
    }

    func testRandomNamesSortAsFoundationSortsThem() throws {
        var random = try SeededGenerator(fixedSeed: 0x0DE2)
        let alphabet = Array("aAbBzZ0123456789_-. ")
        func name() -> String {
            let parts = Int.random(in: 1...3, using: &random)
            return (0..<parts).map { _ in
                String((0..<Int.random(in: 1...8, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            }
            .joined(separator: "/")
        }
        for _ in 0..<200 {
            let names = (0..<30).map { _ in name() }
            XCTAssertEqual(
                names.sorted { PathOrder($0) < PathOrder($1) }, names.sorted(by: foundationPrecedes), "\(random)")
        }
    }
}
