import CLoader
import Foundation
import PhotoZoomCore

/// What the window's process asks of a loader: decode the first `length` bytes of the
/// descriptor sent with the message (a photo, a cached thumbnail, or an embedded preview put in
/// a memory file), at `size`.
struct LoaderRequest: LoaderMessage {
    var name: String
    var length: Int
    var size: ScaledSize
    /// The EXIF orientation to apply (a preview has no EXIF of its own); nil reads it from the bytes.
    var orientation: Int?
    /// The only format the bytes may be: a cached thumbnail's PNG, a preview's JPEG.
    var expected: ImageKind?
    var limits: LibraryLimits

    func write(to out: inout MessageWriter) {
        out.text(name)
        out.int(length)
        switch size {
        case let .fitting(box): out.int(0); out.int(box.width); out.int(box.height)
        case let .covering(box): out.int(1); out.int(box.width); out.int(box.height)
        }
        out.int(orientation ?? -1)
        out.text(expected?.rawValue ?? "")
        for value in [limits.textureBudgetMiB, limits.maximumMegapixels, limits.maximumFileMiB, limits.loaderMemoryMiB, limits.loaderSeconds] { out.double(value) }
    }

    init(reading r: inout MessageReader) throws {
        name = try r.text()
        length = try r.int()
        let kind = try r.int(), box = PixelBox(width: try r.int(), height: try r.int())
        size = kind == 0 ? .fitting(box) : .covering(box)
        let turn = try r.int()
        orientation = turn >= 0 ? turn : nil
        let format = try r.text()
        expected = format.isEmpty ? nil : try ImageKind(rawValue: format) ?? { throw MessageReader.Malformed() }()
        limits = LibraryLimits(textureBudgetMiB: try r.double(), maximumMegapixels: try r.double(), maximumFileMiB: try r.double(),
                               loaderMemoryMiB: try r.double(), loaderSeconds: try r.double())
    }

    init(name: String, length: Int, size: ScaledSize, orientation: Int?, expected: ImageKind?, limits: LibraryLimits) {
        self.name = name; self.length = length; self.size = size; self.orientation = orientation; self.expected = expected; self.limits = limits
    }
}

/// A loader's answer: the pixels' shape in the memory file sent with it, or why there are none.
struct LoaderReply: LoaderMessage {
    var failure: String?
    var isOverLimits = false
    var width = 0
    var height = 0
    var pitch = 0
    var average = Color(r: 0, g: 0, b: 0, a: 0)
    var originalSize: PixelBox?

    func write(to out: inout MessageWriter) {
        out.text(failure ?? "")
        out.int(failure == nil ? 0 : 1)
        out.int(isOverLimits ? 1 : 0)
        out.int(width); out.int(height); out.int(pitch)
        for channel in [average.r, average.g, average.b, average.a] { out.int(Int(channel)) }
        out.int(originalSize?.width ?? -1); out.int(originalSize?.height ?? -1)
    }

    init(reading r: inout MessageReader) throws {
        let said = try r.text()
        failure = try r.int() == 0 ? nil : said
        isOverLimits = try r.int() != 0
        width = try r.int(); height = try r.int(); pitch = try r.int()
        func channel() throws -> UInt8 { UInt8(clamping: try r.int()) }
        average = Color(r: try channel(), g: try channel(), b: try channel(), a: try channel())
        let w = try r.int(), h = try r.int()
        originalSize = w >= 0 && h >= 0 ? PixelBox(width: w, height: h) : nil
    }

    init(failure: String? = nil, isOverLimits: Bool = false, width: Int = 0, height: Int = 0, pitch: Int = 0,
         average: Color = Color(r: 0, g: 0, b: 0, a: 0), originalSize: PixelBox? = nil) {
        self.failure = failure; self.isOverLimits = isOverLimits; self.width = width; self.height = height; self.pitch = pitch
        self.average = average; self.originalSize = originalSize
    }
}

/// A message of the loaders' protocol: little-endian integers and doubles, and texts with their
/// lengths, read back with every length checked. JSON took a tenth of a millisecond a message,
/// four times for each picture.
protocol LoaderMessage {
    func write(to out: inout MessageWriter)
    init(reading r: inout MessageReader) throws
}

struct MessageWriter {
    var bytes: [UInt8] = []
    mutating func int(_ value: Int) { withUnsafeBytes(of: Int64(value).littleEndian) { bytes += $0 } }
    mutating func double(_ value: Double) { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 } }
    mutating func text(_ value: String) {
        let utf8 = Array(value.utf8)
        int(utf8.count)
        bytes += utf8
    }
}

struct MessageReader {
    struct Malformed: Error {}
    let bytes: [UInt8]
    var at = 0

    mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.count - at else { throw Malformed() }
        defer { at += count }
        return bytes[at..<at + count]
    }

    mutating func int() throws -> Int { Int(truncatingIfNeeded: try take(8).reversed().reduce(Int64(0)) { $0 << 8 | Int64($1) }) }
    mutating func double() throws -> Double { Double(bitPattern: UInt64(truncatingIfNeeded: try int())) }
    mutating func text() throws -> String { String(decoding: try take(try int()), as: UTF8.self) }
}

/// One message each way over a loader's socket, a descriptor alongside.
enum LoaderSocket {
    /// Larger than any request or reply, which are a few dozen bytes and a file's name.
    static let messageCapacity = 64 << 10

    static func send<T: LoaderMessage>(_ value: T, on socket: Int32, fd: Int32 = -1) -> Bool {
        var out = MessageWriter()
        value.write(to: &out)
        guard out.bytes.count <= messageCapacity else { return false }
        return out.bytes.withUnsafeBytes { photozoom_send(socket, $0.baseAddress, $0.count, fd) } == out.bytes.count
    }

    /// The next message and its descriptor (-1 for none); nil at the end of the stream or for a
    /// message that is not one.
    static func receive<T: LoaderMessage>(_ type: T.Type, on socket: Int32) -> (value: T, fd: Int32)? {
        var buffer = [UInt8](repeating: 0, count: messageCapacity)
        var fd: Int32 = -1
        let count = buffer.withUnsafeMutableBytes { photozoom_receive(socket, $0.baseAddress, $0.count, &fd) }
        var reader = MessageReader(bytes: count > 0 ? Array(buffer[0..<count]) : [])
        guard count > 0, let value = try? T(reading: &reader) else {
            if fd >= 0 { close(fd) }
            return nil
        }
        return (value, fd)
    }
}
