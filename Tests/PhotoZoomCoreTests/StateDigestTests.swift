import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

// Small values with the same scalars in different shapes: the digest must tell them apart.
private struct Leaf: Codable { var b: Int }
private struct Pair: Codable {
    var b: Int
    var c: Int
}
/// `a.b`, then `c` one level up.
private struct Shallow: Codable {
    var a: Leaf
    var c: Int
}
/// `a.b`, then `a.c`.
private struct Deep: Codable { var a: Pair }
private struct Empty: Codable {}
private struct Holder: Codable { var a: Empty? }
private struct NamedX: Codable { var x: Int }
private struct NamedY: Codable { var y: Int }

/// The digest is a fingerprint of a value's whole tree: where each scalar sits (its depth and
/// name), and what kind of thing it is, not only the scalars in order.
final class StateDigestTests: XCTestCase {
    /// The dismissal rule `direction` was `seed` until it was renamed; a world under it digests
    /// as it did then (the values printed by the build before the rename), walked and through a
    /// sim's remembered tuning alike, so recordings made with it still verify. Those recordings
    /// are in session format 1, whose digest held the tick's messages; format 2's digests of
    /// the same worlds follow, then format 4's, which sum the library.
    func testTheRenamedDismissalRuleDigestsAsBeforeItsRename() {
        let photos = (0..<5).map {
            PhotoInfo(name: "p\($0)", pixelSize: Size(width: 600, height: 400), isPlaceholder: false)
        }
        var tuning = Tuning()
        tuning.dismissRule = .direction
        let world = World(photos: photos, viewport: Size(width: 393, height: 852), tuning: tuning)
        let untuned = World(photos: photos, viewport: Size(width: 393, height: 852))
        XCTAssertEqual(
            StateDigest(formatOne: world, messages: TickMessages(), memo: nil).description, "939eb0cc49d67254")
        XCTAssertEqual(Simulation(world: world).formatOneDigest.description, "1b132e0753d25a71")
        XCTAssertEqual(
            StateDigest(formatOne: untuned, messages: TickMessages(), memo: nil).description, "d176c1d10654b1fe")

        XCTAssertEqual(StateDigest(of: world, memo: nil, library: .ordered).description, "b2af43c888cf7cdf")
        XCTAssertEqual(Simulation(world: world).formatTwoDigest.description, "38a108c1c8f574db")
        XCTAssertEqual(StateDigest(of: untuned, memo: nil, library: .ordered).description, "0e1e75e186377fed")

        XCTAssertEqual(StateDigest(of: world).description, "7dbdd30541e7e17d")
        XCTAssertEqual(Simulation(world: world).digest.description, "979d39f141c119b1")
    }

    func testTheDigestTellsAtWhichDepthAFieldSits() {
        // Same keys in the same order, `c` one level deeper in the second.
        XCTAssertNotEqual(StateDigest(of: Shallow(a: Leaf(b: 1), c: 2)), StateDigest(of: Deep(a: Pair(b: 1, c: 2))))
    }

    func testTheDigestTellsFieldsAndCasesApartByName() {
        XCTAssertNotEqual(StateDigest(of: NamedX(x: 1)), StateDigest(of: NamedY(y: 1)))
        // Phases without payload differ only by the name of their case.
        XCTAssertEqual(Set(ViewerPhase.all.map { StateDigest(of: $0) }).count, ViewerPhase.all.count)
        let p = Point(x: 10, y: 20)
        XCTAssertNotEqual(
            StateDigest(of: Gesture.pressed(pointer: 0, at: p)),
            StateDigest(of: Gesture.tapped(pointer: 0, at: p, clicks: nil)))
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
        let other = World(
            photos: photoInfos(count: 499) + [PhotoInfo(name: "p499", pixelSize: Size(width: 600, height: 401))],
            viewport: Size(width: 390, height: 700))
        XCTAssertNotEqual(
            Simulation(world: other).digest,
            Simulation(world: World(photos: photoInfos(count: 500), viewport: Size(width: 390, height: 700))).digest,
            "one photo's size differs")
    }
}

