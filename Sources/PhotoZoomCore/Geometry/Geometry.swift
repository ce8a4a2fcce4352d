/// A position in points (logical pixels); the core never deals in device pixels.
public struct Point: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    public static let zero = Point(x: 0, y: 0)

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    public var length: Double { (x * x + y * y).squareRoot() }
}

/// A size in points, or in pixels where a name says so.
public struct Size: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
    public static let zero = Size(width: 0, height: 0)
    public var aspectRatio: Double { height > 0 ? width / height : 1 }
    public var isEmpty: Bool { !(width > 0 && height > 0) }
}

/// An axis-aligned rectangle. Frames are in points; crops are in unit coordinates of a photo
/// (0…1 on each axis), so a crop survives whatever resolution the photo was decoded at.
public struct Rect: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }
    public init(center: Point, size: Size) {
        self.init(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The whole photo, as a crop.
    public static let unit = Rect(x: 0, y: 0, width: 1, height: 1)

    public var origin: Point { Point(x: x, y: y) }
    public var size: Size { Size(width: width, height: height) }
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }

    public func intersection(_ r: Rect) -> Rect? {
        let x0 = Swift.max(minX, r.minX)
        let y0 = Swift.max(minY, r.minY)
        let x1 = Swift.min(maxX, r.maxX)
        let y1 = Swift.min(maxY, r.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Linear blend; `t` = 0 gives `self`, 1 gives `other`.
    public func lerp(to other: Rect, _ t: Double) -> Rect {
        Rect(
            x: x + (other.x - x) * t, y: y + (other.y - y) * t,
            width: width + (other.width - width) * t, height: height + (other.height - height) * t)
    }
}

extension Rect {
    /// The largest rect of `content`'s aspect ratio that fits inside `self`, centred:
    /// touches the sides when the content is relatively wider, else the top and bottom.
    public func aspectFit(_ content: Size) -> Rect {
        guard !content.isEmpty, !isEmpty else { return self }
        let scale = Swift.min(width / content.width, height / content.height)
        return Rect(center: center, size: Size(width: content.width * scale, height: content.height * scale))
    }

    /// The centred unit crop of a photo of size `photo` that fills a frame of size `frame`
    /// without distortion (aspect-fill): the photo's longer side relative to the frame is cut.
    public static func aspectFillCrop(photo: Size, frame: Size) -> Rect {
        guard !photo.isEmpty, !frame.isEmpty else { return .unit }
        let photoAspect = photo.aspectRatio
        let frameAspect = frame.aspectRatio
        if photoAspect > frameAspect {
            let w = frameAspect / photoAspect
            return Rect(x: (1 - w) / 2, y: 0, width: w, height: 1)
        } else {
            let h = photoAspect / frameAspect
            return Rect(x: 0, y: (1 - h) / 2, width: 1, height: h)
        }
    }
}

extension Rect {
    /// The same rect with a negative width or height shrunk to nothing about its centre.
    public var withoutNegativeSize: Rect {
        guard width < 0 || height < 0 else { return self }
        let c = center
        let w = Swift.max(width, 0)
        let h = Swift.max(height, 0)
        return Rect(x: width < 0 ? c.x : x, y: height < 0 ? c.y : y, width: w, height: h)
    }
}
