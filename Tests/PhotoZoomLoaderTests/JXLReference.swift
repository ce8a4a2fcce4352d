import Foundation
import PhotoZoomLoader
import PhotoZoomLoaderInterface
import PhotoZoomTestSupport
import XCTest

/// libjxl's own tools, which the set-up installs (`libjxl-tools`): `cjxl` writes the test's
/// JPEG XL files from PNGs ImageMagick draws, and `djxl` decodes any of them to the PNG
/// PhotoZoom's pixels are held to.
enum JXLReference {
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments, environment: ProcessInfo.processInfo.environment,
            timeout: 120)
        guard outcome.exitedNormally, outcome.status == 0 else {
            throw MagickReference.Failed(
                description:
                    "\(tool) \(arguments.joined(separator: " ")) failed (scripts/setup.sh --test installs it): "
                    + outcome.stderr)
        }
        return outcome.stdout
    }

    /// A `width`×`height` PNG with detail and colour everywhere (ImageMagick's `plasma:` from a
    /// fixed seed, a yellow box in its top left quarter so a turn or a mirror shows), at `depth`
    /// bits a sample, its top third 40 % opaque where `alpha`. It has no gAMA or cHRM chunk:
    /// cjxl would take ImageMagick's gamma of 1/2.2 for the picture's colours, not sRGB.
    static func drawing(_ file: URL, width: Int, height: Int, depth: Int = 8, alpha: Bool = false) throws {
        let band =
            alpha
            ? [
                "-alpha", "set", "-region", "\(width)x\(height / 3)+0+0", "-channel", "A", "-evaluate", "set", "40%",
                "+channel", "+region",
            ] : []
        let form = depth > 8 ? (alpha ? "PNG64:" : "PNG48:") : (alpha ? "PNG32:" : "PNG24:")
        try MagickReference.convert(
            [
                "-seed", "7", "-size", "\(width)x\(height)", "plasma:red-blue", "-blur", "0x1", "-fill", "yellow",
                "-draw", "rectangle \(width / 10),\(height / 10) \(width / 3),\(height / 4)", "-depth", "\(depth)",
            ] + band + ["-define", "png:exclude-chunks=gAMA,cHRM,bKGD,date,tIME", form + file.path])
    }

    /// `png` with an `eXIf` chunk after its header saying it turns by EXIF `orientation`, which
    /// cjxl takes for the codestream's own orientation.
    static func withOrientation(_ orientation: UInt8, _ png: [UInt8]) -> [UInt8] {
        let exif =
            Array("II*".utf8) + [0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0, 0, 0, 0, 0]
        return Array(png.prefix(33)) + HandMadePNG.chunk("eXIf", exif) + Array(png.dropFirst(33))
    }

    /// `source` encoded by cjxl to `file`, with `options`.
    static func encode(_ source: URL, to file: URL, _ options: [String] = []) throws -> [UInt8] {
        try run("cjxl", [source.path, file.path, "--quiet"] + options)
        return [UInt8](try Data(contentsOf: file))
    }

    /// djxl's pixels of `file`, as ImageMagick reads its PNG back at 8 bits.
    static func decoded(_ file: URL) throws -> MagickReference.Pixels {
        let png = file.appendingPathExtension("reference.png")
        try run("djxl", [file.path, png.path, "--quiet", "--num_threads=0"])
        return try MagickReference.read(png)
    }

    /// `ours` is djxl's `reference`: the same size, within 1 of 255 on average and 40 dB.
    static func assertMatches(
        _ ours: PixelBuffer, _ reference: MagickReference.Pixels, _ context: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let ours = MagickReference.pixels(ours)
        XCTAssertEqual(
            [ours.width, ours.height], [reference.width, reference.height], "\(context): size", file: file, line: line)
        guard ours.width == reference.width, ours.height == reference.height else { return }
        var absolute = 0
        for (x, y) in zip(ours.colours, reference.colours) {
            for (p, q) in [(x.r, y.r), (x.g, y.g), (x.b, y.b), (x.a, y.a)] { absolute += abs(Int(p) - Int(q)) }
        }
        let mean = Double(absolute) / Double(max(1, ours.colours.count * 4))
        XCTAssertLessThanOrEqual(mean, 1, "\(context): mean difference", file: file, line: line)
        XCTAssertGreaterThanOrEqual(
            MagickReference.psnr(ours, reference), 40, "\(context): PSNR", file: file, line: line)
    }
}
