import Foundation

/// Why a file was not written. A usage error is about the path asked for (a folder, a file
/// that exists, an extension we cannot write), fixed by asking differently; otherwise the
/// system refused a step of the write (a missing or read-only folder, a full disk).
public struct OutputFileError: Error, CustomStringConvertible {
    public let description: String
    public let isUsage: Bool

    public init(description: String, isUsage: Bool) {
        self.description = description
        self.isUsage = isUsage
    }
}

/// Writes a file so that a failure costs the user nothing: the bytes go to a temporary file
/// beside the destination, every write, the sync and the close are checked, and only a
/// complete file is renamed into place. A full disk leaves the old file as it was (or no
/// file), never a truncated one.
public enum OutputFile {
    /// Refuses, before any work is done, a path that cannot become the file. `replaceFlag` is
    /// the option that would allow replacing it, as the refusal names it; nil when none does.
    public static func check(_ path: String, overwrite: Bool, replaceFlag: String? = "--overwrite") throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            // Nothing there yet: fine, unless the path can only name a folder.
            if path.hasSuffix("/") { throw usage("'\(path)' names a folder, not a file") }
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: throw usage("'\(path)' is a folder, not a file")
        // A device or a pipe cannot be replaced by renaming, and must not be.
        case S_IFREG: break
        default: throw usage("'\(path)' is not a regular file")
        }
        if !overwrite { throw alreadyExists(path, replaceFlag) }
    }

    /// Creates `path` (replacing it only if `overwrite`) holding `text` as UTF-8.
    public static func saveText(_ text: String, to path: String, overwrite: Bool, replaceFlag: String) throws {
        try create(path, overwrite: overwrite, replaceFlag: replaceFlag) { sink in
            var text = text
            // A failed write is kept by the sink, and `create` reports it.
            _ = text.withUTF8 { sink.append(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Creates `path` (replacing it only if `overwrite`) from what `body` writes to the sink.
    public static func create(
        _ path: String, overwrite: Bool, replaceFlag: String? = "--overwrite", _ body: (Sink) throws -> Void
    ) throws {
        let draft = try Draft(path, overwrite: overwrite, replaceFlag: replaceFlag)
        try body(draft.sink)
        try draft.publish()
    }

    /// A file being written over time (frame by frame, say), open from the start: an anonymous
    /// file in the destination's folder (O_TMPFILE), which has no name until `publish` links it
    /// in, so a kill at any moment leaves nothing behind; where the file system cannot, a hidden
    /// temporary file beside the destination (`.NAME.XXXXXX`), whose stale fellows a kill left
    /// are removed first. `publish` checks every write and names it; a draft dropped
    /// unpublished (an error on the way) leaves nothing behind.
    public final class Draft {
        public let path: String
        public let sink: Sink
        /// The hidden temporary file's path; nil for an anonymous file.
        private let temporary: String?
        private let overwrite: Bool
        private let replaceFlag: String?
        private var open = true
        private var published = false

        public init(_ path: String, overwrite: Bool, replaceFlag: String? = "--overwrite") throws {
            try check(path, overwrite: overwrite, replaceFlag: replaceFlag)
            self.path = path
            self.overwrite = overwrite
            self.replaceFlag = replaceFlag
            let folder = (path as NSString).deletingLastPathComponent
            if let anonymous = OutputFile.anonymousFile(in: folder.isEmpty ? "." : folder) {
                temporary = nil
                sink = Sink(fd: anonymous)
                return
            }
            OutputFile.removeStaleDrafts(of: path)
            var template = Array(OutputFile.draftPrefix(of: path).appending("XXXXXX").utf8CString)
            let fd = mkstemp(&template)
            guard fd >= 0 else { throw systemError("cannot write '\(path)'") }
            temporary = String(cString: template)
            sink = Sink(fd: fd)
            // mkstemp makes the file for its owner alone; it gets what any new file would.
            let mask = umask(0)
            umask(mask)
            guard fchmod(fd, 0o666 & ~mask) == 0 else { throw abandoned(systemError("cannot write '\(path)'")) }
        }

        deinit {
            if open { close(sink.fd) }
            if !published, let temporary { unlink(temporary) }
        }

        /// Checks every write, puts the data on the disk and then gives it its name.
        public func publish() throws {
            if let failure = sink.failure {
                throw abandoned(
                    OutputFileError(description: "cannot write '\(path)': \(reason(failure))", isUsage: false))
            }
            // The data is on the disk before the name points at it.
            guard fsync(sink.fd) == 0 else { throw abandoned(systemError("cannot write '\(path)'")) }
            if let temporary {
                open = false
                guard close(sink.fd) == 0 else { throw systemError("cannot write '\(path)'") }
                try OutputFile.publish(temporary, as: path, overwrite: overwrite, replaceFlag: replaceFlag)
            } else {
                defer {
                    close(sink.fd)
                    open = false
                }
                try OutputFile.publish(anonymous: sink.fd, as: path, overwrite: overwrite, replaceFlag: replaceFlag)
            }
            published = true
        }

        /// `error`, once the file is closed (deinit removes it).
        private func abandoned(_ error: OutputFileError) -> OutputFileError {
            if open { close(sink.fd) }
            open = false
            return error
        }
    }

    /// Linux's O_TMPFILE (with O_DIRECTORY, as the kernel wants it), which Glibc declares only
    /// under _GNU_SOURCE.
    private static let temporaryFileFlag: Int32 = 0o20200000

    /// A new file with no name in `folder`, open for writing, if the kernel and the file system
    /// make one and /proc can name it for `linkat`.
    private static func anonymousFile(in folder: String) -> Int32? {
        guard access("/proc/self/fd", F_OK) == 0 else { return nil }
        let fd = Glibc.open(folder, temporaryFileFlag | O_WRONLY | O_CLOEXEC, 0o666)
        return fd >= 0 ? fd : nil
    }

    /// The name a hidden draft of `path` starts with: `.NAME.`, beside it.
    public static func draftPrefix(of path: String) -> String {
        let name = (path as NSString).lastPathComponent
        let folder = (path as NSString).deletingLastPathComponent
        return (folder.isEmpty ? "" : folder + "/") + ".\(name)."
    }

    /// A hidden draft untouched this long was left by a writer that was killed.
    public static let staleDraftSeconds: TimeInterval = 600

    /// Removes hidden drafts of `path` (`.NAME.` and six characters, as mkstemp makes them)
    /// that no one has written to for `staleDraftSeconds`.
    public static func removeStaleDrafts(of path: String) {
        let prefix = draftPrefix(of: path)
        let folder = (prefix as NSString).deletingLastPathComponent
        let start = (prefix as NSString).lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else {
            return
        }
        for name in names where name.hasPrefix(start) && name.count == start.count + 6 {
            let draft = (folder.isEmpty ? "" : folder + "/") + name
            var info = stat()
            guard lstat(draft, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                Date().timeIntervalSince1970 - Double(info.st_mtim.tv_sec) > staleDraftSeconds
            else { continue }
            unlink(draft)
        }
    }

    /// Gives an anonymous file its name, through /proc: a hard link that fails rather than
    /// replace a file that appeared meanwhile, or, to replace one, a link under a hidden name
    /// renamed over it in one step.
    private static func publish(anonymous fd: Int32, as path: String, overwrite: Bool, replaceFlag: String?) throws {
        let source = "/proc/self/fd/\(fd)"
        if !overwrite {
            guard linkat(AT_FDCWD, source, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 else {
                if errno == EEXIST { throw alreadyExists(path, replaceFlag) }
                throw systemError("cannot write '\(path)'")
            }
            return
        }
        let side =
            draftPrefix(of: path) + String((0..<6).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789".randomElement()! })
        guard linkat(AT_FDCWD, source, AT_FDCWD, side, AT_SYMLINK_FOLLOW) == 0 else {
            throw systemError("cannot write '\(path)'")
        }
        guard rename(side, path) == 0 else {
            let failure = systemError("cannot write '\(path)'")
            unlink(side)
            throw failure
        }
    }

    /// Gives the finished file its name. Without `overwrite` a hard link does, since it fails
    /// rather than replace a file that appeared meanwhile; a file system without hard links
    /// (FAT) gets a fresh check and a rename.
    private static func publish(_ temporary: String, as path: String, overwrite: Bool, replaceFlag: String?) throws {
        if overwrite {
            guard rename(temporary, path) == 0 else { throw systemError("cannot write '\(path)'") }
            return
        }
        if link(temporary, path) == 0 {
            // The file is in place under its name; a leftover temporary name would only be clutter.
            unlink(temporary)
            return
        }
        if errno == EEXIST { throw alreadyExists(path, replaceFlag) }
        try check(path, overwrite: false, replaceFlag: replaceFlag)
        guard rename(temporary, path) == 0 else { throw systemError("cannot write '\(path)'") }
    }

    /// Where the bytes go: straight to the file descriptor, each write checked, the first
    /// failure kept (later writes are dropped) so the error names what the system said.
    public final class Sink {
        public let fd: Int32
        public private(set) var failure: Int32?

        public init(fd: Int32) { self.fd = fd }

        /// False once any write has failed.
        @discardableResult
        public func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
            var offset = 0
            while failure == nil, offset < bytes.count {
                // A write may take only part of the bytes, or be interrupted before any.
                let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n >= 0 {
                    offset += n
                } else if errno != EINTR {
                    failure = errno
                }
            }
            return failure == nil
        }
    }

    public static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    private static func systemError(_ what: String) -> OutputFileError {
        OutputFileError(description: "\(what): \(reason(errno))", isUsage: false)
    }

    private static func usage(_ message: String) -> OutputFileError {
        OutputFileError(description: message, isUsage: true)
    }

    private static func alreadyExists(_ path: String, _ replaceFlag: String?) -> OutputFileError {
        usage(
            replaceFlag.map { "'\(path)' already exists; pass \($0) to replace it" }
                ?? "'\(path)' already exists, and is never replaced")
    }
}
