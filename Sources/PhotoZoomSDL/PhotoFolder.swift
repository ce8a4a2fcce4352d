import Foundation

/// Why a photo folder cannot be shown; each names the folder so the message stands alone.
public enum PhotoFolderError: Error, CustomStringConvertible {
    case missing(String)
    case notAFolder(String)
    /// The folder cannot be listed; `reason` is the system's ("Permission denied").
    case unreadable(String, reason: String)
    case noImages(String)
    case noneReadable(String)

    public var description: String {
        switch self {
        case let .missing(path): return "photo folder '\(path)' does not exist"
        case let .notAFolder(path): return "'\(path)' is not a folder of photos"
        case let .unreadable(path, reason): return "cannot read photo folder '\(path)': \(reason)"
        case let .noImages(path): return "photo folder '\(path)' has no images (looked for \(PhotoFolder.extensionsList))"
        case let .noneReadable(path): return "photo folder '\(path)' has no readable images: every file failed to decode"
        }
    }
}

/// The image files of a folder, in the order people expect: by file name, numbers compared as
/// numbers (photo2 before photo10), case ignored.
public enum PhotoFolder {
    public static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "bmp", "gif", "webp", "tif", "tiff"]
    static var extensionsList: String { imageExtensions.sorted().joined(separator: ", ") }

    public static func imageFiles(in folder: String) throws -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else { throw PhotoFolderError.missing(folder) }
        guard isDirectory.boolValue else { throw PhotoFolderError.notAFolder(folder) }
        let names = try entries(of: folder)
        let images = names
            .filter { !$0.hasPrefix(".") && imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted { $0.compare($1, options: [.numeric, .caseInsensitive]) == .orderedAscending }
        guard !images.isEmpty else { throw PhotoFolderError.noImages(folder) }
        return images.map { URL(fileURLWithPath: folder).appendingPathComponent($0) }
    }

    /// The names in `folder` ("." and ".." among them), read with the system's own calls so that a failure says what
    /// the system said ("Permission denied"), which Foundation's listing does not pass on.
    static func entries(of folder: String) throws -> [String] {
        guard let dir = opendir(folder) else { throw PhotoFolderError.unreadable(folder, reason: String(cString: strerror(errno))) }
        defer { closedir(dir) }
        var names: [String] = []
        while true {
            // readdir returns nil at the end and on an error; only an error sets errno.
            errno = 0
            guard let entry = readdir(dir) else { break }
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        if errno != 0 { throw PhotoFolderError.unreadable(folder, reason: String(cString: strerror(errno))) }
        return names
    }

    /// The photos bundled with the prototype.
    public static func bundledFolder() -> String { assetPath("photos") }

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
        return URL(fileURLWithPath: fm.currentDirectoryPath).appendingPathComponent("assets").appendingPathComponent(relative).path
    }
}
