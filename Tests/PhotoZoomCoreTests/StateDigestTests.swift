import PhotoZoomCore
import PhotoZoomTestSupport
import XCTest

// Small values with the same scalars in different shapes: the digest must tell them apart.
private struct Leaf: Codable { var b: Int }
private struct Pair: Codable { var b: Int; var c: Int }
/// `a.b`, then `c` one level up.
private struct Shallow: Codable { var a: Leaf; var c: Int }
/// `a.b`, then `a.c`.
private struct Deep: Codable { var a: Pair }
private struct Empty: Codable {}
private struct Holder: Codable { var a: Empty? }
private struct NamedX: Codable { var x: Int }
private struct NamedY: Codable { var y: Int }

/// The digest is a fingerprint of a value's whole tree: where each scalar sits (its depth and
/// name), and what kind of thing it is, not only the scalars in order.
final class StateDigestTests: XCTestCase {
    func testTheDigestTellsAtWhichDepthAFieldSits() {
        // Same keys in the same order, `c` one level deeper in the second.
        XCTAssertNotEqual(StateDigest(of: Shallow(a: Leaf(b: 1), c: 2)), StateDigest(of: Deep(a: Pair(b: 1, c: 2))))
    }

    func testTheDigestTellsFieldsAndCasesApartByName() {
        XCTAssertNotEqual(StateDigest(of: NamedX(x: 1)), StateDigest(of: NamedY(y: 1)))
        // Phases without payload differ only by the name of their case.
        XCTAssertEqual(Set(ViewerPhase.all.map { StateDigest(of: $0) }).count, ViewerPhase.all.count)
        let p = Point(x: 10, y: 20)
        XCTAssertNotEqual(StateDigest(of: Gesture.pressed(pointer: 0, at: p)), StateDigest(of: Gesture.tapped(pointer: 0, at: p, clicks: nil)))
    }

    func testTheDigestTellsKindsOfValueApart() {
        XCTAssertNotEqual(StateDigest(of: [Int]()), StateDigest(of: Empty()), "an empty list is not an empty struct")
        XCTAssertNotEqual(StateDigest(of: Holder(a: nil)), StateDigest(of: Holder(a: Empty())), "absent is not empty")
        XCTAssertNotEqual(StateDigest(of: Int64(1)), StateDigest(of: UInt64(1)), "a signed one is not an unsigned one")
    }
}

/// A sim digests its library once; its digest is still the digest of its whole state.
final class LibraryDigestTests: XCTestCase {
    func testTheRememberedLibraryGivesTheSameDigestAsWalkingIt() {
        var input = ScriptedInput(photos: photoInfos(count: 500), viewport: Size(width: 390, height: 700))
        input.tapCell(4)
        input.ticks(7)
        XCTAssertEqual(input.sim.digest, StateDigest(of: input.world))
        let other = World(photos: photoInfos(count: 499) + [PhotoInfo(name: "p499", pixelSize: Size(width: 600, height: 401))],
                          viewport: Size(width: 390, height: 700))
        XCTAssertNotEqual(Simulation(world: other).digest, Simulation(world: World(photos: photoInfos(count: 500), viewport: Size(width: 390, height: 700))).digest,
                          "one photo's size differs")
    }
}
