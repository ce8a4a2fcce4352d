import Foundation
import PhotoZoomLoader
import PhotoZoomLoaderInterface
import PhotoZoomTestSupport
import XCTest

/// ImageMagick (`convert`, installed by `scripts/setup.sh --test`) as the PNG and GIF decoders'
/// reference: it writes the files a test decodes and says what pixels they hold.
struct GraphicsReference {
    /// Pixels as the reference gives them: `width`×`height`, R, G, B, A a pixel, rows packed.
    struct Pixels: Equatable, CustomStringConvertible {
        var width: Int
        var height: Int
        var bytes: [UInt8]

        init(width: Int, height: Int, bytes: [UInt8]) {
            self.width = width
            self.height = height
            self.bytes = bytes
        }

        /// `width`×`height` pixels given as RGBA values, row after row.
        init(width: Int, height: Int, _ pixels: [RGBA]) {
            self.init(width: width, height: height, bytes: pixels.flatMap { [$0.r, $0.g, $0.b, $0.a] })
        }

        /// A decoder's pixels, copied.
        init(_ decoded: PixelBuffer) {
            self.init(
                width: decoded.width, height: decoded.height,
                bytes: Array(UnsafeBufferPointer(start: decoded.bytes, count: decoded.count)))
        }

        /// Every wholly transparent pixel as transparent black: what it hides differs between
        /// decoders and is never seen.
        var seen: Pixels {
            var copy = self
            for at in stride(from: 0, to: bytes.count, by: 4) where bytes[at + 3] == 0 {
                copy.bytes.replaceSubrange(at..<at + 4, with: [0, 0, 0, 0])
            }
            return copy
        }

        func pixel(_ x: Int, _ y: Int) -> RGBA {
            let at = (y * width + x) * 4
            return RGBA(r: bytes[at], g: bytes[at + 1], b: bytes[at + 2], a: bytes[at + 3])
        }

        var description: String { "\(width)×\(height)" }
    }

    let folder: URL

    /// A reference working in a folder of its own, removed with `remove()`.
    static func make() throws -> GraphicsReference {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-graphics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return GraphicsReference(folder: folder)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// Runs `convert` with `arguments`; throws with its complaint when it fails.
    @discardableResult
    func convert(_ arguments: [String]) throws -> String {
        let run = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/convert"), arguments, environment: ProcessInfo.processInfo.environment,
            timeout: 60)
        guard run.exitedNormally, run.status == 0 else {
            throw NSError(
                domain: "GraphicsReference", code: Int(run.status),
                userInfo: [NSLocalizedDescriptionKey: "convert \(arguments.joined(separator: " ")): \(run.stderr)"])
        }
        return run.stdout
    }

    /// The file `name` as ImageMagick writes it from `arguments` (which end before the output).
    func file(_ name: String, _ arguments: [String]) throws -> Data {
        let url = folder.appendingPathComponent(name)
        try convert(arguments + [url.path])
        return try Data(contentsOf: url)
    }

    /// What ImageMagick decodes `data` to, as 8-bit RGBA: `input` names the picture in the file
    /// written from `data` (`%@` for its path, so `%@[0]` is a GIF's first frame), and `operations`
    /// come before the output. Its samples are had at 16 bits and rounded to 8 here
    /// ((v × 255 + 32767) / 65535, exact for 8-bit sources): `convert -depth 8` in ImageMagick
    /// 6.9.11 rounds them down, and its `stream`, which rounds, ignores tRNS and low depths.
    func pixels(of data: Data, named name: String, input: String = "%@", _ operations: [String] = []) throws -> Pixels {
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        let raw = folder.appendingPathComponent(name + ".rgba")
        let size = try convert(
            [input.replacingOccurrences(of: "%@", with: url.path)] + operations
                + ["-depth", "16", "-endian", "LSB", "-print", "%w %h\n", "rgba:\(raw.path)"]
        ).split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        let wide = [UInt8](try Data(contentsOf: raw))
        let bytes = stride(from: 0, to: wide.count - 1, by: 2).map { (at: Int) -> UInt8 in
            let sample = Int(wide[at]) | Int(wide[at + 1]) << 8
            return UInt8((sample * 255 + 32767) / 65535)
        }
        guard size.count == 2, bytes.count == size[0] * size[1] * 4 else {
            throw NSError(
                domain: "GraphicsReference", code: 1,
                userInfo: [NSLocalizedDescriptionKey: "convert said \(size) for \(bytes.count) bytes of \(name)"])
        }
        return Pixels(width: size[0], height: size[1], bytes: bytes)
    }

    /// Peak signal to noise of `a` against `b` over all four channels, in dB; infinity when equal.
    static func psnr(_ a: Pixels, _ b: Pixels) -> Double {
        let squares = zip(a.bytes, b.bytes).reduce(0.0) { sum, pair in
            let difference = Double(pair.0) - Double(pair.1)
            return sum + difference * difference
        }
        guard squares > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (squares / Double(a.bytes.count)))
    }

    /// Fails unless `decoded` is `expected` in size and, for every pixel seen, within `leastPSNR`
    /// (infinity: exactly); the message names the first pixel that differs.
    static func assertSame(
        _ decoded: PixelBuffer, _ expected: Pixels, leastPSNR: Double = .infinity, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let got = Pixels(decoded).seen
        let want = expected.seen
        guard got.width == want.width, got.height == want.height else {
            return XCTFail("\(message): \(got) where the reference is \(want)", file: file, line: line)
        }
        let psnr = Self.psnr(got, want)
        guard psnr < leastPSNR else { return }
        let first =
            (0..<got.width * got.height).first {
                got.pixel($0 % got.width, $0 / got.width) != want.pixel($0 % got.width, $0 / got.width)
            } ?? 0
        let (x, y) = (first % got.width, first / got.width)
        XCTFail(
            "\(message): \(String(format: "%.1f", psnr)) dB; at (\(x), \(y)) \(got.pixel(x, y)) where the reference has \(want.pixel(x, y))",
            file: file, line: line)
    }
}
