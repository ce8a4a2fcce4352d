import Foundation

/// A Linux path is bytes, not text: a name copied off a camera card or an old disk may be no
/// UTF-8 at all (`bad\xff\xfe.jpg`), and Foundation's strings and URLs replace what they cannot
/// decode, so two such names become one and neither can be opened again. Paths here are kept as
/// strings that say every byte: valid UTF-8 as its characters, and each other byte as one of
/// the 256 last code points of Unicode (U+10FF00 + the byte, in a private-use plane no name
/// uses). The characters of that range met in a real name are kept as their bytes the same
/// way, so the mapping holds both ways for every path.
public enum PathBytes {
    /// The first of the 256 code points that stand for one byte each.
    private static let byteBase: UInt32 = 0x10FF00

    /// The string that stands for `bytes`.
    public static func string<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let bytes = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var at = 0
        while at < bytes.count {
            if let (scalar, length) = decode(bytes, at), scalar.value < byteBase {
                scalars.append(scalar)
                at += length
            } else {
                scalars.append(Unicode.Scalar(byteBase + UInt32(bytes[at]))!)
                at += 1
            }
        }
        return String(scalars)
    }

    /// The bytes `path` stands for.
    public static func bytes(_ path: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if scalar.value >= byteBase {
                bytes.append(UInt8(scalar.value - byteBase))
            } else {
                bytes += String(scalar).utf8
            }
        }
        return bytes
    }

    /// Calls `body` with `path` as the C string the system takes.
    public static func withCString<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows
        -> Result
    {
        try (bytes(path) + [0]).withUnsafeBufferPointer {
            try $0.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// `text` as a person reads it: each byte that is no character written `\xNN`.
    public static func shown(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= byteBase }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value >= byteBase {
                out += String(format: "\\x%02x", scalar.value - byteBase)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` as one line that can neither drive a terminal nor read as other text: each byte
    /// that is no character written `\xNN` (as `shown`), and every C0 and C1 control character,
    /// DEL and bidirectional control (a right-to-left override shows a name backwards) written
    /// as a Swift escape: "\n", "\r", "\t", or "\u{1B}", "\u{202E}" and the like. Every
    /// message and every text file the program writes passes its names through here.
    public static func escaped(_ text: String) -> String {
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in shown(text).unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}":
                escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            case _ where scalar.properties.isBidiControl:
                escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// The arguments the program was started with, each byte kept.
    public static var commandLine: [String] {
        (0..<Int(CommandLine.argc)).map { i in
            CommandLine.unsafeArgv[i].map {
                string(
                    UnsafeBufferPointer(
                        start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0)))
            } ?? ""
        }
    }

    /// The well-formed UTF-8 sequence at `at` (shortest form, no surrogate, at most U+10FFFF)
    /// and its length; nil where the byte there starts none.
    private static func decode(_ bytes: [UInt8], _ at: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[at]
        let length: Int
        let smallest: UInt32
        var value: UInt32
        switch lead {
        case 0x00..<0x80: return (Unicode.Scalar(lead), 1)
        case 0xC2..<0xE0:
            length = 2
            smallest = 0x80
            value = UInt32(lead & 0x1F)
        case 0xE0..<0xF0:
            length = 3
            smallest = 0x800
            value = UInt32(lead & 0x0F)
        case 0xF0..<0xF5:
            length = 4
            smallest = 0x10000
            value = UInt32(lead & 0x07)
        default: return nil
        }
        guard at + length <= bytes.count else { return nil }
        for next in bytes[(at + 1)..<(at + length)] {
            guard next & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(next & 0x3F)
        }
        guard value >= smallest, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
