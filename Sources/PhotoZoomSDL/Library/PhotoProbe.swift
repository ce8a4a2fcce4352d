import Foundation
import PhotoZoomCore

/// What a photo file says about itself from its first bytes, read before any pixel: its size
/// upright, how it is stored, and a hash that names it in a recording. Cheap enough to run for
/// every photo of a large library while the window already shows the grid.
struct PhotoProbe: Sendable, Equatable {
    /// The size the header claims, upright (EXIF orientation applied); nil for a format whose
    /// header is not read here, whose decode then tells.
    let uprightSize: PixelBox?
    let orientation: ExifOrientation
    /// A JPEG of ink (CMYK or YCCK), which `InkJPEG` decodes.
    let isCMYK: Bool
    /// `ContentHash.ofHead`: the first bytes and the size.
    let contentHash: String
    let fileBytes: Int
    /// Seconds since the epoch, as the thumbnail standard keys a file's thumbnail.
    let modified: Int

    /// How much of a file is read to probe it: a phone's EXIF (its preview image included) fits
    /// in the 64 KiB an APP1 segment can hold, and the frame header follows it.
    static let headBytes = 128 << 10

    /// Probes `file`: what `PhotoDecoder` refuses by a file's stat or its header's claim is
    /// refused here, before the pixels are asked for.
    static func probe(_ file: URL, limits: LibraryLimits = LibraryLimits()) -> Result<PhotoProbe, SDLError> {
        PhotoDecoder.checkedFile(file, limits: limits).flatMap { info in
            guard let handle = FileHandle(forReadingAtPath: file.path) else { return .failure(SDLError(message: "it cannot be read")) }
            defer { try? handle.close() }
            guard let head = try? handle.read(upToCount: headBytes), !head.isEmpty else { return .failure(SDLError(message: "it cannot be read")) }
            return probe(head: head, fileBytes: info.bytes, modified: info.modified, limits: limits)
        }
    }

    static func probe(head: Data, fileBytes: Int, modified: Int, limits: LibraryLimits = LibraryLimits()) -> Result<PhotoProbe, SDLError> {
        let claimed = PhotoHeader.dimensions(of: head)
        if let problem = PhotoDecoder.claimProblem(claimed, limits: limits) { return .failure(problem) }
        let orientation = PhotoExif(bytes: head).orientation
        let upright = claimed.map { orientation.swapsAxes ? PixelBox(width: $0.height, height: $0.width) : PixelBox(width: $0.width, height: $0.height) }
        return .success(PhotoProbe(uprightSize: upright, orientation: orientation, isCMYK: claimed?.isCMYK == true,
                                   contentHash: ContentHash.ofHead(head.prefix(ContentHash.headBytes), fileBytes: fileBytes),
                                   fileBytes: fileBytes, modified: modified))
    }
}

extension PixelBox {
    var pixels: Int { width * height }
    /// The same size as the core's `Size`.
    var size: Size { Size(width: Double(width), height: Double(height)) }
}
