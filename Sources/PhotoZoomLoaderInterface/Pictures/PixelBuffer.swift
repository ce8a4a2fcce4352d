import Foundation
import PhotoZoomUntrusted

/// A picture's pixels: `width`×`height`, four bytes each in the order `layout` says (straight,
/// not premultiplied, alpha), rows packed one after another. What a loader's decoders make
/// (always `.rgba`), and what the window keeps from a loader's answer until it becomes a texture
/// or a thumbnail file. The memory comes from `calloc`, not Swift's allocator, so a loader at its
/// address-space limit gets a failure it can name rather than a trap; it starts transparent
/// black and is freed with the value.
public final class PixelBuffer: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let layout: PixelLayout
    public let bytes: UnsafeMutablePointer<UInt8>

    /// Bytes from one row to the next.
    public var pitch: Int { width * 4 }
    /// Bytes in all.
    public var count: Int { width * height * 4 }
    public var size: PixelBox { PixelBox(width: width, height: height) }

    private init(width: Int, height: Int, layout: PixelLayout, bytes: UnsafeMutablePointer<UInt8>) {
        self.width = width
        self.height = height
        self.layout = layout
        self.bytes = bytes
    }

    deinit { free(bytes) }

    /// The largest side a picture may have: what the window's renderer and SDL's 32-bit sizes
    /// can hold, whatever the pixel limit.
    public static let largestSide = 1 << 20

    /// Transparent black pixels of `width`×`height`, or why they cannot be had: a side of no
    /// pixels or past `largestSide`, or more memory than the process may have.
    public static func make(width: Int, height: Int, layout: PixelLayout = .rgba) -> Result<PixelBuffer, DecodeFailure>
    {
        guard width > 0, height > 0, width <= largestSide, height <= largestSide else {
            return .failure(.corrupt("a picture of \(width)×\(height) pixels"))
        }
        let (count, overflow) = (width * 4).multipliedReportingOverflow(by: height)
        guard !overflow, let memory = calloc(count, 1) else {
            return .failure(
                .overLimits("decoding it needs more memory than a loader may have (library.loaderMemoryMiB)"))
        }
        return .success(
            PixelBuffer(
                width: width, height: height, layout: layout, bytes: memory.assumingMemoryBound(to: UInt8.self)))
    }

    /// A copy, in `layout` (its own unless said), or nil when memory cannot be had.
    public func copy(as layout: PixelLayout? = nil) -> PixelBuffer? {
        let wanted = layout ?? self.layout
        guard case .success(let copy) = Self.make(width: width, height: height, layout: wanted) else { return nil }
        memcpy(copy.bytes, bytes, count)
        if wanted != self.layout {
            // The two layouts differ in red and blue changing places.
            for at in stride(from: 0, to: count, by: 4) { swap(&copy.bytes[at], &copy.bytes[at + 2]) }
        }
        return copy
    }

    /// Whether every pixel is fully opaque.
    public var isOpaque: Bool {
        var alpha: UInt8 = 255
        for at in stride(from: 3, to: count, by: 4) { alpha &= bytes[at] }
        return alpha == 255
    }

    /// The pixel at column `x`, row `y`, which must be inside, whatever the layout.
    public subscript(x: Int, y: Int) -> RGBA {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "a pixel outside the picture")
            let at = bytes + y * pitch + x * 4
            let (red, blue) = layout == .rgba ? (at[0], at[2]) : (at[2], at[0])
            return RGBA(r: red, g: at[1], b: blue, a: at[3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "a pixel outside the picture")
            let at = bytes + y * pitch + x * 4
            at[layout == .rgba ? 0 : 2] = newValue.r
            at[1] = newValue.g
            at[layout == .rgba ? 2 : 0] = newValue.b
            at[3] = newValue.a
        }
    }
}

/// One pixel's four channels, straight alpha.
public struct RGBA: Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Grey of `level`.
    public init(grey level: UInt8, a: UInt8 = 255) {
        self.init(r: level, g: level, b: level, a: a)
    }
}

/// The two ways a loader lays its pixels out, four bytes each: R, G, B, A (what decoders and the
/// thumbnail cache use, SDL's RGBA32) and B, G, R, A (ARGB8888, what most renderers take as a texture).
public enum PixelLayout: Int, Equatable {
    case rgba = 0
    case argb = 1
}
