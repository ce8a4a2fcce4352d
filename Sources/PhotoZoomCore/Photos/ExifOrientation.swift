/// The EXIF/TIFF Orientation tag (0x0112): how a photo's stored pixels must be transformed to appear upright.
///
/// Cameras and phones usually write the sensor's pixels as they come and record how the device was held in this
/// tag instead of rotating the image data. SDL_image decodes the pixels but ignores the tag, so without this type a
/// portrait phone photo would show up lying on its side. The platform reads the tag (with libexif) and reorients the
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
}
