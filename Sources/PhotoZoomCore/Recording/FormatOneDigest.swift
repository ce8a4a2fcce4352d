/// Session format 1's digest. Until format 2 the world kept four of a tick's messages as state:
/// `gestures` after `pointers`, `grid.didRelayout` after `grid.viewportHeight`,
/// `viewer.pager.taps` after `viewer.pager.press`, and `viewer.transition.landed` after the
/// transition's other fields; every digest in a format-1 recording hashed them there. This is
/// that digest: the world walked as it is now, with the messages of the tick that made it put
/// back where format 1 held them, so a recording made before they left the state still verifies.
///
/// Each is what the state held at the end of that tick: the tick's gestures; its pager taps (a
/// photo opened from the grid started a pager without any); whether the grid jumped; and, on a
/// transition still there, `landed` false, since a flight that landed is gone by then.
extension StateDigest {
    init(formatOne world: World, messages: TickMessages, memo: DigestMemo?) {
        let digest = DigestSink(memo: memo, library: .ordered)
        let sink = FormatOneSink(into: digest, messages: messages)
        StateWalk.walk(world, into: sink)
        sink.finish()
        self.init(value: digest.hasher.hash)
    }
}

/// Hands a walk on to a digest, putting format 1's fields in before the entries that followed
/// them. Only the first three levels are looked at: every field it puts back is there.
private final class FormatOneSink: StateSink {
    private let digest: DigestSink
    private let messages: TickMessages
    /// The names of the fields open at depths 1 and 2 (`viewer`, then `pager`), nil for a list's element.
    private var outer: String?
    private var inner: String?
    /// `viewer.transition` is open: `landed` goes in when it closes.
    private var inTransition = false

    private static let gestures = IndexKey(name: "gestures"), didRelayout = IndexKey(name: "didRelayout")
    private static let taps = IndexKey(name: "taps"), landed = IndexKey(name: "landed")

    init(into digest: DigestSink, messages: TickMessages) {
        self.digest = digest
        self.messages = messages
    }

    /// After the last entry: a transition that ended the walk closes.
    func finish() { closeTransition() }

    /// Whatever format 1 held just before the entry at `depth` under `key`.
    private func before(_ depth: Int, _ key: CodingKey?) {
        guard depth <= 3 else { return }
        if depth <= 2 { closeTransition() }
        let name = key.flatMap { $0.intValue == nil ? $0.stringValue : nil }
        switch depth {
        case 1:
            if name == "grid" { try? StateWalk.encode(messages.gestures, depth: 1, key: Self.gestures, digest) }
            outer = name
            inner = nil
        case 2:
            if outer == "grid", name == "bottomInset" {
                digest.leaf(depth: 2, key: Self.didRelayout, .bool(messages.gridJumped))
            }
            inner = name
        case 3:
            if outer == "viewer", inner == "pager", name == "escapeWhenSettled" {
                try? StateWalk.encode(messages.pagerTaps, depth: 3, key: Self.taps, digest)
            }
        default:
            break
        }
    }

    private func closeTransition() {
        guard inTransition else { return }
        inTransition = false
        digest.leaf(depth: 3, key: Self.landed, .bool(messages.landed))
    }

    func open(depth: Int, key: CodingKey?, keyed: Bool) {
        before(depth, key)
        digest.open(depth: depth, key: key, keyed: keyed)
        if depth == 2, keyed, outer == "viewer", inner == "transition" { inTransition = true }
    }

    func leaf(depth: Int, key: CodingKey?, _ value: StateLeaf) {
        before(depth, key)
        digest.leaf(depth: depth, key: key, value)
    }

    func library(depth: Int, key: CodingKey?, _ photos: [PhotoInfo]) {
        before(depth, key)
        digest.library(depth: depth, key: key, photos)
    }

    func scene(depth: Int, key: CodingKey?, _ scene: Scene) {
        before(depth, key)
        digest.scene(depth: depth, key: key, scene)
    }

    func entity(depth: Int, key: CodingKey?, _ entity: Entity) {
        before(depth, key)
        digest.entity(depth: depth, key: key, entity)
    }

    func tuning(depth: Int, key: CodingKey?, _ tuning: Tuning) {
        before(depth, key)
        digest.tuning(depth: depth, key: key, tuning)
    }
}

/// The messages a whole state in a format-1 header held, read from where it held them: its
/// start digest covers them. A state without them (or with them damaged) reads as none.
struct FormatOneMessages: Decodable {
    let messages: TickMessages

    private struct Grid: Decodable { var didRelayout: Bool? }
    private struct Pager: Decodable { var taps: [PagerTap]? }
    private struct Transition: Decodable { var landed: Bool? }
    private struct Viewer: Decodable {
        var pager: Pager?
        var transition: Transition?
    }
    private struct State: Decodable {
        var gestures: [Gesture]?
        var grid: Grid?
        var viewer: Viewer?
    }
    private enum CodingKeys: String, CodingKey { case state }

    init(from decoder: Decoder) throws {
        let state = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(State.self, forKey: .state)
        var messages = TickMessages()
        messages.gestures = state?.gestures ?? []
        messages.gridJumped = state?.grid?.didRelayout ?? false
        messages.pagerTaps = state?.viewer?.pager?.taps ?? []
        messages.landed = state?.viewer?.transition?.landed ?? false
        self.messages = messages
    }
}
