import CLoader
import Foundation
import PhotoZoomLoaderInterface

/// The memory file a loader answers in: made by the window, sealed at its length before the
/// loader starts (`LoaderLaunch.arena`), so that a decoder taken over can put no more in memory
/// files than the window allowed, and kept from one request to the next: a fresh file's pages
/// are made and zeroed by the kernel as they are first written, a kept one's are there already.
/// Only as much of it as an answer needs is mapped; after a large answer the pages past
/// `keptBytes` go back to the system. The window reads each answer out of it before the loader
/// is handed its next request.
enum PixelArena {
    /// The pages kept after a large answer; those past it are given back.
    static let keptBytes = 16 << 20

    struct Mapped {
        let fd: Int32
        let base: UnsafeMutableRawPointer
        let length: Int
    }

    private static var fd: Int32 = -1
    /// The sealed length of the file.
    private static var capacity = 0
    private static var current: Mapped?

    /// Takes the memory file the window handed over; false (errno says why) if there is none,
    /// or it is not a file sealed against growing.
    static func open() -> Bool {
        guard fd < 0 else { return true }
        var info = stat()
        guard fstat(LoaderLaunch.arena, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            errno = EBADF
            return false
        }
        let seals = photozoom_seals(LoaderLaunch.arena)
        guard seals >= 0, seals & Int32(photozoom_seal_grow) != 0 else {
            errno = EPERM
            return false
        }
        fd = LoaderLaunch.arena
        capacity = Int(info.st_size)
        return true
    }

    /// The arena, mapped for at least `length` bytes; nil (errno says why) if it cannot be, or
    /// the file is shorter than that.
    static func holding(_ length: Int) -> Mapped? {
        let wanted = max(length, 1)
        if let current, current.length >= wanted { return current }
        guard open() else { return nil }
        guard wanted <= capacity else {
            errno = EFBIG
            return nil
        }
        if let current { munmap(current.base, current.length) }
        current = nil
        guard let base = mmap(nil, wanted, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), base != MAP_FAILED else {
            return nil
        }
        current = Mapped(fd: fd, base: base, length: wanted)
        return current
    }

    /// Gives back the pages of an arena grown large past `keptBytes`, once its answer is read.
    static func trim() {
        guard let held = current, held.length > keptBytes else { return }
        _ = photozoom_release_pages(held.base + keptBytes, held.length - keptBytes)
        munmap(held.base, held.length)
        current = nil
    }
}
