import Foundation

/// A photo's embedded ICC colour profile, checked in Swift before any C library reads it: its
/// size, its header's signature and sizes, and its tag table, each tag within the profile. A
/// profile that fails is no profile: the photo is shown as if it had none, never refused for it.
public struct ICCProfile: Hashable, Sendable {
    /// The colours its device values are in.
    public enum Space: String, Sendable {
        case rgb, grey, cmyk
    }

    public let bytes: Data
    public let space: Space

    /// The largest profile read: a display's is a few kilobytes, a printer's a megabyte or two.
    public static let largestBytes = 4 << 20
    /// The most tags read: real profiles have ten to forty.
    public static let mostTags = 100

    /// The profile in `bytes`, or nil where they are not one PhotoZoom reads.
    public init?(_ bytes: Data) {
        let b = [UInt8](bytes.prefix(Self.largestBytes + 1))
        guard b.count >= 132, b.count <= Self.largestBytes else { return nil }
        func u32(_ at: Int) -> Int { Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3]) }
        let declared = u32(0)
        // "acsp": the profile file signature.
        guard declared == b.count, b[36...39].elementsEqual([0x61, 0x63, 0x73, 0x70]) else { return nil }
        switch String(decoding: b[16...19], as: UTF8.self) {
        case "RGB ": space = .rgb
        case "GRAY": space = .grey
        case "CMYK": space = .cmyk
        default: return nil
        }
        let tags = u32(128)
        guard tags >= 1, tags <= Self.mostTags, 132 + 12 * tags <= b.count else { return nil }
        for tag in 0..<tags {
            let offset = u32(132 + 12 * tag + 4)
            let size = u32(132 + 12 * tag + 8)
            guard offset >= 128, size >= 8, offset <= b.count, size <= b.count - offset else { return nil }
        }
        self.bytes = Data(b)
    }

    /// The profile a JPEG carries in its APP2 "ICC_PROFILE" segments, put together in their
    /// order; nil where it has none, or their numbers do not add up to one whole profile.
    public static func inJPEG(_ data: Data) -> ICCProfile? {
        let b = data
        let start = b.startIndex
        guard b.count >= 4, b[start] == 0xFF, b[start + 1] == 0xD8 else { return nil }
        let signature = Array("ICC_PROFILE".utf8) + [0]
        var chunks: [Int: Range<Int>] = [:]
        var total = 0
        var declaredCount: Int?
        var i = 2
        while i + 4 <= b.count {
            // Stray bytes between segments are skipped, as libjpeg-turbo skips them.
            guard let (at, marker) = JPEGHeader.nextMarker(from: i, { $0 < b.count ? Int(b[start + $0]) : nil }),
                at + 4 <= b.count
            else { break }
            i = at
            // The segments that describe the image end at its first scan or frame's data.
            guard
                (0xE0...0xEF).contains(marker) || marker == 0xFE || marker == 0xDB || marker == 0xC4
                    || marker == 0xDD || (0xC0...0xCF).contains(marker)
            else { break }
            let length = Int(b[start + i + 2]) << 8 | Int(b[start + i + 3])
            guard length >= 2, i + 2 + length <= b.count else { break }
            let body = i + 4
            let end = i + 2 + length
            if marker == 0xE2, end - body > 14, b[(start + body)..<(start + body + 12)].elementsEqual(signature) {
                let sequence = Int(b[start + body + 12])
                let count = Int(b[start + body + 13])
                guard sequence >= 1, sequence <= count, declaredCount == nil || declaredCount == count,
                    chunks[sequence] == nil
                else { return nil }
                declaredCount = count
                chunks[sequence] = (start + body + 14)..<(start + end)
                total += end - body - 14
                guard total <= largestBytes else { return nil }
            }
            i = end
        }
        guard let count = declaredCount, chunks.count == count else { return nil }
        var bytes = Data(capacity: total)
        for sequence in 1...count {
            guard let chunk = chunks[sequence] else { return nil }
            bytes.append(b[chunk])
        }
        return ICCProfile(bytes)
    }

    /// The profile a WebP carries in its ICCP chunk (in an extended file, before the image);
    /// nil where it has none.
    public static func inWebP(_ data: Data) -> ICCProfile? {
        let b = data
        let start = b.startIndex
        guard b.count >= 12, b[start..<start + 4].elementsEqual("RIFF".utf8),
            b[(start + 8)..<(start + 12)].elementsEqual("WEBP".utf8)
        else { return nil }
        var at = 12
        while at + 8 <= b.count {
            let fourCC = b[(start + at)..<(start + at + 4)]
            let length = (0..<4).reduce(0) { $0 | Int(b[start + at + 4 + $1]) << (8 * $1) }
            guard length <= b.count - at - 8 else { return nil }
            if fourCC.elementsEqual("ICCP".utf8) {
                guard length <= largestBytes else { return nil }
                return ICCProfile(b[(start + at + 8)..<(start + at + 8 + length)])
            }
            // The image's own chunks: a profile comes before them or not at all.
            if fourCC.elementsEqual("VP8 ".utf8) || fourCC.elementsEqual("VP8L".utf8) { return nil }
            at += 8 + length + (length & 1)
        }
        return nil
    }

    /// `jpeg` with this profile in APP2 "ICC_PROFILE" segments right after its start (an
    /// embedded preview given its photo's colours); `jpeg` itself where it has no start.
    public func embedded(in jpeg: Data) -> Data {
        guard jpeg.count >= 2 else { return jpeg }
        let most = 65_533 - 14
        var out = Data(jpeg.prefix(2))
        let count = (bytes.count + most - 1) / most
        for (index, at) in stride(from: 0, to: bytes.count, by: most).enumerated() {
            let piece = bytes[(bytes.startIndex + at)..<(bytes.startIndex + min(at + most, bytes.count))]
            let length = 2 + 14 + piece.count
            out.append(contentsOf: [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)])
            out.append(contentsOf: Array("ICC_PROFILE".utf8) + [0, UInt8(index + 1), UInt8(count)])
            out.append(piece)
        }
        out.append(jpeg.dropFirst(2))
        return out
    }
}
