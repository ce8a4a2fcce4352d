import Foundation
import PhotoZoomCore
import PhotoZoomLibrary

/// The photos a recording names, found in a folder by name (by path in the folder, subfolders
/// and all, for a library read with them). One missing, or whose content differs from what was
/// recorded, is said in one line and drawn as a placeholder of the recorded size, so the
/// geometry still matches the recording. Nothing is decoded here: a frame decodes what it shows.
public enum ReplayPhotos {
    public static func load(_ recorded: [RecordedPhoto], folder: String, log: (String) -> Void) throws -> PhotoLibrary {
        let inFolder = try PhotoFolder.imageFiles(
            in: folder, scan: PhotoFolder.Scan(recursive: recorded.contains { $0.name.contains("/") }), log: log)
        let byName = Dictionary(inFolder.map { ($0.relativePath, $0) }, uniquingKeysWith: { first, _ in first })
        var placeholders: [Int: String] = [:]
        let files = recorded.enumerated().map { i, photo -> URL? in
            // Unnamed in a bug report, which names only the photos its session shows: never drawn.
            if photo.name.isEmpty { return nil }
            guard let file = byName[photo.name] else {
                placeholders[i] = "is not in '\(folder)'"
                return nil
            }
            if let hash = photo.contentHash, ContentHash.matching(hash, file: file.path) != hash {
                placeholders[i] = "differs from the one recorded"
                return nil
            }
            return file
        }
        // One line a photo, up to a few; a library that is not there at all is one more line.
        let shown = 5
        for (n, i) in placeholders.keys.sorted().enumerated() where n < shown {
            log("photozoom: \(recorded[i].name) \(placeholders[i]!); replaying with a placeholder of its recorded size")
        }
        if placeholders.count > shown { log("photozoom: and \(placeholders.count - shown) more photos, likewise") }
        let infos = zip(recorded, files).map { photo, file in
            PhotoInfo(
                name: photo.name, pixelSize: Size(width: photo.width, height: photo.height),
                isPlaceholder: photo.placeholder || file == nil)
        }
        return PhotoLibrary(infos: infos, files: files)
    }
}
