/// The EXIF/TIFF Orientation tag (0x0112): how a photo's stored pixels must be transformed to appear upright.
///
/// Cameras and phones usually write the sensor's pixels as they come and record how the device was held in this
/// tag instead of rotating the image data. SDL_image decodes the pixels but ignores the tag, so without this type a
/// portrait phone photo would show up lying on its side. The platform reads the tag (ExifSegment) and reorients the
/// decoded pixels before they become a texture, so everything downstream only sees upright images.
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
    /// returned by `displaySize(width:height:)`; for `.up` the input is returned unchanged.
    public func reorient(pixels: [UInt8], width: Int, height: Int) -> (pixels: [UInt8], width: Int, height: Int) {
        precondition(
            width >= 0 && height >= 0 && pixels.count == width * height * 4,
            "pixels must hold width × height 4-byte pixels")
        let out = displaySize(width: width, height: height)
        guard self != .up, width > 0, height > 0 else { return (pixels, out.width, out.height) }
        let result = [UInt8](unsafeUninitializedCapacity: pixels.count) { buffer, initializedCount in
            pixels.withUnsafeBytes { source in
                reorient(
                    from: source.baseAddress!, pitch: width * 4, width: width, height: height,
                    into: UnsafeMutableRawPointer(buffer.baseAddress!), pitch: out.width * 4)
            }
            initializedCount = pixels.count
        }
        return (result, out.width, out.height)
    }

    /// The same from one buffer of rows to another, as a decoder's surfaces hold them: `source` has `height` rows of
    /// `width` 4-byte pixels, each row `sourcePitch` bytes after the last; `destination`, the upright image's rows
    /// (`displaySize(width:height:)`), each `destinationPitch` bytes after the last. One pass, no copy between: a
    /// sideways 12-megapixel page went through two whole arrays on its way from one surface to the other.
    public func reorient(
        from source: UnsafeRawPointer, pitch sourcePitch: Int, width: Int, height: Int,
        into destination: UnsafeMutableRawPointer, pitch destinationPitch: Int
    ) {
        guard width > 0, height > 0 else { return }
        let out = displaySize(width: width, height: height)
        let last = height - 1
        let right = width - 1
        // The stored pixel of upright pixel (0, 0), and how far the stored position moves per upright column and per
        // upright row, as (x, y) steps.
        let (start, column, row): (StoredPixel, StoredPixel, StoredPixel)
        switch self {
        case .up: (start, column, row) = (StoredPixel(0, 0), StoredPixel(1, 0), StoredPixel(0, 1))
        case .upMirrored: (start, column, row) = (StoredPixel(right, 0), StoredPixel(-1, 0), StoredPixel(0, 1))
        case .down: (start, column, row) = (StoredPixel(right, last), StoredPixel(-1, 0), StoredPixel(0, -1))
        case .downMirrored: (start, column, row) = (StoredPixel(0, last), StoredPixel(1, 0), StoredPixel(0, -1))
        case .leftMirrored: (start, column, row) = (StoredPixel(0, 0), StoredPixel(0, 1), StoredPixel(1, 0))
        case .right: (start, column, row) = (StoredPixel(0, last), StoredPixel(0, -1), StoredPixel(1, 0))
        case .rightMirrored: (start, column, row) = (StoredPixel(right, last), StoredPixel(0, -1), StoredPixel(-1, 0))
        case .left: (start, column, row) = (StoredPixel(right, 0), StoredPixel(0, 1), StoredPixel(-1, 0))
        }
        let columnStep = column.offset(pitch: sourcePitch)
        let rowStep = row.offset(pitch: sourcePitch)
        var rowStart = start.offset(pitch: sourcePitch)
        for y in 0..<out.height {
            var from = rowStart
            let to = destination + y * destinationPitch
            for x in 0..<out.width {
                to.storeBytes(
                    of: source.loadUnaligned(fromByteOffset: from, as: UInt32.self), toByteOffset: x &* 4,
                    as: UInt32.self)
                from &+= columnStep
            }
            rowStart &+= rowStep
        }
    }
}

/// A stored pixel's position, or a step between two, in pixels.
private struct StoredPixel {
    let x: Int
    let y: Int

    init(_ x: Int, _ y: Int) {
        self.x = x
        self.y = y
    }

    /// Its byte offset in rows `pitch` bytes apart.
    func offset(pitch: Int) -> Int { y * pitch + x * 4 }
}
