import CLCMS
import Foundation
import PhotoZoomTestSupport
import XCTest

/// Photos that carry colour profiles (`TestProfiles`), and lcms2's own `transicc` as the
/// reference for what their colours become in sRGB.
enum ColourReference {
    /// One colour of 8-bit red, green and blue.
    struct RGB: Equatable, CustomStringConvertible {
        var r: Int
        var g: Int
        var b: Int
        var description: String { "(\(r), \(g), \(b))" }
    }

    /// The side of each square patch of colour in `patches`' pictures.
    static let patchSide = 32

    /// A JPEG (quality 100, no chroma subsampling) of `colours` as square patches side by side,
    /// written by ImageMagick, with `profile` spliced in as APP2 segments of at most `chunk`
    /// bytes each, as cameras and editors write it.
    static func jpeg(_ colours: [RGB], profile: Data?, chunk: Int = 65_519, in folder: URL) throws -> Data {
        let width = patchSide * colours.count
        var ppm = Data("P6\n\(width) \(patchSide)\n255\n".utf8)
        for _ in 0..<patchSide {
            for colour in colours {
                for _ in 0..<patchSide { ppm.append(contentsOf: [UInt8(colour.r), UInt8(colour.g), UInt8(colour.b)]) }
            }
        }
        let source = folder.appendingPathComponent("patches.ppm")
        try ppm.write(to: source)
        let plain = try MagickReference.convert([
            source.path, "-sampling-factor", "1x1", "-quality", "100", folder.appendingPathComponent("plain.jpg").path,
        ])
        guard let profile else { return plain }
        return withProfile(plain, profile, chunk: chunk)
    }

    /// `jpeg` with `profile` in APP2 "ICC_PROFILE" segments right after its start.
    static func withProfile(_ jpeg: Data, _ profile: Data, chunk: Int = 65_519) -> Data {
        let pieces = stride(from: 0, to: profile.count, by: chunk).map {
            profile[profile.startIndex + $0..<profile.startIndex + min($0 + chunk, profile.count)]
        }
        var out = Data(jpeg.prefix(2))
        for (index, piece) in pieces.enumerated() {
            let length = 2 + 12 + 2 + piece.count
            out.append(contentsOf: [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)])
            out.append(contentsOf: Array("ICC_PROFILE".utf8) + [0, UInt8(index + 1), UInt8(pieces.count)])
            out.append(piece)
        }
        out.append(jpeg.dropFirst(2))
        return out
    }

    /// What lcms2's own `transicc` makes of `colours` in `profile` for sRGB, perceptual intent,
    /// clipped and rounded.
    static func transicc(_ colours: [RGB], from profile: Data, in folder: URL) throws -> [RGB] {
        let file = folder.appendingPathComponent("input.icc")
        try profile.write(to: file)
        let values = folder.appendingPathComponent("values.txt")
        try colours.map { "\($0.r) \($0.g) \($0.b)\n" }.joined().write(to: values, atomically: true, encoding: .utf8)
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "transicc -i'\(file.path)' -o'*sRGB' -t0 -s -q -n < '\(values.path)'"],
            environment: ProcessInfo.processInfo.environment, timeout: 60)
        let rows = outcome.stdout.split(separator: "\n").map {
            $0.split(separator: " ").compactMap { Double($0) }.map { Int($0.rounded()) }
        }.filter { $0.count == 3 }
        guard outcome.status == 0, rows.count == colours.count else {
            throw MagickReference.Failed(description: "transicc: \(outcome.stdout) \(outcome.stderr)")
        }
        return rows.map { RGB(r: $0[0], g: $0[1], b: $0[2]) }
    }

    /// A grey profile of a D65 white and a plain `gamma`, as lcms2 writes it.
    static func greyProfile(gamma: Double) -> Data {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        let curve = cmsBuildGamma(nil, gamma)
        defer { cmsFreeToneCurve(curve) }
        let made = cmsCreateGrayProfile(&white, curve)
        defer { cmsCloseProfile(made) }
        var size: cmsUInt32Number = 0
        cmsSaveProfileToMem(made, nil, &size)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        cmsSaveProfileToMem(made, &bytes, &size)
        return Data(bytes)
    }

    /// A PGM of `levels` as square patches side by side, in `folder`.
    static func greyPatches(_ levels: [Int], in folder: URL) throws -> URL {
        var pgm = Data("P5\n\(patchSide * levels.count) \(patchSide)\n255\n".utf8)
        for _ in 0..<patchSide {
            for level in levels { pgm.append(contentsOf: [UInt8](repeating: UInt8(level), count: patchSide)) }
        }
        let file = folder.appendingPathComponent("grey.pgm")
        try pgm.write(to: file)
        return file
    }

    /// What lcms2's own `transicc` makes of grey `levels` in the grey `profile` for sRGB,
    /// perceptual intent, clipped and rounded.
    static func transicc(grey levels: [Int], from profile: Data, in folder: URL) throws -> [RGB] {
        let file = folder.appendingPathComponent("grey.icc")
        try profile.write(to: file)
        let values = folder.appendingPathComponent("levels.txt")
        try levels.map { "\($0)\n" }.joined().write(to: values, atomically: true, encoding: .utf8)
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "transicc -i'\(file.path)' -o'*sRGB' -t0 -s -q -n < '\(values.path)'"],
            environment: ProcessInfo.processInfo.environment, timeout: 60)
        let rows = outcome.stdout.split(separator: "\n").map {
            $0.split(separator: " ").compactMap { Double($0) }.map { Int($0.rounded()) }
        }.filter { $0.count == 3 }
        guard outcome.status == 0, rows.count == levels.count else {
            throw MagickReference.Failed(description: "transicc: \(outcome.stdout) \(outcome.stderr)")
        }
        return rows.map { RGB(r: $0[0], g: $0[1], b: $0[2]) }
    }

    /// CIEDE2000 between two sRGB colours, through lcms2's Lab (D50).
    static func deltaE(_ a: RGB, _ b: RGB) -> Double {
        let screen = cmsCreate_sRGBProfile()
        let lab = cmsCreateLab4Profile(nil)
        defer {
            cmsCloseProfile(screen)
            cmsCloseProfile(lab)
        }
        let transform = cmsCreateTransform(
            screen, photozoom_lcms_rgb8, lab, photozoom_lcms_lab_double, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC),
            0)
        defer { cmsDeleteTransform(transform) }
        var labs = [cmsCIELab](repeating: cmsCIELab(), count: 2)
        var bytes: [UInt8] = [a, b].flatMap { [UInt8($0.r), UInt8($0.g), UInt8($0.b)] }
        cmsDoTransform(transform, &bytes, &labs, 2)
        return cmsCIE2000DeltaE(&labs[0], &labs[1], 1, 1, 1)
    }
}
