import CExif
import CTurboJPEG
import Foundation
import XCTest

/// JPEG files made by the tests as a camera makes them: pixels encoded by libjpeg-turbo, then an
/// EXIF segment written by libexif's own writer right after the start-of-image marker.
enum ExifJPEG {
    /// One EXIF entry, its value already in the segment's byte order.
    struct Entry {
        var tag: ExifTag
        var ifd: ExifIfd
        var format: ExifFormat
        var components: Int
        var bytes: [UInt8]

        static func orientation(_ value: Int, bigEndian: Bool = false) -> Entry {
            Entry(
                tag: EXIF_TAG_ORIENTATION, ifd: EXIF_IFD_0, format: EXIF_FORMAT_SHORT, components: 1,
                bytes: bigEndian
                    ? [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] : [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)])
        }

        /// An ASCII entry of the EXIF directory, NUL-terminated as EXIF writes it.
        static func text(_ tag: ExifTag, _ value: String) -> Entry {
            let bytes = Array(value.utf8) + [0]
            return Entry(tag: tag, ifd: EXIF_IFD_EXIF, format: EXIF_FORMAT_ASCII, components: bytes.count, bytes: bytes)
        }

        static func taken(_ value: String) -> Entry { text(EXIF_TAG_DATE_TIME_ORIGINAL, value) }
        static func offset(_ value: String) -> Entry { text(EXIF_TAG_OFFSET_TIME_ORIGINAL, value) }
    }

    /// The EXIF segment's payload ("Exif\0\0" and the TIFF structure) as libexif writes it,
    /// with `preview` as its embedded JPEG (IFD1) when given.
    static func segment(_ entries: [Entry], bigEndian: Bool = false, preview: [UInt8]? = nil) -> [UInt8] {
        let exif = exif_data_new()!
        defer { exif_data_unref(exif) }
        if let preview {
            // libexif frees its preview with free() and writes IFD1 for it.
            let copy = malloc(preview.count)!.assumingMemoryBound(to: UInt8.self)
            copy.update(from: preview, count: preview.count)
            exif.pointee.data = copy
            exif.pointee.size = UInt32(preview.count)
        }
        exif_data_set_byte_order(exif, bigEndian ? EXIF_BYTE_ORDER_MOTOROLA : EXIF_BYTE_ORDER_INTEL)
        let contents = [
            exif.pointee.ifd.0, exif.pointee.ifd.1, exif.pointee.ifd.2, exif.pointee.ifd.3, exif.pointee.ifd.4,
        ]
        for entry in entries {
            let made = exif_entry_new()!
            made.pointee.tag = entry.tag
            made.pointee.format = entry.format
            made.pointee.components = UInt(entry.components)
            // libexif's default allocator frees with free().
            let data = malloc(entry.bytes.count)!.assumingMemoryBound(to: UInt8.self)
            data.update(from: entry.bytes, count: entry.bytes.count)
            made.pointee.data = data
            made.pointee.size = UInt32(entry.bytes.count)
            exif_content_add_entry(contents[Int(entry.ifd.rawValue)], made)
            exif_entry_unref(made)
        }
        var saved: UnsafeMutablePointer<UInt8>?
        var size: UInt32 = 0
        exif_data_save_data(exif, &saved, &size)
        defer { free(saved) }
        return Array(UnsafeBufferPointer(start: saved, count: Int(size)))
    }

    /// `jpeg` with an APP1 segment holding `payload` right after its start-of-image marker.
    static func inserting(_ payload: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return Array(jpeg[0..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + Array(jpeg[2...])
    }

    /// Tightly packed RGB pixels, top row first, as a baseline (or progressive) JPEG at quality 95 without chroma subsampling.
    static func encode(rgb: [UInt8], width: Int, height: Int, progressive: Bool = false) throws -> [UInt8] {
        let handle = try XCTUnwrap(tjInitCompress())
        defer { tjDestroy(handle) }
        var jpeg: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        XCTAssertEqual(
            tjCompress2(
                handle, rgb, Int32(width), Int32(width * 3), Int32(height), Int32(TJPF_RGB.rawValue), &jpeg, &size,
                Int32(TJSAMP_444.rawValue), 95, progressive ? Int32(TJFLAG_PROGRESSIVE) : 0), 0)
        defer { tjFree(jpeg) }
        return Array(UnsafeBufferPointer(start: jpeg, count: Int(size)))
    }

    /// A picture whose four quarters are the colours given (top left, top right, bottom left,
    /// bottom right, each RGB), so any turn or mirror shows in where they land.
    static func quarters(_ colours: [[UInt8]], width: Int, height: Int) -> [UInt8] {
        var rgb = [UInt8]()
        rgb.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width { rgb += colours[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)] }
        }
        return rgb
    }

    /// A small JPEG with `entries` in its EXIF.
    static func photo(_ entries: [Entry], bigEndian: Bool = false) throws -> Data {
        let plain = try encode(
            rgb: quarters([[200, 30, 30], [30, 200, 30], [30, 30, 200], [220, 220, 40]], width: 16, height: 8),
            width: 16, height: 8)
        return Data(inserting(segment(entries, bigEndian: bigEndian), into: plain))
    }
}
