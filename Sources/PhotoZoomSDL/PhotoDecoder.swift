import Foundation
import PhotoZoomCore

/// What a photo file may be before it is read and decoded: a regular file of a photo's size,
/// whose header claims no more pixels than a photo may have. Decoding itself is `ScaledDecoder`'s,
/// at the size a photo is shown at.
public enum PhotoDecoder {
    /// The file's bytes, if it is a regular file no larger than a photo may be (`sizeProblem`).
    static func read(_ file: URL, limits: LibraryLimits = LibraryLimits()) -> Result<Data, SDLError> {
        checkedFile(file, limits: limits).flatMap { _ in
            FileManager.default.contents(atPath: file.path).map { .success($0) } ?? .failure(SDLError(message: "it cannot be read"))
        }
    }

    /// The file's modification time and size in bytes, if it is a regular file no larger than a
    /// photo may be: a folder named like a photo, a FIFO (which would block the read), an empty
    /// or a huge file is refused by its stat, before anything is read.
    static func checkedFile(_ file: URL, limits: LibraryLimits = LibraryLimits()) -> Result<(bytes: Int, modified: Int), SDLError> {
        var info = stat()
        guard stat(file.path, &info) == 0 else { return .failure(SDLError(message: "it cannot be read: \(String(cString: strerror(errno)))")) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(SDLError(message: "it is not a file")) }
        guard info.st_size > 0 else { return .failure(SDLError(message: "it is empty")) }
        guard info.st_size <= limits.maximumFileBytes else {
            return .failure(SDLError(message: String(format: "it is %.1f MiB; ", Double(info.st_size) / 1_048_576)
                + "a photo may be \(TuningFile.number(limits.maximumFileMiB)) MiB (library.maximumFileMiB)", isOverLimits: true))
        }
        return .success((bytes: Int(info.st_size), modified: Int(info.st_mtim.tv_sec)))
    }

    /// Why the pixels a header claims are too many to decode, if they are: a JPEG that can be
    /// decoded at a fraction of its size within the limit is decoded so, never whole. A claim
    /// more than a file of `fileBytes` could hold (a 694-byte JPEG claiming 30000×30000) is
    /// refused before its decoder allocates for it.
    static func claimProblem(_ claimed: PhotoHeader.Dimensions?, fileBytes: Int, limits: LibraryLimits = LibraryLimits()) -> SDLError? {
        guard let claimed else { return nil }
        if fileBytes < claimed.leastFileBytes {
            return SDLError(message: "its header claims \(claimed.width)×\(claimed.height) pixels, more than its \(fileBytes) bytes could hold")
        }
        guard claimed.fewestDecodedPixels > limits.maximumPixels else { return nil }
        return SDLError(message: "its header claims \(claimed.width)×\(claimed.height) pixels, "
            + String(format: "%.0f megapixels; ", Double(claimed.pixels) / 1e6)
            + "a photo may have \(TuningFile.number(limits.maximumMegapixels)) (library.maximumMegapixels)", isOverLimits: true)
    }
}
