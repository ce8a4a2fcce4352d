import CLoader
import Foundation
import PhotoZoomCore
import PhotoZoomUntrusted

/// One picture a loader is asked for: the `length` bytes at `offset` in the descriptor sent
/// with the request (a photo, a cached thumbnail, or embedded previews put in a memory file),
/// decoded at `size`.
public struct LoaderItem: Equatable {
    public var name: String
    public var offset = 0
    public var length: Int
    public var size: ScaledSize
    /// The EXIF orientation to apply (a preview has no EXIF of its own); nil reads it from the bytes.
    public var orientation: Int?

    public func write(to out: inout MessageWriter) {
        out.text(name)
        out.int(offset)
        out.int(length)
        switch size {
        case .fitting(let box):
            out.int(0)
            out.int(box.width)
            out.int(box.height)
        case .covering(let box):
            out.int(1)
            out.int(box.width)
            out.int(box.height)
        }
        out.int(orientation ?? -1)
    }

    public init(reading r: inout MessageReader) throws {
        name = try r.text()
        offset = try r.int()
        length = try r.int()
        let kind = try r.int()
        let box = PixelBox(width: try r.int(), height: try r.int())
        size = kind == 0 ? .fitting(box) : .covering(box)
        let turn = try r.int()
        orientation = turn >= 0 ? turn : nil
    }

    public init(name: String, offset: Int = 0, length: Int, size: ScaledSize, orientation: Int?) {
        self.name = name
        self.offset = offset
        self.length = length
        self.size = size
        self.orientation = orientation
    }
}

/// What the window's process asks of a loader: one picture, or the previews of a screenful at
/// once (one message each way for all of them, where one each cost a round trip a picture).
public struct LoaderRequest: LoaderMessage {
    /// The most pictures one request asks for: their names fit one message.
    public static let maximumItems = 128

    public var items: [LoaderItem]
    /// The only format the bytes may be: a cached thumbnail's PNG, a preview's JPEG.
    public var expected: ImageKind?
    public var limits: LibraryLimits
    /// The pixels' layout in memory: the renderer's, so the window need not convert them.
    public var format = PixelLayout.rgba

    public func write(to out: inout MessageWriter) {
        out.int(items.count)
        for item in items { item.write(to: &out) }
        out.text(expected?.rawValue ?? "")
        out.int(format.rawValue)
        for value in [
            limits.textureBudgetMiB, limits.maximumMegapixels, limits.maximumFileMiB, limits.loaderMemoryMiB,
            limits.loaderSeconds,
        ] { out.double(value) }
    }

    public init(reading r: inout MessageReader) throws {
        let count = try r.int()
        guard (1...Self.maximumItems).contains(count) else { throw MessageReader.Malformed() }
        items = try (0..<count).map { _ in try LoaderItem(reading: &r) }
        let format = try r.text()
        expected = format.isEmpty ? nil : try ImageKind(rawValue: format) ?? { throw MessageReader.Malformed() }()
        self.format = try PixelLayout(rawValue: try r.int()) ?? { throw MessageReader.Malformed() }()
        limits = LibraryLimits(
            textureBudgetMiB: try r.double(), maximumMegapixels: try r.double(), maximumFileMiB: try r.double(),
            loaderMemoryMiB: try r.double(), loaderSeconds: try r.double())
    }

    public init(items: [LoaderItem], expected: ImageKind?, limits: LibraryLimits, format: PixelLayout = .rgba) {
        self.items = items
        self.expected = expected
        self.limits = limits
        self.format = format
    }
}

/// A loader's answer for one picture: where its pixels are in the memory file sent with the
/// reply, and their shape, or why there are none.
public struct LoaderAnswer: Equatable {
    public var failure: DecodeFailure?
    public var offset = 0
    public var width = 0
    public var height = 0
    public var pitch = 0
    /// No pixel is at all transparent.
    public var isOpaque = false
    public var average = Color(r: 0, g: 0, b: 0, a: 0)
    public var originalSize: PixelBox?
    /// What the decoder printed while it decoded this picture (`DecoderNotes`).
    public var notes: [String] = []

    public func write(to out: inout MessageWriter) {
        out.text(failure?.description ?? "")
        out.int(Self.code(of: failure))
        out.int(offset)
        out.int(width)
        out.int(height)
        out.int(pitch)
        out.int(isOpaque ? 1 : 0)
        for channel in [average.r, average.g, average.b, average.a] { out.int(Int(channel)) }
        out.int(originalSize?.width ?? -1)
        out.int(originalSize?.height ?? -1)
        out.int(notes.count)
        for note in notes { out.text(note) }
    }

    public init(reading r: inout MessageReader) throws {
        let said = try r.text()
        failure = try Self.failure(code: try r.int(), said: said)
        offset = try r.int()
        width = try r.int()
        height = try r.int()
        pitch = try r.int()
        isOpaque = try r.int() != 0
        func channel() throws -> UInt8 { UInt8(clamping: try r.int()) }
        average = Color(r: try channel(), g: try channel(), b: try channel(), a: try channel())
        let w = try r.int()
        let h = try r.int()
        originalSize = w >= 0 && h >= 0 ? PixelBox(width: w, height: h) : nil
        let noted = try r.int()
        guard (0...DecoderNotes.linesPerPicture).contains(noted) else { throw MessageReader.Malformed() }
        notes = try (0..<noted).map { _ in String(try r.text().prefix(DecoderNotes.lineCharacters + 1)) }
    }

