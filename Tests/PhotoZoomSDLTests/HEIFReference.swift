import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface

/// libheif's own tools, which the set-up installs (`libheif-examples`): `heif-enc` writes the
/// test's HEICs (x265) and AVIFs (aom) from PNGs ImageMagick draws, and `heif-convert` decodes
/// any of them to the PNG PhotoZoom's pixels are held to.
enum HEIFReference {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// A picture's 8-bit RGBA pixels, top row first.
    struct Pixels {
        var width: Int
        var height: Int
        var bytes: [UInt8]
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-heif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments, environment: ProcessInfo.processInfo.environment,
            timeout: 120)
        guard outcome.exitedNormally, outcome.status == 0 else {
            throw Failed(
                description:
                    "\(tool) \(arguments.joined(separator: " ")) failed (scripts/setup.sh --test installs it): "
                    + outcome.stderr)
        }
        return outcome.stdout
    }

    /// A `width`×`height` PNG with detail and colour everywhere (ImageMagick's `plasma:` from a
    /// fixed seed, a yellow box in its top left quarter so a turn or a mirror shows), at
    /// `depth` bits a sample.
    static func drawing(_ file: URL, width: Int, height: Int, depth: Int = 8) throws {
        try run(
            "convert",
            [
                "-seed", "7", "-size", "\(width)x\(height)", "plasma:red-blue", "-blur", "0x1", "-fill", "yellow",
                "-draw", "rectangle \(width / 10),\(height / 10) \(width / 3),\(height / 4)", "-depth", "\(depth)",
                (depth > 8 ? "PNG48:" : "PNG24:") + file.path,
            ])
    }

    /// `png` encoded by heif-enc to `file` (HEIC or AVIF by its extension), with `options`.
    static func encode(_ png: URL, to file: URL, _ options: [String] = []) throws -> [UInt8] {
        try run("heif-enc", ["-q", "90"] + options + ["-o", file.path, png.path])
        return [UInt8](try Data(contentsOf: file))
    }

    /// heif-convert's pixels of `file`, as ImageMagick reads its PNG back.
    static func decoded(_ file: URL) throws -> Pixels {
        let png = file.appendingPathExtension("reference.png")
        try run("heif-convert", [file.path, png.path])
        let raw = file.appendingPathExtension("rgba")
        let sides = try run("convert", [png.path, "-depth", "8", "-print", "%w %h", "rgba:" + raw.path])
            .split(separator: " ").compactMap { Int($0) }
        let bytes = [UInt8](try Data(contentsOf: raw))
        guard sides.count == 2, bytes.count == sides[0] * sides[1] * 4 else {
            throw Failed(description: "convert did not read heif-convert's \(png.lastPathComponent)")
        }
        return Pixels(width: sides[0], height: sides[1], bytes: bytes)
    }

    static func pixels(_ picture: PixelBuffer) -> Pixels {
        Pixels(
            width: picture.width, height: picture.height,
            bytes: Array(UnsafeBufferPointer(start: picture.bytes, count: picture.count)))
    }

    /// The mean absolute difference over every channel, in levels of 255, and the PSNR in dB.
    static func compare(_ a: Pixels, _ b: Pixels) -> (mean: Double, psnr: Double) {
        var absolute = 0.0
        var squares = 0.0
        for (p, q) in zip(a.bytes, b.bytes) {
            let d = Double(p) - Double(q)
            absolute += abs(d)
            squares += d * d
        }
        let n = Double(max(1, a.bytes.count))
        return (absolute / n, squares == 0 ? .infinity : 10 * log10(255 * 255 / (squares / n)))
    }

    /// `ours` is heif-convert's `reference`: the same size, within 1 of 255 on average and 40 dB.
    static func assertMatches(
        _ ours: Pixels, _ reference: Pixels, _ context: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(
            [ours.width, ours.height], [reference.width, reference.height], "\(context): size", file: file, line: line)
        guard ours.width == reference.width, ours.height == reference.height else { return }
        let (mean, psnr) = compare(ours, reference)
        XCTAssertLessThanOrEqual(mean, 1, "\(context): mean difference", file: file, line: line)
        XCTAssertGreaterThanOrEqual(psnr, 40, "\(context): PSNR", file: file, line: line)
    }
}
