import CSDL2
import Foundation
import PhotoZoomCore
import PhotoZoomLibrary

/// A folder opened the way the window opens it, drawn into a headless canvas: for a snapshot,
/// and for the benchmark, which times the window's own pipeline without a window.
public final class HeadlessLibrary {
    // Let go of in this order: the textures (the stream's and the scene renderer's stretched
    // copies) before the canvas whose renderer made them. A HeadlessLibrary let go of while
    // others lived (bench's third opening) freed its canvas first and crashed in SDL.
    private let renderer: SceneRenderer
    private let stream: WindowPhotoStream
    public let canvas: HeadlessCanvas
    private let scale: Double
    /// Every photo as the sim first knows it.
    public var initialInfos: [PhotoInfo] { stream.initialInfos }

    /// Lists `folder`, reads the first headers and decodes the first cells' previews, as the
    /// window does before its first frame; thumbnails go through a thumbnail cache at
    /// `thumbnailCache` when one is named.
    public init(
        folder: String, scan: PhotoFolder.Scan = PhotoFolder.Scan(), viewport: Size, scale: Double = 1,
        thumbnailCache: URL? = nil,
        limits: LibraryLimits = LibraryLimits(), log: @escaping (String) -> Void
    ) throws {
        let cache = thumbnailCache.map {
            ThumbnailCache(root: $0, program: "photozoom", version: "bench", limits: limits, log: log)
        }
        // As the window opens: the folder is read while the canvas is made.
        let reading = OpeningRead { _ in
            try FolderOpening.read(
                folder: folder, scan: scan, viewport: viewport, scale: scale, tuning: Tuning(), limits: limits,
                cache: cache, log: log)
        }
        do {
            canvas = try HeadlessCanvas(size: viewport, scale: scale, format: HeadlessCanvas.windowFormat)
        } catch {
            _ = try reading.take()
            throw error
        }
        let opening = try reading.take()
        self.scale = scale
        stream = PhotoStream(
            files: opening.files, opening: opening.probes, renderer: canvas.renderer, limits: limits,
            cache: cache, wake: WakeSignal(type: UInt32.max), log: log)
        stream.insertOpeningPictures(opening, scale: scale, now: Self.now())
        renderer = SceneRenderer(
            renderer: canvas.renderer, source: stream.textures, targetFormat: HeadlessCanvas.windowFormat)
    }

    /// Sizes found since the last call, as input for the next tick.
    public func collect() -> [InputEvent] { stream.collect(now: Self.now()).sizes }

    /// Tells the decoding threads what `world` shows; `moving`, as the window's loop says it.
    public func want(_ world: World, moving: Bool = false) { stream.want(world, scale: scale, moving: moving) }

    /// Draws `sim`'s scene as it is now, fading photos included.
    public func draw(_ sim: Simulation) {
        stream.textures.beginFrame(now: Self.now())
        renderer.draw(sim.drawList(interpolation: 1), scale: scale)
    }

    /// Draws `sim`'s scene with every photo that arrived shown whole, none still fading in.
    public func drawSettled(_ sim: Simulation) {
        stream.textures.beginFrame(now: .max)
        renderer.draw(sim.drawList(interpolation: 1), scale: scale)
    }

    /// Whether nothing is queued, running or waiting to be taken.
    public var isIdle: Bool { stream.outstanding == 0 }

    /// Whether every cell in the window shows a picture: its thumbnail or the preview its camera
    /// embedded (or a broken photo's placeholder).
    public func showsEveryCell(of world: World) -> Bool { stream.showsEveryCell(of: world) }

    /// Whether every cell in the window has pixels enough for it: its decoded thumbnail, or a
    /// preview as large as the cell (or is known broken).
    public func showsEveryCellSharp(of world: World) -> Bool { stream.showsEveryCellSharp(of: world, scale: scale) }

    /// How many cells the window shows.
    public func cellsInView(of world: World) -> Int { stream.visibleCells(world)?.count ?? 0 }

    /// The files the folder was listed as, in the grid's order.
    public var files: [URL] { stream.files }

    /// Whether decoding threads finished something since the last `collect`.
    public var hasArrivals: Bool { stream.hasArrivals }

    /// Sleeps a little, for decoding threads to finish something.
    public func waitForWork() { usleep(500) }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
