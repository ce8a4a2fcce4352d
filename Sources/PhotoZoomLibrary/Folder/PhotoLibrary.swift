import Foundation
import PhotoZoomCore
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// A library's photos by index before any of their pixels are decoded: what the sim knows of
/// each, and the file an `OnDemandScene` decodes it from when a frame shows it.
public struct PhotoLibrary {
    /// Every photo as the sim knows it.
    public let infos: [PhotoInfo]
    /// Each photo's file; nil for one drawn as a placeholder.
    public let files: [URL?]

    public init(infos: [PhotoInfo], files: [URL?]) {
        self.infos = infos
        self.files = files
    }

    /// The photos in `folder`, each sized by its header; one that cannot be read is a
    /// placeholder with one line to `log`, and a folder of nothing but those is an error.
    public static func load(_ folder: String, scan: PhotoFolder.Scan = PhotoFolder.Scan(), log: (String) -> Void) throws
        -> PhotoLibrary
    {
        let files = try PhotoFolder.imageFiles(in: folder, scan: scan, log: log)
        let library = load(files: files, log: log)
        guard library.files.contains(where: { $0 != nil }) else {
            var first = ""
            if let file = files.first, case .failure(let error) = uprightSize(of: file) {
                first = "\(file.lastPathComponent): \(error)"
            }
            throw PhotoFolderError.noneReadable(folder, files: files.count, first: first)
        }
        return library
    }

    /// `files` probed in order; a file whose size cannot be found is a placeholder.
    public static func load(files: [URL], log: (String) -> Void) -> PhotoLibrary {
        var infos: [PhotoInfo] = []
        var found: [URL?] = []
        for file in files {
            switch uprightSize(of: file) {
            case .success(let size):
                infos.append(PhotoInfo(name: file.relativePath, pixelSize: size.size))
                found.append(file)
            case .failure(let error):
                log("photozoom: cannot decode \(file.path) (\(error)); showing a placeholder")
                infos.append(
                    PhotoInfo(name: file.relativePath, pixelSize: Size(width: 1, height: 1), isPlaceholder: true))
                found.append(nil)
            }
        }
        return PhotoLibrary(infos: infos, files: found)
    }

    /// The size its header says.
    private static func uprightSize(of file: URL) -> Result<PixelBox, DecodeFailure> {
        PhotoProbe.probe(file).map(\.uprightSize)
    }
}
