/// A bug report's recording with the names it needs and no more: the photos its ticks showed
/// keep their names, every other photo of the library (a folder of thousands, subfolders never
/// opened) is left unnamed. A name moves nothing in the sim, but every digest holds the
/// library's names, so the unnamed recording is the same input replayed and recorded again,
/// with the digests of its own library: it replays exactly as the original did.
public enum SessionRedaction {
    /// What a redaction kept and the recording it made.
    public struct Redacted: Equatable, Sendable {
        /// The photos that keep their names, by index: each one shown at any tick.
        public var named: [Int]
        /// The recording's lines, with every other photo's name empty.
        public var text: String
    }

    /// `recording` with only the photos it shows named; nil where that would lose something a
    /// bug needs: a replay that differs from its recording (re-recording it would make the
    /// difference disappear), a damaged or cut-short file, one of another format, or two
    /// sessions compared.
    public static func redacting(_ recording: SessionRecording) throws -> Redacted? {
        guard recording.header.version == SessionHeader.currentVersion, recording.compared == nil,
            recording.stopped == nil, !recording.isDamaged
        else { return nil }
        var named = shown(SessionReplay.startingSim(recording).world)
        guard case .verified = SessionReplay.run(recording, each: { named.formUnion(shown($0.world)) }) else {
            return nil
        }
        var header = recording.header
        for i in header.photos.indices where !named.contains(i) {
            header.photos[i].name = ""
            header.photos[i].contentHash = nil
        }
        if var state = header.state {
            state.photos = unnamed(state.photos, keeping: named)
            header.state = state
        }
        var sim = SessionReplay.startingSim(SessionRecording(header: header, ticks: [], end: nil, stopped: nil))
        header.start = sim.digest.description
        var recorder = SessionRecorder()
        var text = try recorder.headerLine(header)
        var inputs: [Int: [InputEvent]] = [:]
        for entry in recording.ticks { if let input = entry.input { inputs[entry.tick] = input } }
        while sim.world.tick < recording.lastTick {
            let input = inputs[sim.world.tick + 1] ?? []
            sim.step(input)
            if let line = try recorder.line(after: sim, input: input) { text += line }
        }
        if recording.end != nil { text += try recorder.endLine(sim) }
        return Redacted(named: named.sorted(), text: text)
    }

    /// The photos `world` shows: a cell for each in the grid's view, and the pager's page with
    /// its neighbours while it is open.
    static func shown(_ world: World) -> Set<Int> {
        var photos = Set(world.cells.photos)
        if world.viewer.phase != .grid {
            let current = world.viewer.currentIndex
            photos.formUnion(max(current - 1, 0)..<min(current + 2, world.photos.count))
        }
        return photos
    }

    private static func unnamed(_ photos: [PhotoInfo], keeping named: Set<Int>) -> [PhotoInfo] {
        photos.enumerated().map { i, photo in
            named.contains(i)
                ? photo : PhotoInfo(name: "", pixelSize: photo.pixelSize, isPlaceholder: photo.isPlaceholder)
        }
    }
}
