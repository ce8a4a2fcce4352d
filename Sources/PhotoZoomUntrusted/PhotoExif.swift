import Foundation
import PhotoZoomCore

/// What a photo's EXIF tells the library: how its stored pixels turn upright (SDL_image ignores
/// the tag) and when it was taken. Read in Swift (`ExifSegment`) from the photo's first bytes,
/// which need not be the whole file: the EXIF segment comes first in a JPEG. Anything absent,
/// truncated or malformed reads as upright and undated, never as a crash; no C parser reads
/// these bytes in the window's process.
public struct PhotoExif: Equatable, Sendable {
    public var orientation: ExifOrientation
    /// DateTimeOriginal as an instant. EXIF writes the camera's wall-clock time: with
    /// OffsetTimeOriginal ("+02:00") it is exact; without it, it is read in this machine's time
    /// zone, where its owner most likely took the photo. Nil when absent or not a date (a camera
    /// whose clock was never set writes "0000:00:00 00:00:00").
    public var taken: Date?
    /// The small JPEG a camera embeds for viewers to show before the photo itself is decoded
    /// (IFD1's JPEGInterchangeFormat: 160×120 from most phones), stored the same way round as
    /// the photo; nil when there is none. Its colours are the photo's: where the photo carries a
    /// colour profile, the preview carries it too, as the photo's own APP2 segments.
    public var preview: Data?

    public init(orientation: ExifOrientation = .up, taken: Date? = nil, preview: Data? = nil) {
        self.orientation = orientation
        self.taken = taken
        self.preview = preview
    }

    /// The most of a file read for its EXIF: a JPEG's EXIF segment is at most 64 KB and comes
    /// before the image data, after at most a JFIF segment.
    public static let maximumPrefix = 256 << 10
    /// What is read first: the segment is usually within it; where it says it is longer, the
    /// rest of it is read.
    public static let readStep = 16 << 10

    /// What is read past the EXIF segment for the colour profile that follows it (a phone's or a
    /// camera's takes less than a kilobyte).
    public static let profileStep = 8 << 10

    /// From a photo's leading bytes: the whole file, or any prefix of it.
    public init(bytes: Data) {
        self = ExifSegment(jpeg: bytes).map(Self.init(segment:)) ?? PhotoExif()
        // Only as far as a file's reading goes (`init(file:)`), so the two read the same.
        if let preview, let segment = ExifSegment.locate(in: bytes),
            let profile = ICCProfile.inJPEG(
                bytes.prefix(min(segment.upperBound + Self.profileStep, Self.maximumPrefix)))
        {
            self.preview = profile.embedded(in: preview)
        }
    }

    /// From the first bytes of the file at `path`: `readStep`, then the rest of its EXIF
    /// segment where it is longer; nil when it cannot be opened or is not a regular file (a
    /// FIFO named like a photo is never read, so never waited on).
    public init?(file path: String) {
        guard case .success(let file) = UntrustedFile.open(path, maximumBytes: .max) else { return nil }
        var head = file.read(at: 0, count: Self.readStep)
        if let segment = ExifSegment.locate(in: head), segment.upperBound + Self.profileStep > head.count {
            let end = min(segment.upperBound + Self.profileStep, Self.maximumPrefix)
            if end > head.count { head += file.read(at: head.count, count: end - head.count) }
        }
        self.init(bytes: head)
    }

    private init(segment: ExifSegment) {
        let taken = segment.dateTaken.flatMap { ExifDate($0, offset: segment.offsetTaken) }
        self.init(
            orientation: segment.orientation.flatMap(ExifOrientation.init(rawValue:)) ?? .up, taken: taken?.instant,
            preview: segment.preview)
    }
}
