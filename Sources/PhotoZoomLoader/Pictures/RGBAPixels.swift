import Foundation
import PhotoZoomUntrusted

/// Pixels a loader's decoder made: `width`×`height`, four bytes each in the order R, G, B, A
/// (straight, not premultiplied, alpha), rows packed one after another. The memory comes from
/// `calloc`, not Swift's allocator, so a loader at its address-space limit gets a failure it
/// can name rather than a trap; it starts transparent black and is freed with the value.
public final class RGBAPixels: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let bytes: UnsafeMutablePointer<UInt8>

    /// Bytes from one row to the next.
    public var pitch: Int { width * 4 }
    /// Bytes in all.
    public var count: Int { width * height * 4 }

    private init(width: Int, height: Int, bytes: UnsafeMutablePointer<UInt8>) {
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    deinit { free(bytes) }

    /// The largest side a picture may have: what the window's renderer and SDL's 32-bit sizes
    /// can hold, whatever the pixel limit.
    public static let largestSide = 1 << 20

    /// Transparent black pixels of `width`×`height`, or why they cannot be had: a side of no
    /// pixels or past `largestSide`, or more memory than the loader may have.
    public static func make(width: Int, height: Int) -> Result<RGBAPixels, DecodeFailure> {
        guard width > 0, height > 0, width <= largestSide, height <= largestSide else {
            return .failure(.corrupt("a picture of \(width)×\(height) pixels"))
        }
        let (count, overflow) = (width * 4).multipliedReportingOverflow(by: height)
        guard !overflow, let memory = calloc(count, 1) else {
            return .failure(
                .overLimits("decoding it needs more memory than a loader may have (library.loaderMemoryMiB)"))
        }
        return .success(RGBAPixels(width: width, height: height, bytes: memory.assumingMemoryBound(to: UInt8.self)))
    }

    /// The four bytes of the pixel at column `x`, row `y`, which must be inside.
    public subscript(x: Int, y: Int) -> RGBA {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "a pixel outside the picture")
            let at = bytes + y * pitch + x * 4
            return RGBA(r: at[0], g: at[1], b: at[2], a: at[3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "a pixel outside the picture")
            let at = bytes + y * pitch + x * 4
            at[0] = newValue.r
            at[1] = newValue.g
            at[2] = newValue.b
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
