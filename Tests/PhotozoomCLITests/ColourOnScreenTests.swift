import Foundation
import PhotoZoomTestSupport
import XCTest

/// A Display P3, an Adobe RGB and a CMYK photo, each one flat colour, as the real program shows
/// them: in a headless `photozoom snapshot` of the grid and in the thumbnails `photozoom
/// thumbnails` writes, each within ΔE2000 1 of what lcms2's own `transicc` makes of the stored
/// colour through the photo's profile, where shown as stored they would be several ΔE off.
final class ColourOnScreenTests: PhotozoomCLITestCase {
    /// A CMYK profile Debian ships (libgs-common, which ImageMagick brings).
    let cmykProfile = "/usr/share/color/icc/ghostscript/default_cmyk.icc"
    let side = 240

    /// A photo as made here, and the colours transicc makes of it in sRGB.
    struct Photo {
        let name: String
        let reference: [Int]
        let stored: [Int]
    }

    func testEachProfileIsAppliedOnScreenAndInTheThumbnail() throws {
        guard FileManager.default.fileExists(atPath: cmykProfile) else {
            throw XCTSkip("no \(cmykProfile) (libgs-common)")
        }
        let tmp = try temporaryFolder()
        let photos = tmp.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let made = [
            try rgbPhoto("a-p3.jpg", [200, 80, 60], TestProfiles.displayP3, in: photos),
            try rgbPhoto("b-adobe.jpg", [90, 150, 200], TestProfiles.adobeRGB, in: photos),
            try cmykPhoto("c-cmyk.jpg", in: photos),
        ]
        let cache = tmp.appendingPathComponent("cache")
        let environment: [String: String?] = ["XDG_CACHE_HOME": cache.path]

        let shot = tmp.appendingPathComponent("shot.png")
        let snapshot = try photozoom(
            ["snapshot", "--photos", photos.path, "--out", shot.path, "--size", "400x400"], env: environment)
        XCTAssertEqual(snapshot.status, 0, snapshot.stderr)
        let screen = try RGBImage(png: shot.path)
        // Three cells a row at this size: each photo's cell is a third of the width, square.
        for (index, photo) in made.enumerated() {
            let shown = screen.pixel(screen.width * (2 * index + 1) / 6, screen.width / 6).map(Int.init)
            assertClose(shown, photo, "on screen")
        }

        let thumbnails = try photozoom(["thumbnails", photos.path, "--size", "normal"], env: environment)
        XCTAssertEqual(thumbnails.status, 0, thumbnails.stderr)
        let folder = cache.appendingPathComponent("thumbnails/normal")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(written.count, made.count, "\(written)")
        for name in written {
            let file = folder.appendingPathComponent(name)
            let uri = try run("/usr/bin/identify", ["-format", "%[Thumb::URI]", file.path])
            guard let photo = made.first(where: { uri.hasSuffix("/" + $0.name) }) else {
                XCTFail("a thumbnail of \(uri)")
                continue
            }
            let thumbnail = try RGBImage(png: file.path)
            let shown = thumbnail.pixel(thumbnail.width / 2, thumbnail.height / 2).map(Int.init)
            assertClose(shown, photo, "in the thumbnail")
        }
    }

    // MARK: - Helpers

    private func assertClose(_ shown: [Int], _ photo: Photo, _ where: String) {
        XCTAssertLessThanOrEqual(
            ColourDifference.deltaE2000(shown, photo.reference), 1,
            "\(photo.name) \(`where`): \(shown), transicc's \(photo.reference)")
        XCTAssertGreaterThan(
            ColourDifference.deltaE2000(photo.stored, photo.reference), 3,
            "\(photo.name): shown as stored, the colour would be off")
    }

    /// A JPEG of one `colour`, written by ImageMagick with `profile`.
    private func rgbPhoto(_ name: String, _ colour: [Int], _ profile: Data, in folder: URL) throws -> Photo {
        let icc = folder.deletingLastPathComponent().appendingPathComponent(name + ".icc")
        try profile.write(to: icc)
        let ppm = folder.deletingLastPathComponent().appendingPathComponent(name + ".ppm")
        var bytes = Data("P6\n\(side) \(side)\n255\n".utf8)
        for _ in 0..<(side * side) { bytes.append(contentsOf: colour.map { UInt8($0) }) }
        try bytes.write(to: ppm)
        let file = folder.appendingPathComponent(name)
        _ = try run(
            "/usr/bin/convert",
            [ppm.path, "-sampling-factor", "1x1", "-quality", "100", "-profile", icc.path, file.path])
        let stored = try storedColour(file)
        return Photo(name: name, reference: try transicc(stored.map(Double.init), from: icc.path), stored: stored)
    }

    /// A CMYK JPEG of one ink, written by ImageMagick with Debian's CMYK profile.
    private func cmykPhoto(_ name: String, in folder: URL) throws -> Photo {
        let file = folder.appendingPathComponent(name)
        _ = try run(
            "/usr/bin/convert",
            [
                "-size", "\(side)x\(side)", "xc:cmyk(10%,70%,80%,5%)", "-colorspace", "cmyk", "-quality", "100",
                "-profile", cmykProfile, file.path,
            ])
        let ink = try storedColour(file)
        XCTAssertEqual(ink.count, 4, "ImageMagick reads ink")
        // The same ink by the plain formula, as a viewer without the profile shows it.
        let plain = ink.prefix(3).map { (255 - $0) * (255 - ink[3]) / 255 }
        // transicc takes ink in percent.
        let reference = try transicc(ink.map { Double($0) * 100 / 255 }, from: cmykProfile)
        return Photo(name: name, reference: reference, stored: plain)
    }

    /// The colour ImageMagick reads, unconverted, at the middle of `file`.
    private func storedColour(_ file: URL) throws -> [Int] {
        let text = try run(
            "/usr/bin/convert", [file.path, "-crop", "1x1+\(side / 2)+\(side / 2)", "-depth", "8", "txt:-"])
        let line = try XCTUnwrap(text.split(separator: "\n").last)
        let open = try XCTUnwrap(line.firstIndex(of: "("))
        let close = try XCTUnwrap(line.firstIndex(of: ")"))
        return line[line.index(after: open)..<close].split(separator: ",").compactMap {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
    }

    /// What transicc makes of `values` in `profile` for sRGB, perceptual intent, rounded.
    private func transicc(_ values: [Double], from profile: String) throws -> [Int] {
        let input = values.map { String($0) }.joined(separator: " ") + "\n"
        let text = try run("/usr/bin/transicc", ["-i\(profile)", "-o*sRGB", "-t0", "-s", "-q", "-n"], input: input)
        let numbers = try XCTUnwrap(text.split(separator: "\n").last).split(separator: " ").compactMap {
            Double($0)
        }
        XCTAssertEqual(numbers.count, 3, text)
        return numbers.map { Int($0.rounded()) }
    }

    /// `program`'s standard output; a failure throws.
    private func run(_ program: String, _ arguments: [String], input: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let out = Pipe()
        let into = Pipe()
        process.standardOutput = out
        process.standardInput = into
        process.standardError = FileHandle.nullDevice
        try process.run()
        into.fileHandleForWriting.write(Data((input ?? "").utf8))
        try into.fileHandleForWriting.close()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(program) \(arguments) failed"])
        }
        return text
    }
}
