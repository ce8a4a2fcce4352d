import Foundation
import PhotoZoomCore
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// What a loader does to a decoded picture before it hands it on: shrinks it well and turns it
/// upright. Each function leaves its input as it was.
public enum PictureScaling {
    /// `picture` shrunk to `width`×`height` without aliasing: halved (each pixel the rounded mean
    /// of a 2×2 block) while half is still no smaller than asked for, then one bilinear step,
    /// which is faithful for a ratio under 2 (bilinear alone over a larger one skips pixels and
    /// shimmers). The same size comes back as a copy.
    public static func downscaled(_ picture: PixelBuffer, width: Int, height: Int) -> Result<PixelBuffer, DecodeFailure>
    {
        var current = picture
        while current.width / 2 >= width, current.height / 2 >= height {
            switch halved(current) {
            case .success(let half): current = half
            case .failure(let failure): return .failure(failure)
            }
        }
        return stretched(current, width: width, height: height)
    }

    /// Each pixel the rounded mean of a 2×2 block; an odd last column or row is left out.
    /// Two channels at a time in one word (each lane has room for the sum of four).
    static func halved(_ picture: PixelBuffer) -> Result<PixelBuffer, DecodeFailure> {
        PixelBuffer.make(width: picture.width / 2, height: picture.height / 2, layout: picture.layout).map { half in
            let source = UnsafeRawPointer(picture.bytes)
            let lanes: UInt32 = 0x00FF_00FF
            for y in 0..<half.height {
                let top = source + 2 * y * picture.pitch
                let bottom = top + picture.pitch
                let out = UnsafeMutableRawPointer(half.bytes + y * half.pitch)
                for x in 0..<half.width {
                    let a = top.loadUnaligned(fromByteOffset: 8 &* x, as: UInt32.self)
                    let b = top.loadUnaligned(fromByteOffset: 8 &* x &+ 4, as: UInt32.self)
                    let c = bottom.loadUnaligned(fromByteOffset: 8 &* x, as: UInt32.self)
                    let d = bottom.loadUnaligned(fromByteOffset: 8 &* x &+ 4, as: UInt32.self)
                    let even = (a & lanes) &+ (b & lanes) &+ (c & lanes) &+ (d & lanes) &+ 0x0002_0002
                    let odd =
                        (a >> 8 & lanes) &+ (b >> 8 & lanes) &+ (c >> 8 & lanes) &+ (d >> 8 & lanes) &+ 0x0002_0002
                    out.storeBytes(
                        of: (even >> 2) & lanes | ((odd >> 2) & lanes) << 8, toByteOffset: 4 &* x, as: UInt32.self)
                }
            }
            return half
        }
    }

    /// `picture` stretched bilinearly to `width`×`height`, sampled at each output pixel's centre:
    /// each source row pair mixed first, then each column pair, two channels at a time in one
    /// word, each mix rounded to the nearest level.
    static func stretched(_ picture: PixelBuffer, width: Int, height: Int) -> Result<PixelBuffer, DecodeFailure> {
        PixelBuffer.make(width: width, height: height, layout: picture.layout).map { out in
            if width == picture.width, height == picture.height {
                memcpy(out.bytes, picture.bytes, picture.count)
                return out
            }
            let columns = samples(from: picture.width, to: width)
            let rows = samples(from: picture.height, to: height)
            let source = UnsafeRawPointer(picture.bytes)
            columns.withUnsafeBufferPointer { columns in
                for y in 0..<height {
                    let row = rows[y]
                    let upper = source + row.first * picture.pitch
                    let lower = source + row.second * picture.pitch
                    let to = UnsafeMutableRawPointer(out.bytes + y * out.pitch)
                    for x in 0..<width {
                        let column = columns[x]
                        let left = mix(
                            upper.loadUnaligned(fromByteOffset: 4 &* column.first, as: UInt32.self),
                            lower.loadUnaligned(fromByteOffset: 4 &* column.first, as: UInt32.self), row.weight)
                        let right = mix(
                            upper.loadUnaligned(fromByteOffset: 4 &* column.second, as: UInt32.self),
                            lower.loadUnaligned(fromByteOffset: 4 &* column.second, as: UInt32.self), row.weight)
                        to.storeBytes(of: mix(left, right, column.weight), toByteOffset: 4 &* x, as: UInt32.self)
                    }
                }
            }
            return out
        }
    }

    /// The four channels of `a` and `b` mixed, `weight` 256ths of the way to `b`, each rounded.
    @inline(__always)
    private static func mix(_ a: UInt32, _ b: UInt32, _ weight: UInt32) -> UInt32 {
        let lanes: UInt32 = 0x00FF_00FF
        let keep = 256 &- weight
        let even = ((a & lanes) &* keep &+ (b & lanes) &* weight &+ 0x0080_0080) >> 8 & lanes
        let odd = ((a >> 8 & lanes) &* keep &+ (b >> 8 & lanes) &* weight &+ 0x0080_0080) >> 8 & lanes
        return even | odd << 8
    }

    /// Where each of `count` output pixels samples a side of `source` pixels.
    private static func samples(from source: Int, to count: Int) -> [Sample] {
        (0..<count).map { index in
            // The output pixel's centre in source pixels, in 1/256ths; clamped at the edges.
            let centre = ((2 * index + 1) * source * 256) / (2 * count) - 128
            let clamped = min(max(centre, 0), (source - 1) * 256)
            let first = clamped >> 8
            return Sample(first: first, second: min(first + 1, source - 1), weight: UInt32(clamped & 255))
        }
    }

    /// Two neighbouring source pixels and how far between them a sample lies, in 256ths.
    private struct Sample {
        let first: Int
        let second: Int
        let weight: UInt32
    }

    /// A copy of `picture` turned as `orientation` says, so it shows upright.
    public static func upright(_ picture: PixelBuffer, _ orientation: ExifOrientation) -> Result<
        PixelBuffer, DecodeFailure
    > {
        let turned = orientation.displaySize(width: picture.width, height: picture.height)
        return PixelBuffer.make(width: turned.width, height: turned.height).map { out in
            orientation.reorient(
                from: picture.bytes, pitch: picture.pitch, width: picture.width, height: picture.height,
                into: out.bytes, pitch: out.pitch)
            return out
        }
    }
}
