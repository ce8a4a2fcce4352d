import Foundation
import PhotoZoomCore
import PhotoZoomUntrusted

/// Why a photo folder cannot be shown; each names the folder so the message stands alone.
public enum PhotoFolderError: Error, CustomStringConvertible {
    case missing(String)
    case notAFolder(String)
    /// The folder cannot be listed; `reason` is the system's ("Permission denied").
    case unreadable(String, reason: String)
    case noImages(String)
    /// Every file failed to decode; `files` counts them, `first` is the first one's reason.
    case noneReadable(String, files: Int, first: String)

    public var description: String {
        switch self {
        case .missing(let path): return "photo folder '\(path)' does not exist"
        case .notAFolder(let path): return "'\(path)' is not a folder of photos"
        case .unreadable(let path, let reason): return "cannot read photo folder '\(path)': \(reason)"
        case .noImages(let path):
            return "photo folder '\(path)' has no images (looked for \(PhotoFolder.extensionsList))"
        case .noneReadable(let path, let files, let first):
            let count = files == 1 ? "its one file" : "all \(LibraryProgress.grouped(files)) of its files"
            return "photo folder '\(path)' has no readable images: \(count) failed to decode (\(first))"
        }
    }
}

/// The image files of a folder, in the order people expect: by name, numbers compared as
/// numbers (photo2 before photo10) and case ignored, or by the date each was taken.
public enum PhotoFolder {
    /// How a folder is read.
    public struct Scan: Equatable, Sendable {
        /// Its subfolders too (see `FolderWalk`), each photo named by its path in the folder.
        public var recursive: Bool
        public var sort: Sort

        public init(recursive: Bool = false, sort: Sort = .name) {
            self.recursive = recursive
            self.sort = sort
        }

        /// Where the grid opens: a library in date order opens at its newest photo, at the
        /// bottom, as Photos does.
        public var gridStart: GridStart { sort == .date ? .end : .top }
    }

    public enum Sort: String, CaseIterable, Sendable {
        /// By path: folder names, then file names, each compared as people do.
        case name
        /// Oldest first, by `PhotoDates`; photos of the same second by name.
        case date
    }

    /// The names a folder's photos are listed by: every photo format this build decodes
    /// (`ImageKind`). Each file is then read as what its bytes say it is, and skipped with a line
    /// when that is no photo (an SVG, an icon, an editor's file named like a photo).
    public static let imageExtensions: Set<String> = Set(ImageKind.extensions.keys)
    /// The photo formats this build decodes, by name: what `--help` and the README say.
    public static let formatNames = ImageKind.allCases.map(\.name).joined(separator: ", ")

    public static var extensionsList: String { imageExtensions.sorted().joined(separator: ", ") }

    /// The folder's photos in the order `scan` asks for, each a URL relative to the folder (its
    /// `relativePath` is its name: `2019/IMG_0001.JPG` in a recursive scan). Subfolders that
    /// cannot be read are said on `log` and left out; a flat scan says nothing there.
    public static func imageFiles(in folder: String, scan: Scan = Scan(), log: (String) -> Void = { _ in }) throws
        -> [URL]
    {
        var info = stat()
        guard PathBytes.withCString(folder, { stat($0, &info) }) == 0 else { throw PhotoFolderError.missing(folder) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw PhotoFolderError.notAFolder(folder) }
        let paths =
            scan.recursive
            ? try FolderWalk.imagePaths(in: folder, log: log)
            : try entries(of: folder).map(\.name).filter(isImageName)
        guard !paths.isEmpty else { throw PhotoFolderError.noImages(folder) }
        let base = URL(fileURLWithPath: folder, isDirectory: true)
        // Said to be no folder, a file's URL is made without asking the disk, a stat for each.
        func url(_ path: String) -> URL { URL(fileURLWithPath: path, isDirectory: false, relativeTo: base) }
        switch scan.sort {
        case .name:
            return paths.map { (order: PathOrder($0), path: $0) }.sorted { $0.order < $1.order }.map { url($0.path) }
        case .date: return PhotoDates.sorted(paths.map(url))
        }
    }

    /// A name that is not hidden and ends in one of `imageExtensions`, in any case. Read as bytes:
    /// every extension is ASCII, and a folder of thousands is listed before its window opens.
    public static func isImageName(_ name: String) -> Bool {
        let bytes = name.utf8
        guard bytes.first != UInt8(ascii: "."), let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let suffix = bytes[bytes.index(after: dot)...]
        guard suffix.count <= longestExtension else { return false }
        return imageExtensions.contains(
            String(decoding: suffix.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self))
    }

    private static let longestExtension = imageExtensions.map(\.utf8.count).max() ?? 0

    /// Path order (`PathOrder`), for a few paths; a long list is sorted by keys made once.
    public static func precedes(_ a: String, _ b: String) -> Bool { PathOrder(a) < PathOrder(b) }

    /// One name in a folder, and what `readdir` says it is (`DT_UNKNOWN` where the file system
    /// does not say).
    public struct Entry {
        let name: String
        let type: UInt8
    }

    /// The entries of `folder` but "." and "..", read with the system's own calls so that a
    /// failure says what the system said ("Permission denied"), which Foundation's listing does
    /// not pass on.
    public static func entries(of folder: String) throws -> [Entry] {
        guard let dir = PathBytes.withCString(folder, { opendir($0) }) else {
            throw PhotoFolderError.unreadable(folder, reason: String(cString: strerror(errno)))
        }
        defer { closedir(dir) }
        var entries: [Entry] = []
        while true {
            // readdir returns nil at the end and on an error; only an error sets errno.
            errno = 0
            guard let entry = readdir(dir) else { break }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { PathBytes.string($0.prefix { $0 != 0 }) }
            if name != ".", name != ".." { entries.append(Entry(name: name, type: entry.pointee.d_type)) }
        }
        if errno != 0 { throw PhotoFolderError.unreadable(folder, reason: String(cString: strerror(errno))) }
        return entries
    }

    /// The photos bundled with the prototype.
    public static func bundledFolder() -> String { assetPath("photos") }

    /// `folder` as an absolute path (a recording names the folder it was made from, wherever the
    /// replay runs); its symbolic links are left as they are.
    public static func absolute(_ folder: String) -> String {
        URL(fileURLWithPath: folder).standardizedFileURL.path
    }

    /// A path inside the package's `assets`, found from the executable's location (for
    /// `swift run` and the built binary) or else the working directory.
    public static func assetPath(_ relative: String) -> String {
        let fm = FileManager.default
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = dir.appendingPathComponent("assets").appendingPathComponent(relative).path
            if fm.fileExists(atPath: candidate) { return candidate }
            dir.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: fm.currentDirectoryPath).appendingPathComponent("assets").appendingPathComponent(
            relative
        ).path
    }
}
