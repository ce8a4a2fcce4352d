import Foundation
import PhotoZoomCore

/// The photos a recording names, found in a folder by name (by path in the folder, subfolders
/// and all, for a library read with them). One missing, or whose content differs from what was
/// recorded, is said in one line and drawn as a placeholder of the recorded size, so the
/// geometry still matches the recording.
public enum ReplayPhotos {
    public static func load(_ recorded: [RecordedPhoto], folder: String, log: (String) -> Void) throws -> [DecodedPhoto] {
        let files = try PhotoFolder.imageFiles(in: folder, scan: PhotoFolder.Scan(recursive: recorded.contains { $0.name.contains("/") }), log: log)
        let byName = Dictionary(files.map { ($0.relativePath, $0) }, uniquingKeysWith: { first, _ in first })
        var wanted: [URL] = []
        var placeholders: [Int: String] = [:]
        for (i, photo) in recorded.enumerated() {
            guard let file = byName[photo.name] else { placeholders[i] = "is not in '\(folder)'"; continue }
            if let hash = photo.contentHash, ContentHash.matching(hash, file: file.path) != hash { placeholders[i] = "differs from the one recorded"; continue }
            wanted.append(file)
        }
        // One line a photo, up to a few; a library that is not there at all is one more line.
        let shown = 5
        for (n, i) in placeholders.keys.sorted().enumerated() where n < shown {
            log("photozoom: \(recorded[i].name) \(placeholders[i]!); replaying with a placeholder of its recorded size")
        }
        if placeholders.count > shown { log("photozoom: and \(placeholders.count - shown) more photos, likewise") }
        var decoded = PhotoDecoder.decode(wanted, log: log)[...]
        return recorded.enumerated().map { i, photo in
            guard placeholders[i] == nil, let next = decoded.popFirst() else {
                return DecodedPhoto(info: PhotoInfo(name: photo.name, pixelSize: Size(width: photo.width, height: photo.height), isPlaceholder: true),
                                    levels: [])
            }
            return next
        }
    }
}
