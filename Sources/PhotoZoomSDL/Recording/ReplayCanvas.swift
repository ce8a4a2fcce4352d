import CSDL2
import PhotoZoomCore
import PhotoZoomLibrary

/// Draws a replay's ticks headless, as the window drew them: each at the size the window had at
/// that tick (times `scale`), so a recorded resize shows in the frames, with every photo it
/// shows whole. The photos' textures belong to one renderer (and are kept for the ticks after),
/// so one canvas as large as the largest window of the session is drawn into, and the picture
/// is its top-left corner at the tick's size, where the window's content is anchored too.
public final class ReplayCanvas {
    private let canvas: HeadlessCanvas
    /// Optional only so that it goes first: its textures die with the canvas's renderer, and
    /// destroying them after it is a use after free.
    private var scene: OnDemandScene?
    /// The picture last drawn: a view of the canvas's pixels (RGBA32), made again when the
    /// window's size changes. Valid until the next `draw`.
    private(set) var picture: UnsafeMutablePointer<SDL_Surface>

    /// Two sessions side by side (`SplitLayout`): both are drawn in `canvas` in turn and copied
    /// here, each into its place under its label; nil for one.
    private let pair: UnsafeMutablePointer<SDL_Surface>?
    public let layout: SplitLayout
    /// Pixels of the picture per point of the window: less than 1 when every output is smaller
    /// than the window, so that drawing costs what the outputs hold, not what the window did.
    public let scale: Double
    /// Each session's label, laid out as the window lays it out: the first's, then the second's.
    private let labels: [[String]]
    /// The height of the strip each label has over its session's picture, in points and in pixels.
    private let stripPoints: Double
    private let strip: Int

    /// `log` hears of a photo that does not decode when a tick first shows it. `layout` draws
    /// two sessions (`draw(_:beside:)`), each under its label of `labels` (`SessionLabel`'s
    /// pieces), laid out across the narrowest window the recording has so that every frame
    /// has the same strip. `scale`: pixels of the picture per point of the window.
    public init(
        photos: PhotoLibrary, recording: SessionRecording, layout: SplitLayout = SplitLayout(.whole),
        labels: [[String]] = [], scale: Double = 1,
        log: @escaping (String) -> Void
    ) throws {
        self.scale = scale
        let largest = Self.largestWindow(of: recording)
        // Tall enough for the highest strip too, which is drawn here before it is copied.
        let tallest = max(largest.height, SessionLabel.height(lines: ComparedLabels.maximumLines))
        canvas = try HeadlessCanvas(
            size: Size(width: Self.pixels(largest.width, scale), height: Self.pixels(tallest, scale)))
        let text = TextRenderer(
            renderer: canvas.renderer, fontPath: PhotoFolder.assetPath("fonts/DejaVuSans.ttf"), log: log)
        // Broken into lines at the window's size, so that a smaller picture has the same lines.
        self.labels =
            layout.count == 1
            ? [] : SessionLabel.lines(labels, width: Self.narrowestWidth(of: recording), text: text, scale: 1)
        stripPoints = SessionLabel.height(lines: self.labels.first?.count ?? 0)
        strip = Int((stripPoints * scale).rounded())
        scene = OnDemandScene(renderer: canvas.renderer, library: photos, log: log)
        picture = try Self.view(of: canvas, width: 1, height: 1)
        self.layout = layout
        let both = layout.size(
            holding: Size(
                width: Self.pixels(largest.width, scale), height: Self.pixels(largest.height, scale) + Double(strip)))
        pair =
            layout.count == 1
            ? nil : try PictureScaler.surface(width: Int(both.width.rounded()), height: Int(both.height.rounded()))
    }

    /// The size in pixels of the picture of a window of `window` points: two sessions'
    /// windows, each under its label, for a pair.
    public func pictureSize(of window: Size) -> Size {
        let picture = Size(width: Self.pixels(window.width, scale), height: Self.pixels(window.height, scale))
        return layout.count == 1
            ? picture : layout.size(holding: Size(width: picture.width, height: picture.height + Double(strip)))
    }

    /// `points` at `scale` pixels a point, in whole pixels, at least one.
    private static func pixels(_ points: Double, _ scale: Double) -> Double { max(1, (points * scale).rounded()) }

    deinit {
        scene = nil
        SDL_FreeSurface(picture)
        if let pair { SDL_FreeSurface(pair) }
    }

