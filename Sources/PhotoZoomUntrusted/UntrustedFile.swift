import Foundation

/// One file from outside — a photo, a thumbnail in the shared cache, a tuning file, a
/// recording — opened once and read only through its descriptor. The checks are made on what
/// was opened (`fstat` on the descriptor), never on the path again, so a file swapped between
/// the listing and the read is either refused or read as the one that was checked. A FIFO or a
/// device is opened without blocking and refused by its type; nothing larger than the caller's
/// cap is read.
public final class UntrustedFile {
    public let path: String
    public let descriptor: Int32
    /// The size the descriptor had when it was opened.
    public let bytes: Int
    /// Seconds since the epoch, as the thumbnail standard keys a file.
    public let modified: Int

    /// How a link at the path itself is taken: a photo a person linked into a folder is theirs
    /// to show; a thumbnail cache entry that is a link is someone else's doing.
    public enum Links {
        case follow, refuse
    }

    private init(path: String, descriptor: Int32, bytes: Int, modified: Int) {
        self.path = path
        self.descriptor = descriptor
        self.bytes = bytes
        self.modified = modified
    }

    deinit { close(descriptor) }

    /// Opens `path` if it is a regular file of at least one byte and at most `maximumBytes`;
    /// `limitName` is the setting that raises the cap, named in the refusal.
    public static func open(_ path: String, maximumBytes: Int, limitName: String? = nil, links: Links = .follow)
        -> Result<UntrustedFile, DecodeFailure>
    {
        var flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY
        if links == .refuse { flags |= O_NOFOLLOW }
        let fd = PathBytes.withCString(path) { Glibc.open($0, flags) }
        guard fd >= 0 else {
            return .failure(.unreadable(errno == ELOOP && links == .refuse ? "it is a link" : reason(errno)))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let error = errno
            close(fd)
            return .failure(.unreadable(reason(error)))
        }
        let refusal: DecodeFailure?
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            if info.st_size <= 0 {
                refusal = .refused("it is empty")
            } else if info.st_size > maximumBytes {
                let size = String(format: "%.1f MiB", Double(info.st_size) / 1_048_576)
                let cap = String(format: "%g MiB", Double(maximumBytes) / 1_048_576)
                let why =
                    "it is \(size); " + (limitName.map { "a photo may be \(cap) (\($0))" } ?? "at most \(cap) is read")
                refusal = limitName == nil ? .refused(why) : .overLimits(why)
            } else {
                refusal = nil
            }
        case S_IFDIR: refusal = .refused("it is a folder")
        case S_IFIFO: refusal = .refused("it is a FIFO, not a file")
        case S_IFCHR, S_IFBLK: refusal = .refused("it is a device, not a file")
        case S_IFSOCK: refusal = .refused("it is a socket, not a file")
        default: refusal = .refused("it is not a file")
        }
        if let refusal {
            close(fd)
            return .failure(refusal)
        }
        // Reads of a regular file never block; the flag is dropped so a read is never short for it.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return .success(
            UntrustedFile(path: path, descriptor: fd, bytes: Int(info.st_size), modified: Int(info.st_mtim.tv_sec)))
    }

    /// Why a file could not be opened, as the end of `cannot read 'x': …` or of `(…)` after a
    /// photo's name: `no such file`, `permission denied`.
    private static func reason(_ error: Int32) -> String {
        guard error != ENOENT else { return "no such file" }
        let text = String(cString: strerror(error))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// The whole of the regular file at `path`, if it has at most `maximumBytes`: a recording or
    /// any other file a command is named, read once through the descriptor that was checked.
    public static func contents(of path: String, maximumBytes: Int) -> Result<Data, DecodeFailure> {
        open(path, maximumBytes: maximumBytes).flatMap { $0.readAll() }
    }

    /// Up to `count` bytes from `offset`, fewer where the file ends (or shrank since it was opened).
    public func read(at offset: Int, count: Int) -> Data {
        let wanted = max(0, min(count, bytes - offset))
        guard wanted > 0 else { return Data() }
        var data = Data(count: wanted)
        var got = 0
        data.withUnsafeMutableBytes { raw in
            while got < wanted {
                let n = pread(descriptor, raw.baseAddress! + got, wanted - got, off_t(offset + got))
                if n > 0 {
                    got += n
                } else if n == 0 || errno != EINTR {
                    break
                }
            }
        }
        data.count = got
        return data
    }

    /// The whole file as it was sized when opened: a file that grew since is read to that size.
    public func readAll() -> Result<Data, DecodeFailure> {
        let data = read(at: 0, count: bytes)
        guard data.count == bytes else { return .failure(.unreadable("it changed while it was read")) }
        return .success(data)
    }
}
