import Foundation
import PhotoZoomCore
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// What a photo file says about itself from its first bytes, read before any pixel: its size
/// upright, how it is stored, and a hash that names it in a recording. Cheap enough to run for
/// every photo of a large library while the window already shows the grid.
public struct PhotoProbe: Sendable, Equatable {
    /// The size the header claims, upright (EXIF orientation applied).
    public let uprightSize: PixelBox
    public let orientation: ExifOrientation
    /// A JPEG of ink (CMYK or YCCK), which `InkJPEG` decodes.
    public let isCMYK: Bool
    /// `ContentHash.ofHead`: the first bytes and the size; nil where the opening put it off until
    /// a recording or a report asks (`PhotoStream.contentHashes()`).
    public var contentHash: String?
    public let fileBytes: Int
    /// Seconds since the epoch, as the thumbnail standard keys a file's thumbnail.
    public let modified: Int
    /// The upright size of the preview the camera embedded in the EXIF, when there is one of the
    /// photo's shape (a phone pads a wide photo's preview with black bars: no use for a cell).
    public var previewSize: PixelBox? = nil
    /// That preview's bytes, where the probe was asked to keep them: the opening's, whose
    /// previews are decoded next, from these rather than from the file read and parsed again.
    public var preview: Data? = nil

    /// Its long side over its short, upright; 4:3 where the header gives no size.
    public var aspect: Double {
        guard uprightSize.width > 0, uprightSize.height > 0 else { return 4.0 / 3 }
        return Double(max(uprightSize.width, uprightSize.height)) / Double(min(uprightSize.width, uprightSize.height))
    }

    /// The most of a file read to probe it: a phone's EXIF (its preview image included) fits
    /// in the 64 KiB an APP1 segment can hold, and the frame header follows it.
    public static let headBytes = 128 << 10
    /// What is read first: a phone photo's EXIF and frame header are mostly within it. Reading
    /// all of `headBytes` for every header spent much of the opening copying bytes no one read,
    /// each photo's into pages of its own.
    public static let firstReadBytes = 16 << 10

    /// Probes `file`: what `PhotoGate` refuses by the file's descriptor, its content or its
    /// header's claim is refused here, before the pixels are asked for. Without `hashing`, no
    /// content hash: it is half of a probe's time. `keepingPreview`: the preview's bytes are
    /// kept in `preview`.
    public static func probe(
        _ file: URL, limits: LibraryLimits = LibraryLimits(), hashing: Bool = true,
        keepingPreview: Bool = false
    ) -> Result<PhotoProbe, DecodeFailure> {
        PhotoGate.open(file, limits: limits).flatMap { opened in
            let head = readHead(opened, hashing: hashing)
            return probe(
                head: head.bytes, read: head.dimensions, file: opened, name: file.lastPathComponent,
                fileBytes: opened.bytes,
                modified: opened.modified, limits: limits, hashing: hashing, keepingPreview: keepingPreview)
        }
    }

    /// A file's first bytes, as many as its header needs: `firstReadBytes`, then twice as many
    /// each time until its size can be read from them (for a JPEG, its frame header, which
    /// follows its EXIF and the preview in it), the file ends, or `headBytes` were read; the
    /// content hash's own prefix at least when `hashing`.
    public static func readHead(_ file: UntrustedFile, hashing: Bool) -> Head {
        var head = Data()
        var wanted = max(firstReadBytes, hashing ? ContentHash.headBytes : 0)
        while true {
            let more = file.read(at: head.count, count: wanted - head.count)
            head += more
            let claimed = PhotoHeader.dimensions(of: head, named: file.path)
            if more.isEmpty || head.count >= min(headBytes, file.bytes) || claimed != nil {
                return Head(bytes: head, dimensions: claimed)
            }
            wanted = min(wanted * 2, headBytes)
        }
    }

    /// A file's first bytes, with the size they claim as read from them (nil where they do not
    /// say): taken once, where the read stops.
    public struct Head {
        let bytes: Data
        let dimensions: PhotoHeader.Dimensions?
    }

    /// The probe of a file whose first bytes are `head`; a header that lies past them is read
    /// from `file`, when there is one. `read`: what `readHead` found in them, not read again —
    /// but for a TIFF, a WebP or a PNG, whose directories or orientation may lie past the head.
    public static func probe(
        head: Data, read: PhotoHeader.Dimensions? = nil, file: UntrustedFile? = nil, name: String = "", fileBytes: Int,
        modified: Int,
        limits: LibraryLimits = LibraryLimits(), hashing: Bool = true, keepingPreview: Bool = false
    ) -> Result<PhotoProbe, DecodeFailure> {
        let kind: ImageKind
        if let read {
            kind = read.kind
        } else {
            switch ImageKind.identify(head, named: name) {
            case .success(let identified): kind = identified
            case .failure(let refusal): return .failure(refusal)
            }
        }
        var bytes = HeaderBytes(head: head, file: file)
        let readPastHead: Set<ImageKind> = [.tiff, .webp, .png]
        guard
            let claimed = read.flatMap({ readPastHead.contains($0.kind) ? nil : $0 })
                ?? PhotoHeader.dimensions(kind, &bytes)
        else {
            return .failure(DecodeFailure.corrupt(PhotoHeader.unsized(kind, &bytes)))
        }
        if let problem = PhotoGate.claimProblem(claimed, fileBytes: fileBytes, limits: limits) {
            return .failure(problem)
        }
        let exif = PhotoExif(bytes: head)
        let orientation = claimed.orientation ?? exif.orientation
        func upright(_ d: PhotoHeader.Dimensions) -> PixelBox {
            orientation.swapsAxes
                ? PixelBox(width: d.height, height: d.width) : PixelBox(width: d.width, height: d.height)
        }
        let size = upright(claimed)
        // A preview is a JPEG small enough for a cell, whose claim its bytes could hold.
        let previewClaim = exif.preview.flatMap { data in
            PhotoHeader.dimensions(of: data).flatMap { d in
                d.kind == .jpeg && d.pixels <= PhotoGate.previewMaximumPixels
                    && PhotoGate.claimProblem(d, fileBytes: data.count, limits: limits) == nil ? d : nil
            }
        }
        let previewSize = previewClaim.map(upright).flatMap { Self.sameShape($0, size) ? $0 : nil }
        return .success(
            PhotoProbe(
                uprightSize: size, orientation: orientation, isCMYK: claimed.isCMYK,
                contentHash: hashing
                    ? ContentHash.ofHead(head.prefix(ContentHash.headBytes), fileBytes: fileBytes) : nil,
                fileBytes: fileBytes, modified: modified, previewSize: previewSize,
                preview: keepingPreview && previewSize != nil ? exif.preview : nil))
    }

    /// Whether two sizes have the same aspect ratio within 2 % (a preview's sides are rounded
    /// to whole pixels).
    public static func sameShape(_ a: PixelBox, _ b: PixelBox) -> Bool {
        guard a.width > 0, a.height > 0, b.width > 0, b.height > 0 else { return false }
        let ratio = Double(a.width) / Double(a.height) / (Double(b.width) / Double(b.height))
        return abs(ratio - 1) <= 0.02
    }
}