    public init(
        failure: DecodeFailure? = nil, offset: Int = 0, width: Int = 0, height: Int = 0, pitch: Int = 0,
        isOpaque: Bool = false, average: Color = Color(r: 0, g: 0, b: 0, a: 0), originalSize: PixelBox? = nil
    ) {
        self.failure = failure
        self.offset = offset
        self.width = width
        self.height = height
        self.pitch = pitch
        self.isOpaque = isOpaque
        self.average = average
        self.originalSize = originalSize
    }

    /// A failure's case on the wire: only those a loader meets while decoding travel; an ending
    /// of its own is for the window to find, not for the loader to say.
    private static func code(of failure: DecodeFailure?) -> Int {
        switch failure {
        case nil: return 0
        case .overLimits: return 2
        case .refused: return 3
        case .unreadable: return 4
        case .unavailable: return 5
        case .corrupt, .crashed, .exited, .timedOut, .stalled, .badAnswer, .shuttingDown: return 1
        }
    }

    private static func failure(code: Int, said: String) throws -> DecodeFailure? {
        switch code {
        case 0: return nil
        case 1: return .corrupt(said)
        case 2: return .overLimits(said)
        case 3: return .refused(said)
        case 4: return .unreadable(said)
        case 5: return .unavailable(said)
        default: throw MessageReader.Malformed()
        }
    }
}

/// A loader's reply: an answer for each picture asked for, in order.
public struct LoaderReply: LoaderMessage {
    public var answers: [LoaderAnswer]
    /// The steps of the loader's sandbox that did not hold (`LoaderSandbox`), said with every reply.
    public var sandboxGaps: [String] = []

    public func write(to out: inout MessageWriter) {
        out.int(answers.count)
        for answer in answers { answer.write(to: &out) }
        out.int(sandboxGaps.count)
        for gap in sandboxGaps { out.text(gap) }
    }

    public init(reading r: inout MessageReader) throws {
        let count = try r.int()
        guard (1...LoaderRequest.maximumItems).contains(count) else { throw MessageReader.Malformed() }
        answers = try (0..<count).map { _ in try LoaderAnswer(reading: &r) }
        let gaps = try r.int()
        guard (0...LoaderSandbox.linesAtMost).contains(gaps) else { throw MessageReader.Malformed() }
        sandboxGaps = try (0..<gaps).map { _ in
            DecoderNotes.shown(Array(try r.text().utf8.prefix(LoaderSandbox.lineCharacters)))
        }
    }

    public init(answers: [LoaderAnswer], sandboxGaps: [String] = []) {
        self.answers = answers
        self.sandboxGaps = sandboxGaps
    }

    /// The same failure for every one of `count` pictures.
    public init(failure: DecodeFailure, count: Int, sandboxGaps: [String] = []) {
        answers = Array(repeating: LoaderAnswer(failure: failure), count: count)
        self.sandboxGaps = sandboxGaps
    }
}

/// A message of the loaders' protocol: little-endian integers and doubles, and texts with their
/// lengths, read back with every length checked: cheaper than JSON, which cost as much as
/// decoding a small preview, four times for each picture.
public protocol LoaderMessage {
    func write(to out: inout MessageWriter)
    init(reading r: inout MessageReader) throws
}

public struct MessageWriter {
    public var bytes: [UInt8] = []
    public mutating func int(_ value: Int) { withUnsafeBytes(of: Int64(value).littleEndian) { bytes += $0 } }
    public mutating func double(_ value: Double) { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 } }
    public mutating func text(_ value: String) {
        let utf8 = Array(value.utf8)
        int(utf8.count)
        bytes += utf8
    }
}

public struct MessageReader {
    public struct Malformed: Error {}
    public let bytes: [UInt8]
    public var at = 0

    public mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.count - at else { throw Malformed() }
        defer { at += count }
        return bytes[at..<at + count]
    }

    public mutating func int() throws -> Int {
        Int(truncatingIfNeeded: try take(8).reversed().reduce(Int64(0)) { $0 << 8 | Int64($1) })
    }
    public mutating func double() throws -> Double { Double(bitPattern: UInt64(truncatingIfNeeded: try int())) }
    public mutating func text() throws -> String { String(decoding: try take(try int()), as: UTF8.self) }
}

/// One message each way over a loader's socket, a descriptor alongside.
public enum LoaderSocket {
    /// Larger than any request or reply: a few dozen bytes and a file's name for each picture.
    public static let messageCapacity = 64 << 10

    public static func send<T: LoaderMessage>(_ value: T, on socket: Int32, fd: Int32 = -1) -> Bool {
        var out = MessageWriter()
        value.write(to: &out)
        guard out.bytes.count <= messageCapacity else { return false }
        return out.bytes.withUnsafeBytes { photozoom_send(socket, $0.baseAddress, $0.count, fd) } == out.bytes.count
    }

    /// The next message and its descriptor (-1 for none); nil at the end of the stream or for a
    /// message that is not one.
    public static func receive<T: LoaderMessage>(_ type: T.Type, on socket: Int32) -> (value: T, fd: Int32)? {
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
