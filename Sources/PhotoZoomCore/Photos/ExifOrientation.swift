import Foundation

/// The EXIF/TIFF Orientation tag (0x0112): how a photo's stored pixels must be transformed to appear upright.
///
/// Cameras and phones usually write the sensor's pixels as they come and record how the device was held in this
/// tag instead of rotating the image data. SDL_image decodes the pixels but ignores the tag, so without this type a
/// portrait phone photo would show up lying on its side. The app reads the tag from the JPEG bytes itself and
/// reorients the decoded pixels before they become a texture, so everything downstream only sees upright images.
///
/// Case names and raw values match `CGImagePropertyOrientation`; each case's comment says what has to be done to the
/// stored image to display it.
public enum ExifOrientation: Int, Sendable, CaseIterable {
    /// 1: already upright.
    case up = 1
    /// 2: mirror left-right.
    case upMirrored = 2
    /// 3: rotate 180°.
    case down = 3
    /// 4: mirror top-bottom.
    case downMirrored = 4
    /// 5: transpose (mirror across the top-left to bottom-right diagonal).
    case leftMirrored = 5
    /// 6: rotate 90° clockwise (a phone held upright, home button at the bottom).
    case right = 6
    /// 7: transverse (mirror across the top-right to bottom-left diagonal).
    case rightMirrored = 7
    /// 8: rotate 90° counter-clockwise.
    case left = 8

    /// Reads the Orientation tag from IFD0 of a JPEG's EXIF (APP1) segment.
    ///
    /// Returns `.up` for anything without a usable tag: not a JPEG, no EXIF, an unknown value, or malformed and
    /// truncated data. Photos come from arbitrary files on disk, so every read is bounds-checked and a bad file just
    /// displays as stored instead of crashing the app.
    public static func read(fromJPEG data: Data) -> ExifOrientation {
        guard let tiff = exifTIFFHeader(inJPEG: data) else { return .up }
        return orientation(inTIFF: tiff) ?? .up
    }

    /// True when displaying the image swaps its width and height (orientations 5–8).
    public var swapsAxes: Bool {
        rawValue >= ExifOrientation.leftMirrored.rawValue
    }

