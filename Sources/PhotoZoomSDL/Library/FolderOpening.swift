import CSDL2
import Foundation
import PhotoZoomCore

/// What is read of a folder before its window opens, on the cores the window is not using to
/// open: the listing, the headers of the screen the grid opens on and the next, and the
/// pictures of the cells it opens on where their cameras embedded previews large enough. A
/// preview decoded here is decoded while the window is made rather than after it, from the
/// bytes its header read.
struct FolderOpening: Sendable {
    let files: [URL]
    /// One per file probed before the window opened, in order (nil for one not probed).
    let probes: [Result<PhotoProbe, SDLError>?]
    /// Pictures for the cells the grid opens on, by photo: each its camera's preview scaled to
    /// cover a cell of `previewCell` pixels, in `previewFormat`.
    let previews: [Int: DecodedPixels]
    let previewCell: Int

    /// The pixel format the previews are made in: the one SDL's renderers list first, so they
    /// become textures without a conversion (`PhotoStream` converts any that differ).
    static let previewFormat = SDL_PIXELFORMAT_ARGB8888.rawValue

    /// Lists `folder` and reads the opening's headers, then decodes the previews of the cells in
    /// a `viewport`-sized window at `scale` pixels a point (a window not made yet assumes 1;
    /// cells of another size have theirs decoded again by the workers).
    static func read(folder: String, scan: PhotoFolder.Scan, viewport: Size, scale: Double, tuning: Tuning, limits: LibraryLimits,
                     log: (String) -> Void) throws -> FolderOpening {
        let files = try PhotoFolder.imageFiles(in: folder, scan: scan, log: log)
        let count = PhotoStream.openingCount(of: files.count, viewport: viewport, tuning: tuning)
        var probes = try PhotoStream.probeOpening(files, folder: folder, limits: limits, count: count, fromEnd: scan.gridStart == .end, log: log)
        let layout = GridLayout(viewport: viewport, count: files.count, tuning: tuning)
        let cell = layout.cellSize * scale
        let screen = PhotoStream.screenful(of: files.count, viewport: viewport, tuning: tuning)
        let first = scan.gridStart == .end ? Array(files.indices.suffix(screen)) : Array(files.indices.prefix(screen))
        let wanted = first.compactMap { photo -> (photo: Int, probe: PhotoProbe)? in
            guard case let .success(probe)? = probes[photo], probe.preview != nil, PhotoWishes.covers(probe.previewSize, cell: cell) else { return nil }
            return (photo, probe)
        }
        let previewCell = Int(cell.rounded(.up))
        let decoded = DecodedList()
        DispatchQueue.concurrentPerform(iterations: wanted.count) { k in
            let job = wanted[k]
            if case let .success(pixels) = PhotoPixelDecoder.decode(files[job.photo], .preview(cell: previewCell), known: job.probe, cache: nil,
                                                                   textureFormat: previewFormat, limits: limits) {
                decoded.add(job.photo, pixels)
            }
        }
        // A preview that did not decode is left to the workers, which say why.
        let previews = decoded.pixels
        for photo in previews.keys {
            guard case .success(var probe)? = probes[photo] else { continue }
            probe.preview = nil
            probes[photo] = .success(probe)
        }
        return FolderOpening(files: files, probes: probes, previews: previews, previewCell: previewCell)
    }
}

/// The opening's previews as the threads decoding them hand them in.
private final class DecodedList: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int: DecodedPixels] = [:]

    func add(_ photo: Int, _ pixels: DecodedPixels) { lock.withLock { stored[photo] = pixels } }
    var pixels: [Int: DecodedPixels] { lock.withLock { stored } }
}