    /// Draws `sim` and, beside it as the layout puts it, `other`, each under its label, into
    /// `picture`.
    public func draw(_ sim: Simulation, beside other: Simulation) throws {
        guard let pair else { return try draw(sim) }
        var width: Int32 = 0
        var height: Int32 = 0
        /// The pair's whole picture, for sessions of the size last drawn under their labels.
        func whole() -> Rect {
            Rect(
                origin: .zero,
                size: layout.size(holding: Size(width: Double(width), height: Double(height) + Double(strip))))
        }
        for (i, session) in [sim, other].enumerated() {
            try draw(session)
            (width, height) = (picture.pointee.w, picture.pointee.h)
            let at = layout.areas(in: whole())[i].origin
            let origin = (x: Int(at.x), y: Int(at.y))
            var place = SDL_Rect(x: Int32(origin.x), y: Int32(origin.y + strip), w: width, h: height)
            guard SDL_UpperBlit(picture, nil, pair, &place) == 0 else {
                throw SDLError("cannot copy the replay's picture")
            }
            guard strip > 0 else { continue }
            let across = Double(width) / scale
            scene?.draw(
                SessionLabel.items(labels[i], width: across), window: Size(width: across, height: stripPoints),
                scale: scale)
            SDL_RenderPresent(canvas.renderer)
            let label = try Self.view(of: canvas, width: Int(width), height: strip)
            defer { SDL_FreeSurface(label) }
            place = SDL_Rect(x: Int32(origin.x), y: Int32(origin.y), w: width, h: Int32(strip))
            guard SDL_UpperBlit(label, nil, pair, &place) == 0 else { throw SDLError("cannot copy the replay's label") }
        }
        let gap = layout.dividerArea(in: whole())!
        var divider = SDL_Rect(x: Int32(gap.minX), y: Int32(gap.minY), w: Int32(gap.width), h: Int32(gap.height))
        let c = SplitLayout.dividerColor
        SDL_FillRect(pair, &divider, SDL_MapRGBA(pair.pointee.format, c.r, c.g, c.b, 255))
        let both = whole().size
        guard
            let view = SDL_CreateRGBSurfaceWithFormatFrom(
                pair.pointee.pixels, Int32(both.width), Int32(both.height), 32, pair.pointee.pitch,
                SDL_PIXELFORMAT_RGBA32.rawValue)
        else {
            throw SDLError("cannot make a view of the replay's pair of pictures")
        }
        SDL_SetSurfaceBlendMode(view, SDL_BLENDMODE_NONE)
        SDL_FreeSurface(picture)
        picture = view
    }

    /// Draws `sim` as it stands into `picture`.
    public func draw(_ sim: Simulation) throws {
        // An empty window still gets a picture: one pixel of the background.
        let width = Int(Self.pixels(sim.world.viewport.width, scale))
        let height = Int(Self.pixels(sim.world.viewport.height, scale))
        guard width <= canvas.pixelWidth, height <= canvas.pixelHeight else {
            throw SDLError(
                message:
                    "tick \(sim.world.tick) has a \(width)x\(height) window, larger than any the recording's header and resizes hold"
            )
        }
        scene?.draw(sim.drawList(interpolation: 1), window: sim.world.viewport, scale: scale)
        SDL_RenderPresent(canvas.renderer)
        if Int(picture.pointee.w) != width || Int(picture.pointee.h) != height
            || picture.pointee.pixels != canvas.surface.pointee.pixels
        {
            let resized = try Self.view(of: canvas, width: width, height: height)
            SDL_FreeSurface(picture)
            picture = resized
        }
    }

    /// Writes the picture last drawn to `path` (a new file).
    public func save(to path: String) throws {
        try HeadlessCanvas.save(picture, to: path, overwrite: false, replaceFlag: nil)
    }

    /// The widest and the tallest the window is in `recording`: where it began and every resize.
    public static func largestWindow(of recording: SessionRecording) -> Size {
        var sizes = [recording.header.world.viewport]
        if let state = recording.header.state { sizes.append(state.viewport) }
        for entry in recording.ticks {
            for case .resize(let size) in entry.input ?? [] { sizes.append(size) }
        }
        return Size(width: max(1, sizes.map(\.width).max()!), height: max(1, sizes.map(\.height).max()!))
    }

    /// The narrowest the window is in `recording`, which a label must fit at every tick.
    static func narrowestWidth(of recording: SessionRecording) -> Double {
        var widths = [recording.header.world.viewport.width]
        if let state = recording.header.state { widths.append(state.viewport.width) }
        for entry in recording.ticks {
            for case .resize(let size) in entry.input ?? [] { widths.append(size.width) }
        }
        return max(1, widths.min()!)
    }

    /// The window size the session spent the most ticks in (the first of equals): a brief
    /// moment at another size does not decide the size of a whole GIF.
    public static func longestWindow(of recording: SessionRecording) -> Size {
        var current = recording.header.world.viewport
        var since = recording.header.state?.tick ?? 0
        var ticks: [Size: Int] = [:]
        var order: [Size] = []
        func spend(until tick: Int) {
            if ticks[current] == nil { order.append(current) }
            ticks[current, default: 0] += max(tick - since, 0)
            since = tick
        }
        for entry in recording.ticks {
            for case .resize(let size) in entry.input ?? [] {
                spend(until: entry.tick)
                current = size
            }
        }
        spend(until: recording.lastTick)
        let longest = order.max { ticks[$0, default: 0] < ticks[$1, default: 0] } ?? current
        return Size(width: max(1, longest.width), height: max(1, longest.height))
    }

    /// The top-left `width`×`height` of the canvas as a surface of its own that shares the pixels.
    private static func view(of canvas: HeadlessCanvas, width: Int, height: Int) throws -> UnsafeMutablePointer<
        SDL_Surface
    > {
        let surface = canvas.surface.pointee
        guard
            let view = SDL_CreateRGBSurfaceWithFormatFrom(
                surface.pixels, Int32(width), Int32(height), 32, surface.pitch,
                SDL_PIXELFORMAT_RGBA32.rawValue)
        else {
            throw SDLError("cannot make a \(width)x\(height) view of the replay's canvas")
        }
        // Copied out, never blended: the picture is opaque as drawn.
        SDL_SetSurfaceBlendMode(view, SDL_BLENDMODE_NONE)
        return view
    }
}