    /// The upright size of a stored image of `width`×`height` pixels, i.e. the size after `reorient`.
    public func displaySize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// Transforms a decoded image so it displays upright.
    ///
    /// `pixels` holds `width`×`height` tightly packed 4-byte pixels, row-major with the top row first. Each pixel is
    /// moved as an opaque 32-bit value, so any channel order (RGBA, ARGB, BGRA…) works. The result has the size
    /// returned by `displaySize(width:height:)`; for `.up` the input is returned unchanged. This runs once per photo
    /// load, so it is a single pass of index arithmetic over raw buffers rather than per-pixel coordinate math.
    public func reorient(pixels: [UInt8], width: Int, height: Int) -> (pixels: [UInt8], width: Int, height: Int) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4,
                     "pixels must hold width × height 4-byte pixels")
        let out = displaySize(width: width, height: height)
        guard width > 0, height > 0 else { return (pixels, out.width, out.height) }

        // The source pixel index of output pixel (0, 0), and how far it moves per output column and per output row.
        let last = height - 1, right = width - 1
        let (start, columnStep, rowStep): (Int, Int, Int)
        switch self {
        case .up: return (pixels, width, height)
        case .upMirrored: (start, columnStep, rowStep) = (right, -1, width)
        case .down: (start, columnStep, rowStep) = (last * width + right, -1, -width)
        case .downMirrored: (start, columnStep, rowStep) = (last * width, 1, -width)
        case .leftMirrored: (start, columnStep, rowStep) = (0, width, 1)
        case .right: (start, columnStep, rowStep) = (last * width, -width, 1)
        case .rightMirrored: (start, columnStep, rowStep) = (last * width + right, -width, -1)
        case .left: (start, columnStep, rowStep) = (right, width, -1)
        }

        let result = [UInt8](unsafeUninitializedCapacity: pixels.count) { buffer, initializedCount in
            let destination = UnsafeMutableRawBufferPointer(buffer)
            pixels.withUnsafeBytes { source in
                var outputOffset = 0
                var rowStart = start
                for _ in 0..<out.height {
                    var index = rowStart
                    for _ in 0..<out.width {
                        let pixel = source.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self)
                        destination.storeBytes(of: pixel, toByteOffset: outputOffset, as: UInt32.self)
                        outputOffset &+= 4
                        index &+= columnStep
                    }
                    rowStart &+= rowStep
                }
            }
            initializedCount = pixels.count
        }
        return (result, out.width, out.height)
    }

    /// The TIFF structure inside the first "Exif\0\0" APP1 segment, or nil if the markers before the image data
    /// (start of scan) hold none.
    private static func exifTIFFHeader(inJPEG data: Data) -> ByteReader? {
        let jpeg = ByteReader(data: data, start: data.startIndex, count: data.count, bigEndian: true)
        guard jpeg.u8(at: 0) == 0xFF, jpeg.u8(at: 1) == 0xD8 else { return nil }
        let exifSignature: [Int] = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]  // "Exif\0\0"
        var offset = 2
        while true {
            guard jpeg.u8(at: offset) == 0xFF else { return nil }
            while jpeg.u8(at: offset + 1) == 0xFF { offset += 1 }  // optional fill bytes before a marker
            guard let marker = jpeg.u8(at: offset + 1) else { return nil }
            switch marker {
            case 0xDA, 0xD9:  // start of scan or end of image: no metadata follows
                return nil
            case 0x01, 0xD0...0xD7:  // markers without a length field
                offset += 2
                continue
            default:
                break
            }
            guard let length = jpeg.u16(at: offset + 2), length >= 2, offset + 2 + length <= jpeg.count else {
                return nil
            }
            let payload = offset + 4, end = offset + 2 + length
            if marker == 0xE1, end - payload > exifSignature.count,
               exifSignature.indices.allSatisfy({ jpeg.u8(at: payload + $0) == exifSignature[$0] }) {
                let tiffStart = payload + exifSignature.count
                return ByteReader(data: data, start: data.startIndex + tiffStart, count: end - tiffStart,
                                  bigEndian: true)
            }
            offset = end
        }
    }

    /// The Orientation value from IFD0 of a TIFF structure ("II" little-endian or "MM" big-endian).
    private static func orientation(inTIFF header: ByteReader) -> ExifOrientation? {
        var tiff = header
        switch (tiff.u8(at: 0), tiff.u8(at: 1)) {
        case (0x49, 0x49): tiff.bigEndian = false
        case (0x4D, 0x4D): tiff.bigEndian = true
        default: return nil
        }
        guard tiff.u16(at: 2) == 42, let ifd0 = tiff.u32(at: 4), let entryCount = tiff.u16(at: ifd0) else {
            return nil
        }
        let orientationTag = 0x0112, shortType = 3
        for entry in 0..<entryCount {
            let entryOffset = ifd0 + 2 + entry * 12
            guard let tag = tiff.u16(at: entryOffset) else { return nil }
            guard tag == orientationTag else { continue }
            guard tiff.u16(at: entryOffset + 2) == shortType, let valueCount = tiff.u32(at: entryOffset + 4),
                  valueCount >= 1, let value = tiff.u16(at: entryOffset + 8) else { return nil }
            return ExifOrientation(rawValue: value)
        }
        return nil
    }

    /// Bounds-checked reads of unsigned integers from a window of `data`; every read outside the window yields nil.
    private struct ByteReader {
        let data: Data
        /// The index in `data` of offset 0.
        let start: Int
        let count: Int
        var bigEndian: Bool

        func u8(at offset: Int) -> Int? {
            guard offset >= 0, offset < count else { return nil }
            return Int(data[start + offset])
        }

        func u16(at offset: Int) -> Int? {
            guard let a = u8(at: offset), let b = u8(at: offset + 1) else { return nil }
            return bigEndian ? a << 8 | b : b << 8 | a
        }

        func u32(at offset: Int) -> Int? {
            guard let a = u16(at: offset), let b = u16(at: offset + 2) else { return nil }
            return bigEndian ? a << 16 | b : b << 16 | a
        }
    }
}
