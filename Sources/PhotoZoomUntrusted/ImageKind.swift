import Foundation

/// What a file is, told by its first bytes and never by its name: a photo named `.png` that is
/// really a JPEG is read as a JPEG, and a drawing, an icon or an editor's file named like a photo
/// is skipped before any decoder sees it.
public enum ImageKind: String, CaseIterable, Sendable {
    case jpeg, png, gif, bmp, webp, tiff, qoi, pnm, pcx, tga, heic, avif, jxl

    /// The format's usual name, as help and errors give it.
    public var name: String {
        switch self {
        case .jpeg: return "JPEG"
        case .png: return "PNG"
        case .gif: return "GIF"
        case .bmp: return "BMP"
        case .webp: return "WebP"
        case .tiff: return "TIFF"
        case .qoi: return "QOI"
        case .pnm: return "PNM"
        case .pcx: return "PCX"
        case .tga: return "TGA"
        case .heic: return "HEIC"
        case .avif: return "AVIF"
        case .jxl: return "JPEG XL"
        }
    }

    /// A HEIF container (HEIC or AVIF), which says how it turns upright in its own boxes
    /// (`irot`, `imir`, applied by libheif), never by an EXIF orientation.
    public var isHEIF: Bool { self == .heic || self == .avif }

    /// The extensions a folder's photos are listed by; a file is then read as what its bytes say.
    /// A camera's MPO (stereo or multi-angle) is a JPEG with more after it, shown as its first
    /// picture; an APNG is a PNG, shown as its default image.
    public static let extensions: [String: ImageKind] = [
        "jpg": .jpeg, "jpeg": .jpeg, "jpe": .jpeg, "jfif": .jpeg, "mpo": .jpeg, "png": .png, "apng": .png, "gif": .gif,
        "bmp": .bmp, "webp": .webp,
        "tif": .tiff, "tiff": .tiff, "qoi": .qoi, "pnm": .pnm, "ppm": .pnm, "pgm": .pnm, "pbm": .pnm, "pcx": .pcx,
        "tga": .tga, "heic": .heic, "heif": .heic, "hif": .heic, "avif": .avif,
        "jxl": .jxl,
    ]

    /// What `head` (a file's first bytes, at least 32 where the file has them) is: a photo
    /// format, or why it is not read. `named` is the file's extension: TGA has no signature, so
    /// only a file named `.tga` with a plausible TGA header is one.
    public static func identify(_ head: Data, named name: String = "") -> Result<ImageKind, DecodeFailure> {
        let b = [UInt8](head.prefix(64))
        func starts(_ s: String) -> Bool { b.starts(with: Array(s.utf8)) }
        func at(_ i: Int, _ s: String) -> Bool {
            b.count >= i + s.utf8.count && b[i..<i + s.utf8.count].elementsEqual(s.utf8)
        }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return .success(.jpeg) }
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .success(.png) }
        if starts("GIF87a") || starts("GIF89a") { return .success(.gif) }
        if starts("BM"), b.count >= 18 { return .success(.bmp) }
        if starts("RIFF"), at(8, "WEBP") { return .success(.webp) }
        // A classic TIFF (42) or a BigTIFF (43).
        if b.starts(with: [0x49, 0x49, 0x2A, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
            || b.starts(with: [0x49, 0x49, 0x2B, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2B])
        {
            return .success(.tiff)
        }
        if starts("qoif") { return .success(.qoi) }
        if JXLHeader.isJXL(b) { return .success(.jxl) }
        if at(4, "ftyp"), let heif = heifKind(head) { return .success(heif) }
        if b.count >= 3, b[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(b[1]),
            [0x20, 0x09, 0x0A, 0x0D].contains(b[2])
        {
            return .success(.pnm)
        }
        if b.count >= 4, b[0] == 0x0A, [0, 2, 3, 4, 5].contains(b[1]), b[2] <= 1, [1, 2, 4, 8].contains(b[3]) {
            return .success(.pcx)
        }
        // TGA has no signature, and its commonest header (`00 00 02 00`) starts as a cursor's does.
        if (name as NSString).pathExtension.lowercased() == "tga", TGAHeader.isPlausible(b) { return .success(.tga) }
        if let other = otherFormat(b) { return .failure(.refused("it is \(other), not a photo")) }
        return .failure(.refused("it is not an image this build reads"))
    }

    /// The brands of a HEIF still image whose coded items are HEVC (Apple's and Android's HEIC,
    /// `mif1`'s generic image, the `msf1` sequence's first image) and AV1.
    static let heicBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]
    static let avifBrands: Set<String> = ["avif", "avis"]

    /// What an ISO media file starting with an `ftyp` box is, by its major brand and its
    /// compatible brands, within the box's own length: AVIF where any brand says AV1 (an AVIF
    /// lists `mif1` too), HEIC where any says HEIF, nil for anything else (a QuickTime movie, an
    /// MP4 video).
    static func heifKind(_ head: Data) -> ImageKind? {
        let b = [UInt8](head.prefix(512))
        guard b.count >= 16 else { return nil }
        let length = b[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard length >= 16, length % 4 == 0 else { return nil }
        let end = min(length, b.count)
        let brands = stride(from: 8, to: end - 3, by: 4).filter { $0 != 12 }.map {
            String(decoding: b[$0..<$0 + 4], as: UTF8.self)
        }
        if brands.contains(where: avifBrands.contains) { return .avif }
        if brands.contains(where: heicBrands.contains) { return .heic }
        return nil
    }

    /// Formats recognised so they can be named when skipped: drawings, icons, editors' files and
    /// containers SDL_image would otherwise try, or formats this build cannot decode.
    private static func otherFormat(_ b: [UInt8]) -> String? {
        func at(_ i: Int, _ s: String) -> Bool {
            b.count >= i + s.utf8.count && b[i..<i + s.utf8.count].elementsEqual(s.utf8)
        }
        let text = String(
            decoding: b.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }.prefix(48), as: UTF8.self
        ).lowercased()
        if text.hasPrefix("<svg") || text.hasPrefix("<?xml") || text.hasPrefix("<!doctype svg") {
            return "an SVG drawing"
        }
        if text.hasPrefix("/* xpm */") || text.hasPrefix("! xpm2") { return "an XPM icon" }
        if b.starts(with: [0, 0, 1, 0]) || b.starts(with: [0, 0, 2, 0]) { return "an icon (ICO or CUR)" }
        if at(0, "gimp xcf") { return "a GIMP working file (XCF)" }
        if at(0, "FORM") { return "an IFF file (LBM or ILBM)" }
        if at(0, "8BPS") { return "a Photoshop file (PSD)" }
        if at(0, "%PDF") { return "a PDF document" }
        if at(0, "P7 332") { return "an XV thumbnail" }
        if at(4, "ftyp") {
            let brand = HEIFHeader.fourCC(b.dropFirst(8).prefix(4))
            return "a video or another ISO media file (brand '\(brand)')"
        }
        return nil
    }
}