/// The digest's definition is the walk: every entry through `Encodable`, its tag, depth and
/// key text, FNV-1a over those bytes. The scene, the entities and the tuning are hashed by
/// other paths for speed (by hand, from a tape); each must give exactly the walk's bytes, or
/// every recorded session would stop verifying.
final class DigestDefinitionTests: XCTestCase {
    /// The digest as the walk defines it, with none of the faster paths.
    private final class WalkDigest: StateSink {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        /// The library hashed in order, as session formats 1 to 3 took it.
        let ordered: Bool
        init(ordered: Bool = false) { self.ordered = ordered }
        func byte(_ b: UInt8) { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        func word(_ w: UInt64) { for i in 0..<8 { byte(UInt8(truncatingIfNeeded: w >> UInt64(8 * i))) } }
        func text(_ s: String) {
            word(UInt64(s.utf8.count))
            s.utf8.forEach(byte)
        }
        func position(_ depth: Int, _ key: CodingKey?, _ tag: UInt8) {
            byte(tag)
            word(UInt64(depth))
            if let key { text(key.stringValue) }
        }

        func open(depth: Int, key: CodingKey?, keyed: Bool) { position(depth, key, keyed ? 1 : 2) }
        func leaf(depth: Int, key: CodingKey?, _ value: StateLeaf) {
            switch value {
            case .null: position(depth, key, 3)
            case .bool(let b):
                position(depth, key, 4)
                byte(b ? 1 : 0)
            case .int(let i):
                position(depth, key, 5)
                word(UInt64(bitPattern: i))
            case .uint(let u):
                position(depth, key, 6)
                word(u)
            case .double(let d):
                position(depth, key, 7)
                word(d.bitPattern)
            case .string(let s):
                position(depth, key, 8)
                text(s)
            }
        }
        /// The library is one entry holding its own digest: the whole list walked in order, or
        /// its count and the sum of each photo's walk at its index, mixed.
        func library(depth: Int, key: CodingKey?, _ photos: [PhotoInfo]) {
            position(depth, key, 9)
            guard !ordered else {
                let inner = WalkDigest()
                StateWalk.encodeElements(photos, depth: 0, key: nil, inner)
                return word(inner.hash)
            }
            var sum: UInt64 = 0
            for (i, photo) in photos.enumerated() {
                let inner = WalkDigest()
                try? StateWalk.encode(photo, depth: 1, key: IndexKey(index: i), inner)
                sum &+= LibrarySum.mix(inner.hash)
            }
            word(UInt64(photos.count))
            word(sum)
        }

        static func of<T: Encodable>(_ value: T, ordered: Bool = false) -> StateDigest {
            let sink = WalkDigest(ordered: ordered)
            StateWalk.walk(value, into: sink)
            return StateDigest(value: sink.hash)
        }
    }

    /// The library hashed by hand is the walk's library: names of every length and script,
    /// unread squares, placeholders, sizes of every kind of double.
    func testTheLibraryHashedDirectlyIsTheWalksLibrary() throws {
        var random = try SeededGenerator(fixedSeed: 0x11B_D16E)
        for count in [0, 1, 2, 17, 300] {
            let photos = (0..<count).map { i -> PhotoInfo in
                let name = String(
                    (0..<Int.random(in: 0...12, using: &random)).map { _ in "aZ09_-é😀/ .".randomElement(using: &random)!
                    })
                switch i % 4 {
                case 0: return .unread(name: name)
                case 1: return PhotoInfo(name: name, pixelSize: Size(width: 1, height: 1), isPlaceholder: true)
                case 2: return PhotoInfo(name: name, pixelSize: Size(width: -0.0, height: .greatestFiniteMagnitude))
                default:
                    return PhotoInfo(
                        name: name, pixelSize: Size(width: Double.random(in: 1...9000, using: &random), height: 3024))
                }
            }
            let walk = WalkDigest()
            StateWalk.encodeElements(photos, depth: 0, key: nil, walk)
            XCTAssertEqual(LibraryDigest(photos).digest, walk.hash, "\(count) photos, \(random)")
            let world = World(photos: photos, viewport: Size(width: 390, height: 700))
            XCTAssertEqual(StateDigest(of: world), WalkDigest.of(world), "summed: \(count) photos, \(random)")
        }
    }

