import Foundation

/// A JPEG's size from its start-of-frame segment, found by walking the segments before it: each
/// names its own length, so only their four-byte headers are read on the way.
public enum JPEGHeader {
    public struct Frame {
        public let marker: UInt8
        public let width: Int
        public let height: Int
        public let components: Int
    }

    /// Start-of-frame markers of Huffman-coded JPEGs (arithmetic coding packs flat areas tighter).
    public static let huffmanFrames: Set<UInt8> = [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7]
    /// Start-of-frame markers of sequential Huffman-coded JPEGs (baseline, extended, lossless).
    public static let sequentialFrames: Set<UInt8> = [0xC0, 0xC1, 0xC3]

    public static func dimensions(_ bytes: inout HeaderBytes) -> PhotoHeader.Dimensions? {
        guard let frame = frame(&bytes), frame.components >= 1 else { return nil }
        var found = PhotoHeader.Dimensions(kind: .jpeg, width: frame.width, height: frame.height)
        found.components = frame.components
        found.isCMYK = frame.components == 4
        found.decodesInStrips = sequentialFrames.contains(frame.marker)
        // Two bits for each 8×8 block of each channel is the least a Huffman-coded flat image takes.
        if huffmanFrames.contains(frame.marker) { found.leastFileBytes = frame.width * frame.height / 1024 }
        return found
    }

    /// The start-of-frame segment, or nil where the walk meets something that is not a segment
    /// (or the scan) first, or the bytes end.
    public static func frame(_ bytes: inout HeaderBytes) -> Frame? {
        let frames = (0xC0...0xCF).filter { ![0xC4, 0xC8, 0xCC].contains($0) }
        guard let (i, marker, length) = segment(&bytes, frames.contains), length >= 8,
            let height = bytes.be16(i + 5), let width = bytes.be16(i + 7), let components = bytes.u8(i + 9)
        else { return nil }
        return Frame(marker: UInt8(marker), width: width, height: height, components: components)
    }

    /// Where the first scan's image data begins (past its header), or nil where the walk meets
    /// something that is not a segment first. A file that ends there has no pixels at all.
    public static func firstScanData(_ bytes: inout HeaderBytes) -> Int? {
        segment(&bytes) { $0 == 0xDA }.map { $0.at + 2 + $0.length }
    }

    /// The first segment whose marker is `wanted`: where its marker is, the marker, and its
    /// length; nil where the walk meets something that is not a segment, or the scan, first.
    private static func segment(_ bytes: inout HeaderBytes, _ wanted: (Int) -> Bool) -> (
        at: Int, marker: Int, length: Int
    )? {
        guard bytes.bytes(0, 2) == [0xFF, 0xD8] else { return nil }
        var i = 2
        while true {
            guard let (at, marker) = nextMarker(from: i, { bytes.u8($0) }) else { return nil }
            i = at
            // Markers without a length: the restart markers, and the start and end of an image.
            if (0xD0...0xD9).contains(marker) || marker == 0x01 {
                guard marker != 0xD9 else { return nil }
                i += 2
                continue
            }
            guard let length = bytes.be16(i + 2), length >= 2 else { return nil }
            if wanted(marker) { return (i, marker, length) }
            guard marker != 0xDA else { return nil }
            i += 2 + length
        }
    }

    /// The most bytes skipped looking for a marker; past them the file is not a JPEG's segments.
    public static let mostStrayBytes = 65_536

    /// The next marker from `offset` on, found as libjpeg-turbo finds it: bytes that are not a
    /// marker (an editor's stray bytes between segments, which libjpeg-turbo skips with a
    /// warning), fill bytes (0xFF) and stuffed zeros (0xFF 0x00) are passed over, at most
    /// `mostStrayBytes` of them. Its offset (of the 0xFF before its code) and its code, or nil
    /// where `byte` (a byte of the file, nil past its end) ends first.
    public static func nextMarker(from offset: Int, _ byte: (Int) -> Int?) -> (at: Int, code: Int)? {
        var i = offset
        while i - offset <= mostStrayBytes, let value = byte(i) {
            guard value == 0xFF else {
                i += 1
                continue
            }
            guard let code = byte(i + 1) else { return nil }
            guard code != 0xFF, code != 0 else {
                i += code == 0 ? 2 : 1
                continue
            }
            return (i, code)
        }
        return nil
    }
}
