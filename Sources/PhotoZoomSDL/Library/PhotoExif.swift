import CExif
import Foundation
import PhotoZoomCore

/// What a photo's EXIF tells the library: how its stored pixels turn upright (SDL_image ignores
/// the tag) and when it was taken. Read with libexif from the photo's first bytes, which need not
/// be the whole file: the EXIF segment comes first in a JPEG. Anything absent, truncated or
/// malformed reads as upright and undated, never as a crash.
public struct PhotoExif: Equatable, Sendable {
    public var orientation: ExifOrientation
    /// DateTimeOriginal as an instant. EXIF writes the camera's wall-clock time: with
    /// OffsetTimeOriginal ("+02:00") it is exact; without it, it is read in this machine's time
    /// zone, where its owner most likely took the photo. Nil when absent or not a date (a camera
    /// whose clock was never set writes "0000:00:00 00:00:00").
    public var taken: Date?
    /// The small JPEG a camera embeds for viewers to show before the photo itself is decoded
    /// (IFD1's JPEGInterchangeFormat: 160×120 from most phones), stored the same way round as
    /// the photo; nil when there is none.
    public var preview: Data?

    public init(orientation: ExifOrientation = .up, taken: Date? = nil, preview: Data? = nil) {
        self.orientation = orientation; self.taken = taken; self.preview = preview
    }

    /// The most of a file read for its EXIF: a JPEG's EXIF segment is at most 64 KB and comes
    /// before the image data, after at most a JFIF segment.
    public static let maximumPrefix = 256 << 10
    /// How much is read at a time: libexif says when it has the whole segment, usually within
    /// the first step.
    static let readStep = 16 << 10

    /// From a photo's leading bytes: the whole file, or any prefix of it.
    public init(bytes: Data) {
        self = Self.read { loader in
            bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress, !raw.isEmpty else { return }
                // libexif takes a mutable pointer but only reads through it.
                _ = exif_loader_write(loader, UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self)), UInt32(clamping: raw.count))
            }
        }
    }

    /// From the first bytes of the file at `path`, read in steps until libexif has the EXIF
    /// segment or `maximumPrefix` bytes were read; nil when it cannot be opened or is not a
    /// regular file (a FIFO named like a photo is never read, so never waited on).
    public init?(file path: String) {
        guard case let .success(file) = UntrustedFile.open(path, maximumBytes: .max) else { return nil }
        self = Self.read { loader in
            var offset = 0
            while offset < Self.maximumPrefix {
                let chunk = file.read(at: offset, count: Swift.min(Self.readStep, Self.maximumPrefix - offset))
                guard !chunk.isEmpty else { return }
                offset += chunk.count
                let wantsMore = chunk.withUnsafeBytes { raw in
                    exif_loader_write(loader, UnsafeMutablePointer(mutating: raw.baseAddress!.assumingMemoryBound(to: UInt8.self)), UInt32(raw.count))
                }
                guard wantsMore != 0 else { return }
            }
        }
    }

    /// The facts from what `feed` gives libexif's loader, which keeps only the EXIF segment.
    private static func read(_ feed: (OpaquePointer) -> Void) -> PhotoExif {
        guard let loader = exif_loader_new() else { return PhotoExif() }
        defer { exif_loader_unref(loader) }
        feed(loader)
        var segment: UnsafePointer<UInt8>?
        var size: UInt32 = 0
        exif_loader_get_buf(loader, &segment, &size)
        guard let segment, size > 0, let exif = exif_data_new() else { return PhotoExif() }
        defer { exif_data_unref(exif) }
        // Fixing the data to the specification is for writing it back (it converts entries and
        // adds the mandatory ones a photo lacks): work a reader has no use for.
        exif_data_unset_option(exif, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_load_data(exif, segment, size)
        let tags = Tags(exif: exif)
        let orientation = tags.short(EXIF_TAG_ORIENTATION, in: exif.pointee.ifd.0).flatMap { ExifOrientation(rawValue: Int($0)) } ?? .up
        let exifIFD = exif.pointee.ifd.2
        let taken = tags.text(EXIF_TAG_DATE_TIME_ORIGINAL, in: exifIFD).flatMap { ExifDate($0, offset: tags.text(EXIF_TAG_OFFSET_TIME_ORIGINAL, in: exifIFD)) }
        // libexif takes IFD1's JPEG out of the segment as it loads it.
        let preview = exif.pointee.data.flatMap { data in
            exif.pointee.size > 2 && data[0] == 0xFF && data[1] == 0xD8 ? Data(bytes: data, count: Int(exif.pointee.size)) : nil
        }
        return PhotoExif(orientation: orientation, taken: taken?.instant, preview: preview)
    }

    /// An entry's value, if it has the type the tag must have.
    private struct Tags {
        let exif: UnsafeMutablePointer<ExifData>

        func short(_ tag: ExifTag, in ifd: UnsafeMutablePointer<ExifContent>?) -> UInt16? {
            guard let entry = exif_content_get_entry(ifd, tag)?.pointee, entry.format == EXIF_FORMAT_SHORT, entry.components >= 1,
                  entry.size >= 2, let data = entry.data else { return nil }
            return exif_get_short(data, exif_data_get_byte_order(exif))
        }

        /// ASCII, up to its terminating NUL.
        func text(_ tag: ExifTag, in ifd: UnsafeMutablePointer<ExifContent>?) -> String? {
            guard let entry = exif_content_get_entry(ifd, tag)?.pointee, entry.format == EXIF_FORMAT_ASCII, let data = entry.data else { return nil }
            return String(decoding: UnsafeBufferPointer(start: data, count: Int(entry.size)).prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
