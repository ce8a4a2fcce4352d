import Foundation
import PhotoZoomCore
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
    static func halved(_ picture: PixelBuffer) -> Result<PixelBuffer, DecodeFailure> {
        PixelBuffer.make(width: picture.width / 2, height: picture.height / 2).map { half in
            for y in 0..<half.height {
                let top = picture.bytes + 2 * y * picture.pitch
                let bottom = top + picture.pitch
                let out = half.bytes + y * half.pitch
                for x in 0..<half.width * 4 {
                    let left = (x >> 2) * 8 + (x & 3)
                    let sum = Int(top[left]) + Int(top[left + 4]) + Int(bottom[left]) + Int(bottom[left + 4])
                    out[x] = UInt8(truncatingIfNeeded: (sum + 2) >> 2)
                }
            }
            return half
        }
    }

    /// `picture` stretched bilinearly to `width`×`height`, sampled at each output pixel's centre.
    static func stretched(_ picture: PixelBuffer, width: Int, height: Int) -> Result<PixelBuffer, DecodeFailure> {
        PixelBuffer.make(width: width, height: height).map { out in
            if width == picture.width, height == picture.height {
                memcpy(out.bytes, picture.bytes, picture.count)
                return out
            }
            let columns = samples(from: picture.width, to: width)
            let rows = samples(from: picture.height, to: height)
            for y in 0..<height {
                let row = rows[y]
                let upper = picture.bytes + row.first * picture.pitch
                let lower = picture.bytes + row.second * picture.pitch
                let to = out.bytes + y * out.pitch
                for x in 0..<width {
                    let column = columns[x]
                    let left = column.first * 4
                    let right = column.second * 4
                    for channel in 0..<4 {
                        let top = column.blend(Int(upper[left + channel]), Int(upper[right + channel]))
                        let bottom = column.blend(Int(lower[left + channel]), Int(lower[right + channel]))
                        to[x * 4 + channel] = UInt8(truncatingIfNeeded: (row.blend(top, bottom) + 32768) >> 16)
                    }
                }
            }
            return out
        }
    }

    /// Where each of `count` output pixels samples a side of `source` pixels.
    private static func samples(from source: Int, to count: Int) -> [Sample] {
        (0..<count).map { index in
            // The output pixel's centre in source pixels, in 1/256ths; clamped at the edges.
            let centre = ((2 * index + 1) * source * 256) / (2 * count) - 128
            let clamped = min(max(centre, 0), (source - 1) * 256)
            let first = clamped >> 8
            return Sample(first: first, second: min(first + 1, source - 1), weight: clamped & 255)
        }
    }

    /// Two neighbouring source pixels and how far between them a sample lies, in 1/256ths.
    private struct Sample {
        let first: Int
        let second: Int
        let weight: Int

        /// `a` and `b` mixed at the sample, scaled up by 256: rows of columns so mixed come out
        /// 65,536 times the level, rounded once at the end.
        func blend(_ a: Int, _ b: Int) -> Int { a * (256 - weight) + b * weight }
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
