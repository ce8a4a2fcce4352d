import PhotoZoomCore

/// Loading a folder of photos, with the folder-level failures turned into one clear error.
public enum PhotoLibrary {
    public static func load(_ folder: String, scan: PhotoFolder.Scan = PhotoFolder.Scan(), log: (String) -> Void) throws -> [DecodedPhoto] {
        try requireReadable(PhotoDecoder.decode(try PhotoFolder.imageFiles(in: folder, scan: scan, log: log), log: log), folder: folder)
    }

    /// The photos, unless not one of them could be decoded.
    static func requireReadable(_ photos: [DecodedPhoto], folder: String) throws -> [DecodedPhoto] {
        guard photos.contains(where: { !$0.info.isPlaceholder }) else { throw PhotoFolderError.noneReadable(folder) }
        return photos
    }
}
