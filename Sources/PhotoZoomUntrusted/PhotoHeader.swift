import Foundation
import PhotoZoomCore

/// What a photo file says about itself before any pixel is decoded: its format, read from its
/// bytes (`ImageKind`), and its size in pixels, read from its own header by a parser written in
/// Swift, bounds-checked, so hostile bytes cost a refusal and never a trap. A decoder allocates
/// what the header claims, so the claim is checked first: a 44-byte GIF claiming 30000×30000
/// would otherwise ask for 3.6 GB.
public enum PhotoHeader {
    /// One of a TIFF's directories: its place in the chain (0 is the image shown) and size.
    public struct Directory: Equatable {
        public var index: Int
        public var width: Int
        public var height: Int
        public var pixels: Int { PhotoHeader.area(width, height) }
    }

    public struct Dimensions: Equatable {
        public var kind: ImageKind
        /// The size the photo is shown at (a GIF's logical screen, a TIFF's first directory).
        public var width: Int
        public var height: Int
        /// A JPEG whose pixels are ink (CMYK, or Adobe's YCCK), which SDL_image hands back raw.
        public var isCMYK = false
        /// A JPEG that libjpeg-turbo decodes a row of blocks at a time, at any of its scales:
        /// sequential and Huffman-coded. Progressive and arithmetic-coded JPEGs keep every
        /// coefficient of the whole image however small the output.
        public var decodesInStrips = false
        /// A lossy WebP, which libwebp decodes a row of macroblocks at a time straight to any
        /// smaller size (`ScaledDecoder`): however many pixels it claims, it is shown.
        public var decodesToAnySize = false
        /// A TIFF's reduced-resolution copies of the image shown, which one too large to decode
        /// whole is decoded from (`ScaledDecoder`).
        public var reducedResolutions: [Directory] = []
        /// The colour channels a JPEG stores, which its coefficients are kept for.
        public var components = 3
        /// The fewest bytes a file of these pixels can be, by the most its coding can pack
        /// (deflate's 1,032 to 1, QOI's run of 62, a Huffman JPEG's two bits a block); 0 where
        /// nothing is known.
        public var leastFileBytes = 0
        /// The most pixels its decoder allocates: every frame and directory, not only the first.
        public var decodedPixels: Int
        /// How its pixels turn upright where its own header says so (a TIFF's Orientation tag, a
        /// WebP's or a PNG's EXIF chunk); nil where it does not, as for a JPEG, whose EXIF
        /// `PhotoExif` reads.
        public var orientation: ExifOrientation?

        public init(kind: ImageKind, width: Int, height: Int, leastFileBytes: Int = 0, decodedPixels: Int? = nil) {
            self.kind = kind
            self.width = width
            self.height = height
            self.leastFileBytes = leastFileBytes
            self.decodedPixels = decodedPixels ?? PhotoHeader.area(width, height)
        }

        public var pixels: Int { width * height }

        /// The fewest pixels its decoder can produce: an eighth of each side for a JPEG decoded
        /// in strips (libjpeg-turbo's smallest scale), one for a lossy WebP, a TIFF's smallest
        /// reduced-resolution copy, else all it allocates.
        public var fewestDecodedPixels: Int {
            if decodesInStrips { return ((width + 7) / 8) * ((height + 7) / 8) }
            if decodesToAnySize { return 1 }
            return reducedResolutions.map(\.pixels).min().map { min($0, decodedPixels) } ?? decodedPixels
        }

        /// The bytes a progressive or arithmetic JPEG's decoder keeps for the whole image's
        /// coefficients: two bytes for each of 64 a block, per channel, before subsampling.
        public var coefficientBytes: Int { kind == .jpeg && !decodesInStrips ? pixels * components * 2 : 0 }
    }

    /// The sides a header may claim; larger is no photo (and would overflow what decoders
    /// multiply them into).
    public static let largestSide = 1 << 20

    /// `width` × `height`, each side counted as at most one past `largestSide`: a claim of
    /// 4 billion on a side is refused by its size, not by a trap multiplying it.
    public static func area(_ width: Int, _ height: Int) -> Int {
        min(max(width, 0), largestSide + 1) * min(max(height, 0), largestSide + 1)
    }

    /// The dimensions `data` claims, its format told from its bytes; nil for a format this build
    /// does not read or a header too broken (or too short) to say.
    public static func dimensions(of data: Data, named name: String = "") -> Dimensions? {
        guard case .success(let kind) = ImageKind.identify(data, named: name) else { return nil }
        var bytes = HeaderBytes(head: data)
        return dimensions(kind, &bytes)
    }

    /// The dimensions a `kind` file's header claims, reading past its head through its
    /// descriptor where `bytes` has one; nil where it does not say.
    public static func dimensions(_ kind: ImageKind, _ bytes: inout HeaderBytes) -> Dimensions? {
        let found: Dimensions?
        switch kind {
        case .jpeg: found = JPEGHeader.dimensions(&bytes)
        case .png: found = FixedHeaders.png(&bytes)
        case .gif: found = GIFHeader.dimensions(bytes.head)
        case .bmp: found = FixedHeaders.bmp(&bytes)
        case .webp: found = FixedHeaders.webP(&bytes)
        case .tiff: found = TIFFHeader.dimensions(&bytes)
        case .qoi: found = FixedHeaders.qoi(&bytes)
        case .pnm: found = FixedHeaders.pnm(bytes.head)
        case .pcx: found = FixedHeaders.pcx(&bytes)
        case .tga: found = FixedHeaders.tga(&bytes)
        case .heic, .avif: found = HEIFHeader.dimensions(kind, &bytes)
        case .jxl: found = JXLHeader.dimensions(&bytes)
        }
        guard let found, (1...largestSide).contains(found.width), (1...largestSide).contains(found.height) else {
            return nil
        }
        return found
    }

    /// Why a `kind` file's header gives no size a decoder may be handed: for a HEIF, what is
    /// wrong with its boxes; for a JPEG XL, with its container or its size header.
    public static func unsized(_ kind: ImageKind, _ bytes: inout HeaderBytes) -> String {
        if kind == .jxl {
            switch JXLHeader.header(&bytes) {
            case .failure(let refusal): return refusal.description
            case .success(let found):
                return
                    "its JPEG XL header claims \(found.width)×\(found.height) pixels, more than \(largestSide) on a side"
            }
        }
        guard kind.isHEIF else { return "its \(kind.rawValue.uppercased()) header does not say its size" }
        switch HEIFHeader.primary(kind, &bytes) {
        case .failure(let refusal): return refusal.description
        case .success(let found):
            return "its \(kind.name) header claims \(found.upright.width)×\(found.upright.height) pixels, "
                + "more than \(largestSide) on a side"
        }
    }

    /// The JPEG's start-of-frame marker, found by walking the segments before it.
    public static func frameMarker(_ data: Data) -> UInt8? {
        var bytes = HeaderBytes(head: data)
        return JPEGHeader.frame(&bytes)?.marker
    }
}
