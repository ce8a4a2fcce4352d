import CGif
import CSDL2
import Foundation
import PhotoZoomLibrary

/// An animated GIF that loops, written with giflib frame by frame as a replay runs, into a
/// temporary file that gets its name only when whole (an error on the way leaves nothing).
///
/// Only what changed since the frame before is encoded: the smallest rectangle holding every
/// changed pixel, drawn over the previous frame, which stays. A frame identical to the one
/// before adds its time to that one's delay, so a still stretch costs a few bytes and a session
/// a fraction of what every frame whole would. Each rectangle has its own 256-colour palette,
/// made from its pixels alone: one palette for all, made from the first frame (the only one
/// known when the file starts), was a little smaller but much further from the frames, having
/// no colours for what comes later.
final class GifWriter {
    /// A frame's delay is two bytes of hundredths of a second.
    static let maximumDelay = 65535

    let path: String
    let width: Int
    let height: Int
    /// The frames in the file, and the frames given (more when some were merged).
    private(set) var written = 0
    private(set) var given = 0

    private let draft: OutputFile.Draft
    private let output: Output
    private var gif: UnsafeMutablePointer<GifFileType>?
    /// The last frame given, RGBA rows without padding: what the next one is compared against.
    private var previous: [UInt8]
    /// The last frame, encoded and waiting for its delay to be known.
    private var pending: (left: Int, top: Int, image: IndexedImage, delay: Int)?

