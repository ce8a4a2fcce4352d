import ArgumentParser
import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomSDL

extension Size: ExpressibleByArgument {
    /// "393x852": width and height in points. The range is checked by `PhotoOptions`, so a
    /// size out of it is told the rule rather than called unreadable.
    public init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite else {
            return nil
        }
        self.init(width: w, height: h)
    }

    public var defaultValueDescription: String { "\(Int(width))x\(Int(height))" }
}

/// The options every command that shows photos shares.
struct PhotoOptions: ParsableArguments {
    @Option(
        help:
            "Folder of photos to show: \(PhotoFolder.formatNames), told by their bytes (default: the bundled assets/photos)."
    )
    var photos: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Window size in points, WIDTHxHEIGHT.", valueName: "WxH"))
    var size = Size(width: 393, height: 852)

    @Flag(
        help:
            "Show the photos in the folder's subfolders too (hidden ones skipped), each named by its path in the folder."
    )
    var recursive = false

    @Option(
        help: ArgumentHelp(
            "The photos' order: name (numbers as numbers, case ignored), or date taken, oldest first "
                + "(EXIF DateTimeOriginal, else the file's time), opening at the newest, at the bottom.",
            valueName: "name|date"))
    var sort = PhotoFolder.Sort.name.rawValue

    var folder: String { photos ?? PhotoFolder.bundledFolder() }

    var scan: PhotoFolder.Scan {
        PhotoFolder.Scan(recursive: recursive, sort: PhotoFolder.Sort(rawValue: sort) ?? .name)
    }

    /// Sides SDL and the renderer handle: at least a point, at most 16384.
    static let sides = 1.0...16384.0

    func validate() throws {
        guard Self.sides.contains(size.width), Self.sides.contains(size.height) else {
            throw ValidationError(
                "--size must lie between 1x1 and 16384x16384 points, got \(String(format: "%gx%g", size.width, size.height))"
            )
        }
        guard PhotoFolder.Sort(rawValue: sort) != nil else {
            throw ValidationError(
                "--sort must be \(PhotoFolder.Sort.allCases.map(\.rawValue).joined(separator: " or ")), got '\(sort)'")
        }
    }
}

/// Refuses, as a usage error and before anything is rendered, an image path we would not
/// write: a folder, a file that exists without --overwrite, or an extension we cannot encode.
func validateImagePath(_ path: String, overwrite: Bool) throws {
    try withUserFacingErrors {
        // A folder is named as one before its name is judged as an image's.
        try OutputFile.check(path, overwrite: overwrite)
        _ = try ImageFormat(path: path)
    }
}
