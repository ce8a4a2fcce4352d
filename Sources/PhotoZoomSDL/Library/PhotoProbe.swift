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
    /// `ContentHash.ofHead`: the first bytes and the size; nil where the opening put it off until
    /// a recording or a report asks (`PhotoStream.contentHashes()`).
    var contentHash: String?
    let fileBytes: Int
    /// Seconds since the epoch, as the thumbnail standard keys a file's thumbnail.
    let modified: Int
    /// The upright size of the preview the camera embedded in the EXIF, when there is one of the
    /// photo's shape (a phone pads a wide photo's preview with black bars: no use for a cell).
    var previewSize: PixelBox? = nil
    /// That preview's bytes, where the probe was asked to keep them: the opening's, whose
    /// previews are decoded next, from these rather than from the file read and parsed again.
    var preview: Data? = nil

    /// The most of a file read to probe it: a phone's EXIF (its preview image included) fits
    /// in the 64 KiB an APP1 segment can hold, and the frame header follows it.
    static let headBytes = 128 << 10
    /// What is read first: a phone photo's EXIF and frame header are mostly within it (a 12 MP
    /// one with a 160×120 preview, in its first 6 KiB). Reading all of `headBytes` for every
    /// header was a third of the opening's time in the kernel: 24 MB copied for 192 photos,
    /// each into pages of its own.
    static let firstReadBytes = 16 << 10

    /// Probes `file`: what `PhotoDecoder` refuses by a file's stat or its header's claim is
    /// refused here, before the pixels are asked for. Without `hashing`, no content hash: it is
    /// half of a probe's time. `keepingPreview`: the preview's bytes are kept in `preview`.
    static func probe(_ file: URL, limits: LibraryLimits = LibraryLimits(), hashing: Bool = true,
                      keepingPreview: Bool = false) -> Result<PhotoProbe, SDLError> {
        PhotoDecoder.checkedFile(file, limits: limits).flatMap { info in
            guard let handle = FileHandle(forReadingAtPath: file.path) else { return .failure(SDLError(message: "it cannot be read")) }
            defer { try? handle.close() }
            guard let head = readHead(handle, fileBytes: info.bytes, hashing: hashing), !head.bytes.isEmpty else {
                return .failure(SDLError(message: "it cannot be read"))
            }
            return probe(head: head, fileBytes: info.bytes, modified: info.modified, limits: limits, hashing: hashing, keepingPreview: keepingPreview)
        }
    }

    /// A file's first bytes, as many as its header needs: `firstReadBytes`, then twice as many
    /// each time until its size can be read from them (for a JPEG, libjpeg-turbo reads its
    /// header up to the start of the scan, after everything else its header says), the file
    /// ends, or `headBytes` were read; the content hash's own prefix at least when `hashing`.
    static func readHead(_ handle: FileHandle, fileBytes: Int, hashing: Bool) -> Head? {
        var head = Data()
        var wanted = max(firstReadBytes, hashing ? ContentHash.headBytes : 0)
        while true {
            guard let more = try? handle.read(upToCount: wanted - head.count) else { return nil }
            head += more
            let claimed = PhotoHeader.dimensions(of: head)
            if more.isEmpty || head.count >= min(headBytes, fileBytes) || claimed != nil { return Head(bytes: head, dimensions: claimed) }
            wanted = min(wanted * 2, headBytes)
        }
    }

    /// A file's first bytes, with the size they claim as read from them (nil where they do not
    /// say): taken once, where the read stops.
    struct Head {
        let bytes: Data
        let dimensions: PhotoHeader.Dimensions?
    }

    static func probe(head: Data, fileBytes: Int, modified: Int, limits: LibraryLimits = LibraryLimits(),
                      hashing: Bool = true, keepingPreview: Bool = false) -> Result<PhotoProbe, SDLError> {
        probe(head: Head(bytes: head, dimensions: PhotoHeader.dimensions(of: head)), fileBytes: fileBytes, modified: modified, limits: limits,
              hashing: hashing, keepingPreview: keepingPreview)
    }

    private static func probe(head read: Head, fileBytes: Int, modified: Int, limits: LibraryLimits, hashing: Bool,
                              keepingPreview: Bool) -> Result<PhotoProbe, SDLError> {
        let head = read.bytes, claimed = read.dimensions
        if let problem = PhotoDecoder.claimProblem(claimed, fileBytes: fileBytes, limits: limits) { return .failure(problem) }
        let exif = PhotoExif(bytes: head)
        let orientation = exif.orientation
        func upright(_ d: PhotoHeader.Dimensions) -> PixelBox {
            orientation.swapsAxes ? PixelBox(width: d.height, height: d.width) : PixelBox(width: d.width, height: d.height)
        }
        let size = claimed.map(upright)
        let preview = exif.preview.flatMap { PhotoHeader.dimensions(of: $0) }.map(upright)
        let previewSize = preview.flatMap { p in size.flatMap { Self.sameShape(p, $0) ? p : nil } }
        return .success(PhotoProbe(uprightSize: size, orientation: orientation, isCMYK: claimed?.isCMYK == true,
                                   contentHash: hashing ? ContentHash.ofHead(head.prefix(ContentHash.headBytes), fileBytes: fileBytes) : nil,
                                   fileBytes: fileBytes, modified: modified, previewSize: previewSize,
                                   preview: keepingPreview && previewSize != nil ? exif.preview : nil))
    }

    /// Whether two sizes have the same aspect ratio within 2 % (a preview's sides are rounded
    /// to whole pixels).
    static func sameShape(_ a: PixelBox, _ b: PixelBox) -> Bool {
        guard a.width > 0, a.height > 0, b.width > 0, b.height > 0 else { return false }
        let ratio = Double(a.width) / Double(a.height) / (Double(b.width) / Double(b.height))
        return abs(ratio - 1) <= 0.02
    }
}

extension PixelBox {
    var pixels: Int { width * height }
    /// The same size as the core's `Size`.
    var size: Size { Size(width: Double(width), height: Double(height)) }
}
