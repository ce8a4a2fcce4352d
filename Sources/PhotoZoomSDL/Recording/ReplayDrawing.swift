import Foundation
import PhotoZoomCore
import PhotoZoomLibrary

/// One replay pass drawn into every output asked for: each tick's sim is drawn at most once,
/// and only when a PNG frame, a GIF frame or a contact-sheet moment (the recording's, or one
/// where the other tuning differs) falls on it.
final class ReplayDrawing {
    private let canvas: ReplayCanvas
    private let framesFolder: String?
    /// A PNG frame every this many ticks.
    private let every: Int
    private let movie: ReplayGif?
    private let sheet: ContactSheet?
    private var moments: SessionMoments
    /// The ticks where the other tuning's session goes otherwise, each a tile of the sheet.
    private let differing: Set<Int>
    private(set) var framesWritten = 0
    /// The ticks replayed, and the sim after the last.
    private(set) var ticks = 0
    private var last: Simulation?
    /// The session under the other tuning after the last tick, when two are drawn.
    private var lastOther: Simulation?

    /// A comparison in `outputs` draws the recorded session and the one under another tuning
    /// beside each other, each under its label; `differences` are where they part.
    init(
        _ recording: SessionRecording, outputs: HeadlessReplay, photos: PhotoLibrary, differences: [MomentDifference],
        log: @escaping (String) -> Void
    ) throws {
        let layout = outputs.compare == nil ? SplitLayout(.whole) : .pair(of: ReplayCanvas.longestWindow(of: recording))
        canvas = try ReplayCanvas(
            photos: photos, recording: recording, layout: layout, labels: outputs.compare?.labels ?? [],
            scale: Self.scale(outputs, recording: recording, layout: layout), log: log)
        framesFolder = outputs.frames
        every = max(1, Int((recording.header.loop.tickRate / Double(outputs.fps)).rounded()))
        let canvas = canvas
        movie = try outputs.gif.map {
            try ReplayGif(
                path: $0, fps: outputs.gifFPS, maximumWidth: outputs.gifWidth, recording: recording,
                pictureSize: canvas.pictureSize)
        }
        sheet = outputs.contactSheet.map { _ in
            ContactSheet(largestWindow: canvas.pictureSize(of: ReplayCanvas.largestWindow(of: recording)))
        }
        moments = SessionMoments(recording)
        differing = Set(differences.map(\.tick))
    }

    var lastTick: Int { last?.world.tick ?? 0 }

    /// Pixels per point of the window that `outputs` need the replay drawn at: the window's
    /// own for frames (less for a pair of windows larger than a canvas may be), and for a GIF
    /// or a sheet alone the largest half, quarter, eighth… that is still no smaller than they
    /// are. So a 16384-point window is drawn 512 pixels wide for a 480-pixel GIF, in time and
    /// memory as for a small window, while one less than twice as wide as the output is drawn
    /// at its size and scaled down as it always was.
    static func scale(_ outputs: HeadlessReplay, recording: SessionRecording, layout: SplitLayout) -> Double {
        var asked: [Double] = []
        if outputs.frames != nil {
            let largest = layout.size(holding: ReplayCanvas.largestWindow(of: recording))
            asked.append((Double(HeadlessCanvas.maximumPixels) / (largest.width * largest.height)).squareRoot())
        }
        if outputs.gif != nil {
            asked.append(
                Double(outputs.gifWidth) / layout.size(holding: ReplayCanvas.longestWindow(of: recording)).width)
        }
        if outputs.contactSheet != nil {
            let largest = layout.size(holding: ReplayCanvas.largestWindow(of: recording))
            asked.append(
                min(ContactSheet.tileBox.width / largest.width, ContactSheet.tileBox.height / largest.height))
        }
        let needed = min(1, asked.max() ?? 1)
        if outputs.frames != nil { return needed }
        var scale = 1.0
        while scale / 2 >= needed { scale /= 2 }
        return scale
    }

    /// Feeds every output the sim after a tick (and `other`, the same input under another
    /// tuning, beside it).
    func after(_ sim: Simulation, beside other: Simulation? = nil) throws {
        let tick = sim.world.tick
        var drawn = false
        func draw() throws -> ReplayCanvas {
            if !drawn {
                try paint(sim, other)
                drawn = true
            }
            return canvas
        }
        if let framesFolder, tick % every == 0 {
            framesWritten += 1
            try draw().save(to: String(format: "%@/frame-%06d.png", framesFolder, framesWritten))
        }
        if let movie, movie.wants(tick: tick) { try movie.add(try draw(), tick: tick) }
        if let sheet {
            if ticks == 0 {
                try sheet.start(try draw(), tick: tick, label: "tick \(tick) · start · \(sim.world.viewer.phase.name)")
            }
            let seen = moments.all.count
            moments.observe(sim)
            for moment in moments.all[seen...] { try sheet.add(try draw(), tick: tick, label: moment.label) }
            if differing.contains(tick) {
                try sheet.add(try draw(), tick: tick, label: "tick \(tick) · B differs", marked: true)
            }
        }
        ticks += 1
        last = sim
        lastOther = other
    }

    private func paint(_ sim: Simulation, _ other: Simulation?) throws {
        if let other { try canvas.draw(sim, beside: other) } else { try canvas.draw(sim) }
    }

    /// Ends the GIF with the last tick and names its file; nil when none was asked for.
    func finishGif() throws -> ReplayGif? {
        guard let movie, let last else { return nil }
        try paint(last, lastOther)
        try movie.finish(canvas, tick: last.world.tick)
        return movie
    }

    /// The contact sheet with the last tick as its end; nil when none was asked for.
    func endSheet() throws -> ContactSheet? {
        guard let sheet, let last else { return nil }
        try paint(last, lastOther)
        try sheet.end(
            canvas, tick: last.world.tick, label: "tick \(last.world.tick) · end · \(last.world.viewer.phase.name)")
        return sheet
    }
}
