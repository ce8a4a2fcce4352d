import CLoader
import Foundation

/// The memory file a loader answers in, kept from one request to the next: a fresh one's pages
/// are made and zeroed by the kernel as they are first written, a kept one's are there already. The window reads each answer out of it before the
/// loader is handed its next request.
enum PixelArena {
    /// An arena grown past this for one large page is let go after, not kept.
    static let keptBytes = 16 << 20

    struct Mapped {
        let fd: Int32
        let base: UnsafeMutableRawPointer
        let length: Int
    }

    private static var current: Mapped?

    /// The arena's length now: pixels said to start that far on lie past its end.
    static var length: Int { current?.length ?? 0 }

    /// The arena, at least `length` bytes long and mapped; nil (errno says why) if it cannot be.
    static func holding(_ length: Int) -> Mapped? {
        let wanted = max(length, 1)
        if let current, current.length >= wanted { return current }
        let fd = current?.fd ?? photozoom_memfd("photozoom-pixels")
        if let current { munmap(current.base, current.length) }
        current = nil
        guard fd >= 0, ftruncate(fd, off_t(wanted)) == 0,
            let base = mmap(nil, wanted, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), base != MAP_FAILED
        else {
            if fd >= 0 { close(fd) }
            return nil
        }
        current = Mapped(fd: fd, base: base, length: wanted)
        return current
    }

    /// Lets go of an arena grown large, once its answer is read.
    static func trim() {
        guard let held = current, held.length > keptBytes else { return }
        munmap(held.base, held.length)
        close(held.fd)
        current = nil
    }
}
