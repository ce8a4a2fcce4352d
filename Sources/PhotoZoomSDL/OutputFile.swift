import Foundation

/// Why a file was not written. A usage error is about the path asked for (a folder, a file
/// that exists, an extension we cannot write), fixed by asking differently; otherwise the
/// system refused a step of the write (a missing or read-only folder, a full disk).
public struct OutputFileError: Error, CustomStringConvertible {
    public let description: String
    public let isUsage: Bool
}

/// Writes a file so that a failure costs the user nothing: the bytes go to a temporary file
/// beside the destination, every write, the sync and the close are checked, and only a
/// complete file is renamed into place. A full disk leaves the old file as it was (or no
/// file), never a truncated one.
public enum OutputFile {
    /// Refuses, before any work is done, a path that cannot become the file. `replaceFlag` is
    /// the option that would allow replacing it, as the refusal names it.
    public static func check(_ path: String, overwrite: Bool, replaceFlag: String = "--overwrite") throws {
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
        if !overwrite { throw usage("'\(path)' already exists; pass \(replaceFlag) to replace it") }
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
    static func create(_ path: String, overwrite: Bool, replaceFlag: String = "--overwrite", _ body: (Sink) throws -> Void) throws {
        try check(path, overwrite: overwrite, replaceFlag: replaceFlag)
        let name = (path as NSString).lastPathComponent, folder = (path as NSString).deletingLastPathComponent
        var template = Array(((folder.isEmpty ? "" : folder + "/") + ".\(name).XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw systemError("cannot write '\(path)'") }
        let temporary = String(cString: template)
        var published = false
        defer { if !published { unlink(temporary) } }
        // mkstemp makes the file for its owner alone; it gets what any new file would.
        let mask = umask(0)
        umask(mask)
        let sink = Sink(fd: fd)
        do {
            guard fchmod(fd, 0o666 & ~mask) == 0 else { throw systemError("cannot write '\(path)'") }
            try body(sink)
            if let failure = sink.failure { throw OutputFileError(description: "cannot write '\(path)': \(reason(failure))", isUsage: false) }
            // The data is on the disk before the name points at it.
            guard fsync(fd) == 0 else { throw systemError("cannot write '\(path)'") }
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw systemError("cannot write '\(path)'") }
        try publish(temporary, as: path, overwrite: overwrite, replaceFlag: replaceFlag)
        published = true
    }

    /// Gives the finished file its name. Without `overwrite` a hard link does, since it fails
    /// rather than replace a file that appeared meanwhile; a file system without hard links
    /// (FAT) gets a fresh check and a rename.
    private static func publish(_ temporary: String, as path: String, overwrite: Bool, replaceFlag: String) throws {
        if overwrite {
            guard rename(temporary, path) == 0 else { throw systemError("cannot write '\(path)'") }
            return
        }
        if link(temporary, path) == 0 {
            // The file is in place under its name; a leftover temporary name would only be clutter.
            unlink(temporary)
            return
        }
        if errno == EEXIST { throw usage("'\(path)' already exists; pass \(replaceFlag) to replace it") }
        try check(path, overwrite: false, replaceFlag: replaceFlag)
        guard rename(temporary, path) == 0 else { throw systemError("cannot write '\(path)'") }
    }

    /// Where the bytes go: straight to the file descriptor, each write checked, the first
    /// failure kept (later writes are dropped) so the error names what the system said.
    final class Sink {
        let fd: Int32
        private(set) var failure: Int32?

        init(fd: Int32) { self.fd = fd }

        /// False once any write has failed.
        @discardableResult
        func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
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

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    private static func systemError(_ what: String) -> OutputFileError {
        OutputFileError(description: "\(what): \(reason(errno))", isUsage: false)
    }

    private static func usage(_ message: String) -> OutputFileError { OutputFileError(description: message, isUsage: true) }
}
