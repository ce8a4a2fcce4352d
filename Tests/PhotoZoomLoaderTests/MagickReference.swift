import Foundation
import PhotoZoomLoader
import PhotoZoomLoaderInterface
import PhotoZoomTestSupport
import XCTest

/// ImageMagick's `convert`, the reference the loader's decoders are held to: it writes test
/// files in the forms it can, and reads a file back as 8-bit RGBA, top row first.
enum MagickReference {
    struct Pixels: Equatable {
        var width: Int
        var height: Int
        var colours: [RGBA]
    }

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// A new folder for one test's files, removed when the process ends or by the test.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-magick-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs `convert` with `arguments` (the last names the file it writes) and returns that file.
    @discardableResult
    static func convert(_ arguments: [String]) throws -> Data {
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["convert"] + arguments,
            environment: ProcessInfo.processInfo.environment, timeout: 60)
        let written = arguments.last.map { $0.split(separator: ":", maxSplits: 1).last.map(String.init) ?? $0 }
        guard outcome.exitedNormally, outcome.status == 0, let written,
            let data = FileManager.default.contents(atPath: written)
        else { throw Failed(description: "convert \(arguments.joined(separator: " ")): \(outcome.stderr)") }
        return data
    }

    /// ImageMagick's pixels of `file` as they are meant to be seen: it keeps a TGA's origin as
    /// the picture's orientation, which `-auto-orient` applies. A warning (an index past the
    /// palette) still gives pixels.
    static func read(_ file: URL) throws -> Pixels {
        let raw = file.appendingPathExtension("rgba")
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["convert", file.path, "-auto-orient", "-depth", "8", "-print", "%w %h", "rgba:\(raw.path)"],
            environment: ProcessInfo.processInfo.environment, timeout: 60)
        let sides = outcome.stdout.split(separator: " ").compactMap { Int($0) }
        guard outcome.exitedNormally, sides.count == 2, let bytes = FileManager.default.contents(atPath: raw.path),
            bytes.count == sides[0] * sides[1] * 4
        else { throw Failed(description: "convert did not read \(file.lastPathComponent): \(outcome.stderr)") }
        let colours = stride(from: 0, to: bytes.count, by: 4).map {
            RGBA(r: bytes[$0], g: bytes[$0 + 1], b: bytes[$0 + 2], a: bytes[$0 + 3])
        }
        return Pixels(width: sides[0], height: sides[1], colours: colours)
    }

    /// A decoder's pixels in the same form.
    static func pixels(_ decoded: PixelBuffer) -> Pixels {
        let bytes = UnsafeBufferPointer(start: decoded.bytes, count: decoded.count)
        let colours = stride(from: 0, to: bytes.count, by: 4).map {
            RGBA(r: bytes[$0], g: bytes[$0 + 1], b: bytes[$0 + 2], a: bytes[$0 + 3])
        }
        return Pixels(width: decoded.width, height: decoded.height, colours: colours)
    }

    /// Peak signal-to-noise ratio over all four channels, in dB; infinite when they are equal.
    static func psnr(_ a: Pixels, _ b: Pixels) -> Double {
        var squares = 0.0
        for (x, y) in zip(a.colours, b.colours) {
            for (p, q) in [(x.r, y.r), (x.g, y.g), (x.b, y.b), (x.a, y.a)] {
                squares += pow(Double(p) - Double(q), 2)
            }
        }
        guard squares > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (squares / Double(a.colours.count * 4)))
    }

    /// The decoder's pixels are ImageMagick's: the same size and at least `minimumPSNR` dB
    /// (exactly the same by default).
    static func assertMatches(
        _ decoded: Result<PixelBuffer, some Error>, _ file: URL, minimumPSNR: Double = .infinity,
        _ message: String = "", sourceFile: StaticString = #filePath, line: UInt = #line
    ) throws {
        let reference = try read(file)
        let ours = pixels(try decoded.get())
        XCTAssertEqual(
            [ours.width, ours.height], [reference.width, reference.height], "\(file.lastPathComponent) \(message)",
            file: sourceFile, line: line)
        guard ours.width == reference.width, ours.height == reference.height else { return }
        let psnr = psnr(ours, reference)
        let first = zip(ours.colours, reference.colours).enumerated().first { $0.element.0 != $0.element.1 }
        XCTAssertGreaterThanOrEqual(
            psnr, minimumPSNR,
            "\(file.lastPathComponent) \(message): first difference at pixel \(first?.offset ?? -1): "
                + "ours \(String(describing: first?.element.0)), ImageMagick's \(String(describing: first?.element.1))",
            file: sourceFile, line: line)
    }
}
