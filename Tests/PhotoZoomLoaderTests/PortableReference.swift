import Foundation
import PhotoZoomLoader
import PhotoZoomLoaderInterface
import PhotoZoomTestSupport
import PhotoZoomUntrusted
import XCTest

/// What the PNM, QOI and PCX decoders are held to: ImageMagick's `convert` (which
/// `scripts/setup.sh --test` installs) writing files and reading them back as RGBA bytes, the
/// PSNR between two pictures, and hostile copies of a valid file.
enum PortableReference {
    /// A picture as RGBA bytes, four a pixel, rows packed.
    struct Picture: Equatable, CustomStringConvertible {
        var width: Int
        var height: Int
        var bytes: [UInt8]

        init(width: Int, height: Int, bytes: [UInt8]) {
            self.width = width
            self.height = height
            self.bytes = bytes
        }

        init(_ pixels: PixelBuffer) {
            self.init(
                width: pixels.width, height: pixels.height,
                bytes: Array(UnsafeBufferPointer(start: pixels.bytes, count: pixels.count)))
        }

        init(width: Int, height: Int, pixels: [RGBA]) {
            self.init(width: width, height: height, bytes: pixels.flatMap { [$0.r, $0.g, $0.b, $0.a] })
        }

        /// The size, the first pixels in hex and a hash of them all (FNV-1a): two that differ
        /// past the first pixels still read apart in a failure.
        var description: String {
            let first = stride(from: 0, to: min(bytes.count, 48), by: 4).map { at in
                bytes[at..<min(at + 4, bytes.count)].map { String(format: "%02x", $0) }.joined()
            }
            let hash = bytes.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
            let more = bytes.count > 48 ? " …" : ""
            return "\(width)×\(height) [\(first.joined(separator: " "))\(more)] hash \(String(hash, radix: 16))"
        }
    }

    /// A folder of its own for one test's files, removed by `tearDown`.
    static func folder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs `convert` with `arguments`, failing the test with what it said when it fails.
    static func convert(_ arguments: [String]) throws {
        let run = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/convert"), arguments, environment: ProcessInfo.processInfo.environment,
            timeout: 60)
        guard run.status == 0, run.exitedNormally else {
            throw NSError(
                domain: "PortableReference", code: Int(run.status),
                userInfo: [NSLocalizedDescriptionKey: "convert \(arguments.joined(separator: " ")): \(run.stderr)"])
        }
    }

    /// ImageMagick's reading of `file`: `convert FILE -depth 8 rgba:-`, sized by `-print`.
    static func magickPixels(of file: URL) throws -> Picture {
        let raw = file.appendingPathExtension("rgba")
        let run = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/convert"),
            [file.path, "-print", "%w %h", "-depth", "8", "rgba:\(raw.path)"],
            environment: ProcessInfo.processInfo.environment, timeout: 60)
        let size = run.stdout.split(separator: " ").compactMap { Int($0) }
        guard run.status == 0, size.count == 2 else {
            throw NSError(
                domain: "PortableReference", code: Int(run.status),
                userInfo: [NSLocalizedDescriptionKey: "convert could not read \(file.lastPathComponent): \(run.stderr)"]
            )
        }
        return Picture(width: size[0], height: size[1], bytes: [UInt8](try Data(contentsOf: raw)))
    }

    /// The peak signal-to-noise ratio between two pictures of one size, in decibels
    /// (infinite when they are the same).
    static func psnr(_ a: Picture, _ b: Picture) -> Double {
        guard a.width == b.width, a.height == b.height, a.bytes.count == b.bytes.count else { return 0 }
        let squares = zip(a.bytes, b.bytes).reduce(0.0) { sum, pair in
            let difference = Double(pair.0) - Double(pair.1)
            return sum + difference * difference
        }
        guard squares > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (squares / Double(a.bytes.count)))
    }

    /// The largest difference of any channel between two pictures of one size.
    static func largestDifference(_ a: Picture, _ b: Picture) -> Int {
        zip(a.bytes, b.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// `count` hostile copies of `valid`, each with one of: bytes flipped, the file cut short,
    /// bytes inserted, or a stretch copied over another, drawn from `generator`.
    static func mutations(of valid: [UInt8], count: Int, generator: inout SeededGenerator) -> [[UInt8]] {
        (0..<count).map { _ in
            var bytes = valid
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                for _ in 0...Int.random(in: 0..<4, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                        in: 0...255, using: &generator)
                }
            case 1:
                bytes.removeLast(Int.random(in: 1...bytes.count, using: &generator))
            case 2:
                let inserted = (0..<Int.random(in: 1...16, using: &generator)).map { _ in
                    UInt8.random(in: 0...255, using: &generator)
                }
                bytes.insert(contentsOf: inserted, at: Int.random(in: 0...bytes.count, using: &generator))
            default:
                let length = Int.random(in: 1...min(8, bytes.count), using: &generator)
                let from = Int.random(in: 0...bytes.count - length, using: &generator)
                let to = Int.random(in: 0...bytes.count - length, using: &generator)
                bytes.replaceSubrange(to..<to + length, with: bytes[from..<from + length])
            }
            return bytes
        }
    }

    /// Decodes every mutation of each of `valid` with `decode` under a limit of `maximumPixels`,
    /// checking that a success stays within it; returns how many succeeded.
    @discardableResult
    static func survivesMutations(
        of valid: [[UInt8]], each count: Int, maximumPixels: Int, seed: UInt64,
        decode: (Data, Int) -> Result<PixelBuffer, DecodeFailure>, file: StaticString = #filePath, line: UInt = #line
    ) throws -> Int {
        var generator = try SeededGenerator(fixedSeed: seed)
        var succeeded = 0
        for original in valid {
            for bytes in mutations(of: original, count: count, generator: &generator) {
                guard case .success(let pixels) = decode(Data(bytes), maximumPixels) else { continue }
                succeeded += 1
                XCTAssertLessThanOrEqual(
                    pixels.width * pixels.height, maximumPixels, "\(generator)", file: file, line: line)
            }
        }
        return succeeded
    }
}
