/// What a session file may hold: the numbers a window, a person and a tuning file can
/// produce. The reader refuses anything past them, so a replay of whatever it read runs in
/// time and memory in proportion to the file and never traps — a damaged or hand-made file
/// gets a line saying what is wrong instead.
enum SessionBounds {
    /// The recorder writes a line at least every `SessionRecorder.digestInterval` ticks, so a
    /// longer gap is no recording's, and its ticks would all run before the next check: a
    /// tick of 10¹⁸ is a replay that never ends.
    public static let maximumGap = SessionRecorder.digestInterval
    /// The latest tick a session may reach: some 290 years at 120 ticks a second. Every tick
    /// in a state stays this far from Int's limits, so no difference of two overflows.
    public static let maximumTick = 1 << 40
    /// A window's sides in points, as `--size` and the renderer allow.
    public static let windowSides = 1.0...16384.0
    /// A photo's sides in pixels: a failed decode is 1×1, and no decoder makes one a million
    /// pixels a side.
    public static let photoSides = 1.0...1_048_576.0
    /// Photos in the library: ten times the largest library the bench measures. In a recording
    /// made before version 4 a tick that brings a photo's size digests them all, so more would
    /// cost more than the file's size.
    public static let maximumPhotos = 1_000_000
    /// Pixels per point: 1, 2 or 3 on the displays there are.
    public static let pixelDensities = 0.25...16.0
    /// How far from the window's origin a pointer or a wheel may be, in points: a drag held
    /// past the window's edge on the largest desktops is far inside this.
    public static let maximumCoordinate = 1_000_000.0
    /// Wheel units in one event: a wheel gives one or a few, a trackpad flick some tens.
    public static let maximumWheel = 10_000.0
    /// Input events stamped for one tick: a fast mouse through a long stall stays far below.
    public static let maximumEventsPerTick = 1_000
    /// Pointers down at once: more fingers than the largest touch tables report, and the
    /// mouse. Each pointer down is looked up by every event after it.
    public static let maximumPointers = 64

    /// What is wrong with `header`, if anything; a header with a `state` is checked by
    /// `ResumedState` too.
    static func problem(in header: SessionHeader) -> String? {
        guard header.start.count == 16, header.start.allSatisfy(\.isHexDigit) else {
            return "its start digest is not 16 hex digits"
        }
        if let violation = tuningProblem(header.tuning, loop: header.loop) {
            return "its tuning is one no tuning file gives: \(violation)"
        }
        let window = header.window
        if let size = sizeProblem(Size(width: window.width, height: window.height)) { return "its window is \(size)" }
        guard pixelDensities.contains(window.pixelDensity) else {
            return
                "its window has \(window.pixelDensity) pixels per point; a display has \(pixelDensities.lowerBound) to \(pixelDensities.upperBound)"
        }
        guard header.photos.count <= maximumPhotos else {
            return "it names \(header.photos.count) photos; a library has at most \(maximumPhotos)"
        }
        for (i, photo) in header.photos.enumerated()
        where !photoSides.contains(photo.width) || !photoSides.contains(photo.height) {
            return
                "photo \(i) is \(photo.width)×\(photo.height) pixels; a photo is 1 to \(Int(photoSides.upperBound)) pixels a side"
        }
        if let folder = header.photosFolder,
            !folder.hasPrefix("/") || folder.utf8.count > 4096 || folder.utf8.contains(0)
        {
            return "its photos folder is no absolute path of at most 4096 bytes"
        }
        return nil
    }

    /// What is wrong with the input stamped for one tick, if anything. `down` holds the
    /// pointers down before the tick and comes back with those down after it.
    static func problem(in events: [InputEvent], loop: LoopSettings, down: inout Set<Int>) -> String? {
        guard events.count <= maximumEventsPerTick else {
            return "\(events.count) input events in one tick; a tick has at most \(maximumEventsPerTick)"
        }
        for event in events {
            switch event {
            case .pointer(let p):
                if let far = pointProblem(p.position) { return "a pointer \(far)" }
                switch p.phase {
                case .down: down.insert(p.id)
                case .up, .cancelled: down.remove(p.id)
                case .moved: break
                }
                if down.count > maximumPointers {
                    return "\(down.count) pointers down at once; a session has at most \(maximumPointers)"
                }
            case .wheel(let dx, let dy, let position, _):
                guard abs(dx) <= maximumWheel, abs(dy) <= maximumWheel else {
                    return "a wheel turned by \(dx), \(dy) units; one event turns at most \(Int(maximumWheel))"
                }
                if let far = pointProblem(position) { return "a wheel \(far)" }
            case .resize(let size):
                if let size = sizeProblem(size) { return "a resize to \(size)" }
            case .tuningReloaded(let tuning):
                if let violation = tuningProblem(tuning, loop: loop) {
                    return "a tuning reload no tuning file gives: \(violation)"
                }
            case .focusLost:
                down.removeAll()
            case .photoSize(let size):
                guard photoSides.contains(size.pixelSize.width), photoSides.contains(size.pixelSize.height) else {
                    return
                        "photo \(size.photo) arrived as \(size.pixelSize.width)×\(size.pixelSize.height) pixels; a photo is 1 to \(Int(photoSides.upperBound)) pixels a side"
                }
            case .key, .developer:
                break
            }
        }
        return nil
    }

    /// The first number of `tuning` (and the loop it runs on) that a tuning file refuses.
    private static func tuningProblem(_ tuning: Tuning, loop: LoopSettings) -> String? {
        var file = TuningFile()
        file.tuning = tuning
        file.loop = loop
        return TuningFile.violations(in: file).first
    }

    private static func sizeProblem(_ size: Size) -> String? {
        guard windowSides.contains(size.width), windowSides.contains(size.height) else {
            return "\(size.width)×\(size.height) points; a window is 1 to \(Int(windowSides.upperBound)) points a side"
        }
        return nil
    }

    private static func pointProblem(_ p: Point) -> String? {
        guard abs(p.x) <= maximumCoordinate, abs(p.y) <= maximumCoordinate else {
            return "at \(p.x), \(p.y), more than \(Int(maximumCoordinate)) points from the window"
        }
        return nil
    }
}
