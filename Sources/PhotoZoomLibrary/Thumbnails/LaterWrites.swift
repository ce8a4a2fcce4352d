import CLoader
import Foundation
import PhotoZoomLoaderInterface

/// Thumbnails the window made for cells on screen, written to the cache afterwards by a thread
/// of its own at a lower priority than the loaders: encoding a PNG costs a fraction of what
/// decoding its photo did, on the cores the next cells' photos are decoded on, and the cache can
/// wait where the cells cannot. A full queue (`maximumBytes`) leaves the write to its caller.
public final class LaterWrites: @unchecked Sendable {
    /// The most pixel bytes waiting to be written.
    public static let maximumBytes = 32 << 20
    /// How much less the writer's claim on a core is than the window's (nice(1)'s scale): less
    /// than a loader's.
    public static let writerNiceness: Int32 = 10

    private struct Waiting {
        let image: ScaledImage
        let original: OriginalFile
        let size: ThumbnailSize
        var bytes: Int { image.pixels.count }
    }

    private let condition = NSCondition()
    private var waiting: [Waiting] = []
    private var bytes = 0
    private var writing = false
    private var started = false
    private var ended = false
    private let write: (ScaledImage, OriginalFile, ThumbnailSize) -> Void

    public init(write: @escaping (ScaledImage, OriginalFile, ThumbnailSize) -> Void) { self.write = write }

    /// Takes `image` to write later (its pixels are shared, never changed by either side);
    /// false (nothing taken) when the queue is full or ended.
    public func take(_ image: ScaledImage, of original: OriginalFile, size: ThumbnailSize) -> Bool {
        let length = image.pixels.count
        condition.lock()
        defer { condition.unlock() }
        guard !ended, bytes + length <= Self.maximumBytes else { return false }
        if !started {
            // Without its thread (the limit on processes reached), each write is its caller's.
            guard ProcessLimit.startThread({ self.serve() }) == 0 else { return false }
            started = true
        }
        waiting.append(Waiting(image: image, original: original, size: size))
        bytes += length
        condition.signal()
        return true
    }

    /// Writes what waits, for at most `seconds`, then lets go of the rest (made again at the
    /// next visit) and takes no more.
    public func finish(within seconds: Double) {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        while !waiting.isEmpty || writing, condition.wait(until: deadline) {}
        ended = true
        waiting.removeAll()
        bytes = 0
        condition.broadcast()
        condition.unlock()
    }

    private func serve() {
        _ = photozoom_lower_thread_priority(Self.writerNiceness)
        while true {
            condition.lock()
            while waiting.isEmpty && !ended { condition.wait() }
            guard !ended else {
                condition.unlock()
                return
            }
            let next = waiting.removeFirst()
            writing = true
            condition.unlock()
            write(next.image, next.original, next.size)
            condition.lock()
            writing = false
            bytes -= next.bytes
            condition.broadcast()
            condition.unlock()
        }
    }
}
