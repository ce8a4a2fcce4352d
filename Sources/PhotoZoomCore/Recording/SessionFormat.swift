/// A recorded session, as JSON Lines: a header saying what the session ran on, then a line for
/// every tick that had input (and at least every `SessionRecorder.digestInterval` ticks), each
/// with the state's digest after that tick, now and then the whole state, and a footer on a
/// clean exit. Everything a replay needs to run the same ticks and check it did.
public struct SessionHeader: Codable, Equatable, Sendable {
    public static let formatName = "photozoom-session"
    /// Bumped when a file this build writes could not be read, or verified, by an older one;
    /// every older version still reads and verifies. Version 2 took four of a tick's messages
    /// out of the state (`TickMessages`), and out of its digests, which in version 1 held them
    /// (`FormatOneDigest`). Version 4's digests take the library as a sum of its photos' hashes
    /// (`LibrarySum`), where earlier ones hashed the whole list in order.
    public static let currentVersion = 4
    /// Two sessions compared side by side in one file (`run --compare --record`): version 4's
    /// lines, each of B's marked `"side": "B"`. Version 3 was the same of version 2.
    public static let comparedVersion = 5

    public var format: String
    public var version: Int
    /// The PhotoZoom that recorded it, and where.
    public var app: String
    public var platform: String
    public var loop: LoopSettings
    public var tuning: Tuning
    public var window: RecordedWindow
    public var photos: [RecordedPhoto]
    /// The state's digest where the recording starts: after tick 0, before any input (the same
    /// library and window lay out the same way), or the whole `state` it started from.
    public var start: String
    /// The whole state, for a recording started in the middle of a session (F5 in the window);
    /// nil for one that starts with the window.
    public var state: World?
    /// Where the grid opened, for a recording that starts with the window: `.end` for a library
    /// in date order. Absent, as in recordings made before it was, is the top.
    public var gridStart: GridStart?
    /// The folder the photos were shown from, as an absolute path, where `replay` looks for
    /// them first. Absent in recordings made before it was, and in headless ones.
    public var photosFolder: String?
    /// "A" or "B" in a recording of two sessions compared; nil in a recording of one.
    public var side: String?

    /// A header for a recording of `world` from where it is now; `midSession` keeps the whole
    /// state, for a recording that does not start at the first tick.
    public init(
        app: String, platform: String, world: World, pixelDensity: Double, contentHashes: [String?],
        midSession: Bool = false,
        photosFolder: String? = nil, side: String? = nil
    ) {
        self.photosFolder = photosFolder
        self.side = side
        format = Self.formatName
        version = side == nil ? Self.currentVersion : Self.comparedVersion
        self.app = app
        self.platform = platform
        loop = LoopSettings(tickRate: world.clock.rate)
        tuning = world.tuning
        window = RecordedWindow(width: world.viewport.width, height: world.viewport.height, pixelDensity: pixelDensity)
        photos = world.photos.enumerated().map { i, photo in
            RecordedPhoto(
                name: photo.name, width: photo.pixelSize.width, height: photo.pixelSize.height,
                placeholder: photo.isPlaceholder, contentHash: i < contentHashes.count ? contentHashes[i] : nil)
        }
        start = StateDigest(of: world).description
        state = midSession ? world : nil
        // Such a header is made after the first tick, whose layout put the grid where it opens.
        gridStart = !midSession && GridStart(openedAt: world.grid) == .end ? .end : nil
    }

    /// The world the session started from: the recorded photo sizes stand in for the photos,
    /// so a replay needs none of them.
    public var world: World {
        if let state { return state }
        return World(
            photos: library, viewport: Size(width: window.width, height: window.height), tuning: tuning, loop: loop,
            gridStart: gridStart ?? .top)
    }

    /// Format 1, whose digests held some of each tick's messages (a version before it is no
    /// file any build wrote, and is taken as 1).
    var isFormatOne: Bool { version < 2 }

    /// Formats 1 to 3, whose digests hashed the library's whole list in order.
    var digestsLibraryInOrder: Bool { version < 4 }

    /// The recorded photos as the sim knows them.
    var library: [PhotoInfo] {
        photos.map {
            PhotoInfo(name: $0.name, pixelSize: Size(width: $0.width, height: $0.height), isPlaceholder: $0.placeholder)
        }
    }
}

/// The window when recording began, in points, and its pixels per point.
public struct RecordedWindow: Codable, Equatable, Sendable {
    public var width: Double
    public var height: Double
    public var pixelDensity: Double
}

/// A photo as the sim knew it, and a hash of the file it came from.
public struct RecordedPhoto: Codable, Equatable, Sendable {
    public var name: String
    public var width: Double
    public var height: Double
    public var placeholder: Bool
    /// FNV-1a 64 of the file's bytes, 16 hex digits, or `head:` and that of its first 64 KiB and
    /// its size (what the window read of it); nil when the file could not be read, or had not
    /// been read yet when the recording began.
    public var contentHash: String?
}

/// One recorded tick: the input stamped for it, the digest of the state after it, and, now and
/// then, that whole state, so a replay that differs can say how.
public struct SessionTick: Codable, Equatable, Sendable {
    public var tick: Int
    public var input: [InputEvent]?
    public var digest: String
    /// B's line in a recording of two sessions compared.
    public var side: String?
    public var state: World? {
        get { box?.world }
        set { box = newValue.map(WorldBox.init) }
    }
    /// The state out of line: a world is kilobytes inline, and a tick without one took as much
    /// room as a tick with one (a file of short lines read to many times its size).
    private var box: WorldBox?

    private enum CodingKeys: String, CodingKey {
        case tick, input, digest, side
        case box = "state"
    }

    init(tick: Int, input: [InputEvent]?, digest: String, state: World? = nil, side: String? = nil) {
        self.tick = tick
        self.input = input
        self.digest = digest
        self.state = state
        self.side = side
    }
}

/// A world behind a reference, coded as the world itself.
private final class WorldBox: Codable, Equatable, Sendable {
    let world: World
    init(_ world: World) { self.world = world }
    init(from decoder: Decoder) throws { world = try World(from: decoder) }
    func encode(to encoder: Encoder) throws { try world.encode(to: encoder) }
    static func == (a: WorldBox, b: WorldBox) -> Bool { a.world == b.world }
}

/// The last line of a session that ended cleanly.
public struct SessionEnd: Codable, Equatable, Sendable {
    public var end: Int
    public var digest: String
    /// B's end in a recording of two sessions compared.
    public var side: String?
}
