import CLoader
import Foundation

/// The memory file a loader answers in: made once, before the system-call filter (which then
/// forbids making another), and kept from one request to the next: a fresh file's pages are made
/// and zeroed by the kernel as they are first written, a kept one's are there already. It grows
/// for a large answer and shrinks back after; its size is bounded by the loader's file-size
/// limit. The window reads each answer out of it before the loader is handed its next request.
enum PixelArena {
    /// An arena grown past this for one large page shrinks back to it after.
    static let keptBytes = 16 << 20

    struct Mapped {
        let fd: Int32
        let base: UnsafeMutableRawPointer
        let length: Int
    }

    private static var fd: Int32 = -1
    private static var current: Mapped?

    /// Makes the memory file; false (errno says why) if it cannot be.
    static func open() -> Bool {
        if fd < 0 { fd = photozoom_memfd("photozoom-pixels") }
        return fd >= 0
    }

    /// The arena, at least `length` bytes long and mapped; nil (errno says why) if it cannot be.
    static func holding(_ length: Int) -> Mapped? {
        let wanted = max(length, 1)
        if let current, current.length >= wanted { return current }
        guard open() else { return nil }
        if let current { munmap(current.base, current.length) }
        current = nil
        guard ftruncate(fd, off_t(wanted)) == 0,
            let base = mmap(nil, wanted, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), base != MAP_FAILED
        else { return nil }
        current = Mapped(fd: fd, base: base, length: wanted)
        return current
    }

    /// Shrinks an arena grown large back to `keptBytes`, once its answer is read.
    static func trim() {
        guard let held = current, held.length > keptBytes else { return }
        munmap(held.base, held.length)
        current = nil
        _ = ftruncate(fd, off_t(keptBytes))
    }
}