    /// Starts `path` (a new file) as a `width`×`height` GIF that loops forever.
    init(path: String, width: Int, height: Int) throws {
        self.path = path
        self.width = width
        self.height = height
        draft = try OutputFile.Draft(path, overwrite: false, replaceFlag: nil)
        output = Output(sink: draft.sink)
        previous = []
        var code: Int32 = 0
        gif = EGifOpen(
            Unmanaged.passUnretained(output).toOpaque(),
            { gif, bytes, count in
                Unmanaged<Output>.fromOpaque(gif!.pointee.UserData).takeUnretainedValue().append(bytes!, Int(count))
                return count
            }, &code)
        guard let gif else { throw failure(GifError("cannot start the GIF", code: code)) }
        EGifSetGifVersion(gif, true)
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil), "cannot write the GIF's header")
        // The NETSCAPE2.0 block: loop, and 0 times means forever.
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "cannot write the GIF's loop")
        try check(EGifPutExtensionBlock(gif, 11, Array("NETSCAPE2.0".utf8)), "cannot write the GIF's loop")
        try check(EGifPutExtensionBlock(gif, 3, [1, 0, 0]), "cannot write the GIF's loop")
        try check(EGifPutExtensionTrailer(gif), "cannot write the GIF's loop")
    }

    deinit {
        // Unfinished: giflib's memory goes; the draft removes the temporary file.
        if let gif { EGifCloseFile(gif, nil) }
    }

    /// Adds `frame` (RGBA32, `width`×`height`) to be shown for `delay` hundredths of a second.
    func add(_ frame: UnsafeMutablePointer<SDL_Surface>, delay: Int) throws {
        precondition(
            Int(frame.pointee.w) == width && Int(frame.pointee.h) == height, "a GIF's frames all have its size")
        given += 1
        let pixels = UnsafePointer(frame.pointee.pixels.assumingMemoryBound(to: UInt8.self))
        let pitch = Int(frame.pointee.pitch)
        guard let changed = changedRect(pixels, pitch: pitch) else {
            pending!.delay += delay
            return
        }
        try flush()
        let image: IndexedImage
        do {
            image = try GifQuantizer.quantize(
                pixels, pitch: pitch, x: changed.left, y: changed.top, width: changed.width, height: changed.height)
        } catch let error as GifError {
            throw failure(error)
        }
        pending = (changed.left, changed.top, image, delay)
        for row in changed.top..<(changed.top + changed.height) {
            previous.withUnsafeMutableBytes {
                _ = memcpy($0.baseAddress! + row * width * 4, pixels + row * pitch, width * 4)
            }
        }
    }

    /// Writes the last frame with `hold` more hundredths of a second and gives the file its name.
    func finish(hold: Int) throws {
        pending?.delay += hold
        try flush()
        var code: Int32 = 0
        let closed = EGifCloseFile(gif, &code)
        gif = nil
        guard closed == GIF_OK else { throw failure(GifError("cannot finish the GIF", code: code)) }
        output.flush()
        try draft.publish()
    }

    /// The bounds of the pixels that differ from `previous`; nil when none do. The whole frame
    /// the first time.
    private func changedRect(_ pixels: UnsafePointer<UInt8>, pitch: Int) -> (
        left: Int, top: Int, width: Int, height: Int
    )? {
        let rowBytes = width * 4
        if previous.isEmpty {
            previous = [UInt8](repeating: 0, count: rowBytes * height)
            return (0, 0, width, height)
        }
        return previous.withUnsafeBytes { old in
            let old = old.baseAddress!.assumingMemoryBound(to: UInt8.self)
            func differs(_ row: Int) -> Bool { memcmp(old + row * rowBytes, pixels + row * pitch, rowBytes) != 0 }
            guard let top = (0..<height).first(where: differs) else { return nil }
            let bottom = (top..<height).last(where: differs)!
            var left = width
            var right = -1
            for row in top...bottom {
                let a = UnsafeRawPointer(old + row * rowBytes).assumingMemoryBound(to: UInt32.self)
                let b = UnsafeRawPointer(pixels + row * pitch).assumingMemoryBound(to: UInt32.self)
                var x = 0
                while x < left, a[x] == b[x] { x += 1 }
                left = min(left, x)
                x = width - 1
                while x > right, a[x] == b[x] { x -= 1 }
                right = max(right, x)
            }
            return (left, top, right - left + 1, bottom - top + 1)
        }
    }

    /// Writes the pending frame, split into frames of the longest delay a GIF holds if need be.
    private func flush() throws {
        guard let frame = pending, let gif else { return }
        pending = nil
        var colors = frame.image.colors
        var indices = frame.image.indices
        try writeFrame(
            gif, left: frame.left, top: frame.top, width: frame.image.width, height: frame.image.height,
            colors: &colors, indices: &indices, delay: min(frame.delay, Self.maximumDelay))
        // A longer stillness goes on in one-pixel frames of the pixel already there.
        var left = frame.delay - Self.maximumDelay
        while left > 0 {
            var still = [GifColorType(Red: previous[0], Green: previous[1], Blue: previous[2]), GifColorType()]
            var index: [UInt8] = [0]
            try writeFrame(
                gif, left: 0, top: 0, width: 1, height: 1, colors: &still, indices: &index,
                delay: min(left, Self.maximumDelay))
            left -= Self.maximumDelay
        }
        // A full disk stops the replay here rather than at the end.
        if let failure = output.failure {
            throw OutputFileError(description: "cannot write '\(path)': \(OutputFile.reason(failure))", isUsage: false)
        }
    }

    private func writeFrame(
        _ gif: UnsafeMutablePointer<GifFileType>, left: Int, top: Int, width: Int, height: Int,
        colors: inout [GifColorType], indices: inout [UInt8], delay: Int
    ) throws {
        // Disposal "do not": the next frame's rectangle is drawn over this one.
        var control = GraphicsControlBlock(
            DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(delay),
            TransparentColor: NO_TRANSPARENT_COLOR)
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(
            EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes), "cannot write a frame's delay"
        )
        guard let map = GifMakeMapObject(Int32(colors.count), &colors) else {
            throw failure(GifError(message: "out of memory"))
        }
        defer { GifFreeMapObject(map) }
        try check(
            EGifPutImageDesc(gif, Int32(left), Int32(top), Int32(width), Int32(height), false, map),
            "cannot write a frame")
        try check(EGifPutLine(gif, &indices, Int32(indices.count)), "cannot write a frame")
        written += 1
    }

    /// giflib's `result`: its error, if any, with `what` failed. (It never sees a write fail:
    /// `Output` takes every byte and the sink keeps the system's reason.)
    private func check(_ result: Int32, _ what: String) throws {
        guard result != GIF_OK else { return }
        throw failure(GifError(what, code: gif?.pointee.Error ?? 0))
    }

    private func failure(_ error: GifError) -> OutputFileError {
        OutputFileError(description: "cannot write '\(path)': \(error.description)", isUsage: false)
    }

    /// Where giflib's bytes go: gathered into large writes, since giflib hands over a block of
    /// at most 255 bytes at a time.
    private final class Output {
        let sink: OutputFile.Sink
        private var buffer: [UInt8] = []
        var failure: Int32? { sink.failure }

        init(sink: OutputFile.Sink) {
            self.sink = sink
            buffer.reserveCapacity(Self.capacity)
        }

        static let capacity = 1 << 16

        func append(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
            buffer.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
            if buffer.count >= Self.capacity { flush() }
        }

        func flush() {
            buffer.withUnsafeBytes { _ = sink.append($0) }
            buffer.removeAll(keepingCapacity: true)
        }
    }
}