    /// Every tick of sessions through every phase, every kind of sprite (photos, fills, chrome
    /// text), a reloaded tuning and a resize: the sim's digest, a fresh one and the walk's agree.
    func testEveryPathGivesTheWalksDigest() throws {
        var random = try SeededGenerator(fixedSeed: 0xD16E_57)
        var bouncy = Tuning()
        bouncy.zoomInSpring = .response(0.6, dampingRatio: 0.5)
        bouncy.cellGap = 5
        for round in 0..<4 {
            var input = ScriptedInput(
                photos: photoInfos(count: Int.random(in: 2...30, using: &random)),
                viewport: Size(width: 390, height: 700))
            func check(_ what: String) {
                let walked = WalkDigest.of(input.world)
                XCTAssertEqual(input.sim.digest, walked, "\(random), round \(round), tick \(input.world.tick): \(what)")
                XCTAssertEqual(
                    input.sim.formatTwoDigest, WalkDigest.of(input.world, ordered: true),
                    "in order: \(random), round \(round), tick \(input.world.tick): \(what)")
                XCTAssertEqual(
                    StateDigest(of: input.world), walked, "\(random), round \(round), tick \(input.world.tick): \(what)"
                )
            }
            check("the first frame")
            input.tapCell(Int.random(in: 0...1, using: &random))
            for _ in 0..<6 {
                input.tick()
                check("opening")
            }
            input.tick([.tuningReloaded(bouncy)])
            check("reloaded mid-flight")
            for _ in 0..<40 {
                input.tick()
                check("in the pager")
            }
            input.drag(from: Point(x: 195, y: 300), to: Point(x: 195, y: 500), ticks: 8, release: false)
            check("held")
            input.pointer(.up, Point(x: 195, y: 500))
            check("let go")
            input.tick([.resize(Size(width: 520, height: 640))])
            for _ in 0..<30 {
                input.tick()
                check("flying home")
            }
            input.drag(from: Point(x: 200, y: 500), to: Point(x: 200, y: 100), ticks: 6)
            check("scrolled")
        }
        var scene = Scene()
        let a = scene.spawn(
            Sprite(role: .tabBar, content: .fill(Color(r: 1, g: 2, b: 3, a: 4)), z: -3, visual: Visual(frame: .unit)))
        scene.spawn(
            Sprite(
                role: .page(slot: 2),
                content: .text("‹ Back\n", TextStyle(pointSize: 17, color: .white, leading: true)), z: 1,
                visual: Visual(frame: .zero)))
        scene.despawn(a)
        XCTAssertEqual(StateDigest(of: scene), WalkDigest.of(scene), "a free slot, a fill, a text")
    }

    /// Changing any number or flag anywhere in a state changes its digest: every leaf of a
    /// mid-flight state written as JSON, changed one at a time and read back.
    func testAChangeAnywhereChangesTheDigest() throws {
        var input = ScriptedInput(photos: photoInfos(count: 3), viewport: Size(width: 390, height: 700))
        input.tapCell(1)
        input.ticks(5)
        input.pointer(.down, Point(x: 10, y: 10))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(input.world), as: UTF8.self)
        let base = Simulation(resuming: try JSONDecoder().decode(World.self, from: Data(text.utf8))).digest
        XCTAssertEqual(base, input.sim.digest, "the state reads back as it was")
        let leaves = try NSRegularExpression(pattern: #"(?<=[:\[,])(-?[0-9][0-9.eE+-]*|true|false)"#)
        var changed = 0
        for match in leaves.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let range = Range(match.range, in: text)!
            let leaf = String(text[range])
            let other =
                leaf == "true"
                ? "false" : leaf == "false" ? "true" : Int(leaf).map { String($0 + 1) } ?? String(Double(leaf)! + 0.5)
            guard
                let world = try? JSONDecoder().decode(
                    World.self, from: Data(text.replacingCharacters(in: range, with: other).utf8))
            else { continue }
            changed += 1
            let path = text[..<range.lowerBound].suffix(60)
            XCTAssertNotEqual(Simulation(resuming: world).digest, base, "\(path)\(leaf) → \(other)")
        }
        XCTAssertGreaterThan(changed, 300, "the state's leaves")
    }
}
