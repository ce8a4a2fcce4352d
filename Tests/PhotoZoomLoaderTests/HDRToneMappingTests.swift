import CLCMS
import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface

/// HDR AVIFs (PQ and HLG, BT.2020, 12 and 10 bits), made by avifenc from 16-bit PNGs holding
/// exact code values, shown in 8-bit sRGB: held to a reference computed here from the
/// published formulas (SMPTE ST 2084's EOTF; BT.2100's HLG inverse OETF and OOTF for a
/// 1000-nit display; BT.2390's EETF on luminance, from a 1000-nit master to 203 nits, BT.2408's
/// reference white, shown as sRGB's white; BT.2087's BT.2020-to-BT.709 matrix; IEC 61966-2-1's
/// sRGB curve), within ΔE2000 1; and to what a person looks for: reference white near white,
/// 100 nits a mid grey, a ramp that only rises, highlights rolled off rather than clipped, and
/// colours of the hue they had.
final class HDRToneMappingTests: XCTestCase {
    typealias RGB = ColourReference.RGB

    /// Grey light, in nits, of the PQ ramp's patches.
    let ramp: [Double] = [0.5, 5, 20, 50, 100, 203, 400, 1000, 4000]
    /// sRGB colours, put into BT.2020 light at 100 nits' white for the colour patches.
    let colours = [RGB(r: 200, g: 80, b: 60), RGB(r: 90, g: 150, b: 200), RGB(r: 210, g: 190, b: 90)]

    func testAPQAVIFIsToneMappedAsTheFormulasSay() throws {
        let light = ramp.map { [$0, $0, $0] } + colours.map { bt2020(of: $0).map { $0 * 100 } }
        let codes = light.map { $0.map { Reference.pqSignal($0) } }
        let shown = try decoded(codes, depth: 12, cicp: "9/16/9")
        let reference = light.map(Reference.shown)
        assertClose(shown, reference, "PQ")
        let greys = shown.prefix(ramp.count).map(\.g)
        for (index, pair) in zip(greys, greys.dropFirst()).enumerated() {
            XCTAssertLessThanOrEqual(pair.0, pair.1, "the ramp falls from \(ramp[index]) to \(ramp[index + 1]) nits")
        }
        let at = { (nits: Double) in greys[self.ramp.firstIndex(of: nits)!] }
        XCTAssertGreaterThanOrEqual(at(203), 215, "reference white is near sRGB's white")
        XCTAssertLessThan(at(203), at(400), "above reference white, highlights are rolled off, not clipped")
        XCTAssertLessThan(at(400), 255)
        XCTAssertEqual(at(1000), 255, "the master's peak is white")
        XCTAssertEqual(at(4000), 255)
        XCTAssertTrue((140...200).contains(at(100)), "100 nits is a mid grey: \(at(100))")
        assertSameHues(Array(shown.suffix(colours.count)), "PQ")
    }

    func testAnHLGAVIFIsToneMappedAsTheFormulasSay() throws {
        let signals: [Double] = [0.1, 0.25, 0.5, 0.75, 0.9, 1]
        let scene =
            signals.map { [$0, $0, $0].map(Reference.hlgSceneLight) }
            + colours.map { colour in
                // Scene light whose OOTF gives about 100 nits' white.
                bt2020(of: colour).map { $0 * pow(0.1, 1 / 1.2) }
            }
        let codes = scene.map { $0.map(Reference.hlgSignal) }
        let shown = try decoded(codes, depth: 10, cicp: "9/18/9")
        let reference = scene.map { Reference.shown(Reference.hlgDisplayLight($0)) }
        assertClose(shown, reference, "HLG")
        let greys = shown.prefix(signals.count).map(\.g)
        XCTAssertEqual(greys, greys.sorted(), "the ramp only rises")
        XCTAssertGreaterThanOrEqual(greys[3], 215, "75 % HLG, BT.2408's reference white, is near sRGB's white")
        assertSameHues(Array(shown.suffix(colours.count)), "HLG")
    }

    /// An HDR AVIF with an auxiliary image (its alpha, which avifenc stores as one; the gain
    /// maps libheif 1.15 does not know are auxiliary images too, and no Debian encoder writes
    /// them) decodes, its alpha at its depth brought to 8 bits and its colour as without it.
    func testAnHDRAVIFWithAnAuxiliaryAlphaImageDecodes() throws {
        let codes = [[0.6, 0.5, 0.4]]
        let alpha = try decodedPixels(
            codes, depth: 10, cicp: "9/16/9",
            magick: ["-alpha", "set", "-channel", "A", "-evaluate", "set", "50%", "+channel"])
        let opaque = try decodedPixels(codes, depth: 10, cicp: "9/16/9")
        let at = (side / 2) * alpha.pitch + (side / 2) * 4
        XCTAssertEqual(Int(alpha.bytes[at + 3]), 128, accuracy: 1, "half transparent")
        XCTAssertEqual(Int(opaque.bytes[at + 3]), 255)
        for channel in 0..<3 {
            XCTAssertEqual(
                Int(alpha.bytes[at + channel]), Int(opaque.bytes[at + channel]), accuracy: 1, "channel \(channel)")
        }
    }

    // MARK: - Helpers

    private let side = 16

    /// `codes` (each patch's red, green and blue signal, 0 to 1) as an AVIF of `depth` bits made
    /// by avifenc with `cicp`, decoded by the loader's decoder: each patch's middle colour.
    private func decoded(_ codes: [[Double]], depth: Int, cicp: String) throws -> [RGB] {
        let pixels = try decodedPixels(codes, depth: depth, cicp: cicp)
        return (0..<codes.count).map { patch in
            let at = (side / 2) * pixels.pitch + (patch * side + side / 2) * 4
            return RGB(r: Int(pixels.bytes[at]), g: Int(pixels.bytes[at + 1]), b: Int(pixels.bytes[at + 2]))
        }
    }

    /// `decoded`'s picture, whole; `magick` are ImageMagick's options for the 16-bit PNG.
    private func decodedPixels(_ codes: [[Double]], depth: Int, cicp: String, magick: [String] = []) throws
        -> PixelBuffer
    {
        let folder = try MagickReference.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let width = side * codes.count
        var ppm = Data("P6\n\(width) \(side)\n65535\n".utf8)
        let top = Double((1 << depth) - 1)
        for _ in 0..<side {
            for patch in codes {
                // The code value of `depth` bits, spread over 16 as avifenc takes it back exactly.
                let samples = patch.map { Int((($0 * top).rounded() * 65535 / top).rounded()) }
                for _ in 0..<side { for s in samples { ppm.append(contentsOf: [UInt8(s >> 8), UInt8(s & 0xFF)]) } }
            }
        }
        let source = folder.appendingPathComponent("codes.ppm")
        try ppm.write(to: source)
        let png = folder.appendingPathComponent("codes.png")
        _ = try MagickReference.convert([source.path] + magick + ["-depth", "16", png.path])
        let avif = folder.appendingPathComponent("hdr.avif")
        let encoded = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "avifenc", "-d", String(depth), "-y", "444", "--min", "0", "--max", "0", "--cicp", cicp, png.path,
                avif.path,
            ], environment: ProcessInfo.processInfo.environment, timeout: 120)
        XCTAssertEqual(encoded.status, 0, encoded.stderr)
        return try ScaledDecoder.decode(
            try Data(contentsOf: avif), to: .fitting(PixelBox(width: 4096, height: 4096)), named: "hdr.avif"
        ).get().pixels
    }

    private func assertClose(_ shown: [RGB], _ reference: [RGB], _ what: String) {
        for (index, (ours, theirs)) in zip(shown, reference).enumerated() {
            XCTAssertLessThanOrEqual(
                ColourReference.deltaE(ours, theirs), 1, "\(what) patch \(index): ours \(ours), the formulas' \(theirs)"
            )
        }
    }

    /// Each colour patch's hue (CIELab's) within 3° of the sRGB colour it was made from.
    private func assertSameHues(_ shown: [RGB], _ what: String) {
        for (ours, original) in zip(shown, colours) {
            let turned = abs(remainder(hue(ours) - hue(original), 360))
            XCTAssertLessThanOrEqual(turned, 3, "\(what): \(original) shown as \(ours), its hue turned \(turned)°")
        }
    }

    /// CIELab's hue angle of an sRGB colour, in degrees.
    private func hue(_ colour: RGB) -> Double {
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
        var value = cmsCIELab()
        var bytes: [UInt8] = [UInt8(colour.r), UInt8(colour.g), UInt8(colour.b)]
        cmsDoTransform(transform, &bytes, &value, 1)
        return atan2(value.b, value.a) * 180 / .pi
    }

    /// An sRGB colour's light in BT.2020's primaries, 1 its white (BT.2087's matrix, BT.709 to
    /// BT.2020).
    private func bt2020(of colour: RGB) -> [Double] {
        let linear = [colour.r, colour.g, colour.b].map { Reference.sRGBLight(Double($0) / 255) }
        return Reference.multiply(
            [[0.6274, 0.3293, 0.0433], [0.0691, 0.9195, 0.0114], [0.0164, 0.0880, 0.8956]], linear)
    }

    /// The published formulas, written out here apart from the code they check.
    enum Reference {
        static let m1 = 2610.0 / 16384
        static let m2 = 2523.0 / 4096 * 128
        static let c1 = 3424.0 / 4096
        static let c2 = 2413.0 / 4096 * 32
        static let c3 = 2392.0 / 4096 * 32

        /// SMPTE ST 2084's EOTF: nits of a PQ signal.
        static func pqLight(_ e: Double) -> Double {
            let p = pow(e, 1 / m2)
            return 10000 * pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
        }

        /// Its inverse: the PQ signal of nits.
        static func pqSignal(_ nits: Double) -> Double {
            let y = pow(nits / 10000, m1)
            return pow((c1 + c2 * y) / (1 + c3 * y), m2)
        }

        static let a = 0.17883277
        static let b = 1 - 4 * a
        static let c = 0.5 - a * log(4 * a)

        /// BT.2100's HLG OETF: the signal of scene light from 0 to 1.
        static func hlgSignal(_ e: Double) -> Double { e <= 1.0 / 12 ? (3 * e).squareRoot() : a * log(12 * e - b) + c }

        /// Its inverse.
        static func hlgSceneLight(_ s: Double) -> Double { s <= 0.5 ? s * s / 3 : (exp((s - c) / a) + b) / 12 }

        /// BT.2100's HLG OOTF for a 1000-nit display (system gamma 1.2): nits of scene light.
        static func hlgDisplayLight(_ scene: [Double]) -> [Double] {
            let ys = 0.2627 * scene[0] + 0.6780 * scene[1] + 0.0593 * scene[2]
            return scene.map { 1000 * pow(ys, 0.2) * $0 }
        }

        /// BT.2390's EETF from a master of 0 to 1000 nits to a display of 0 to 203.
        static func eetf(_ nits: Double) -> Double {
            let top = pqSignal(1000)
            let maxLum = pqSignal(203) / top
            let ks = 1.5 * maxLum - 0.5
            let e1 = min(pqSignal(nits) / top, 1)
            guard e1 >= ks else { return nits }
            let t = (e1 - ks) / (1 - ks)
            let p =
                (2 * pow(t, 3) - 3 * t * t + 1) * ks + (pow(t, 3) - 2 * t * t + t) * (1 - ks)
                + (-2 * pow(t, 3) + 3 * t * t) * maxLum
            return pqLight(p * top)
        }

        /// IEC 61966-2-1's sRGB decoding and encoding.
        static func sRGBLight(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        static func sRGBSignal(_ l: Double) -> Double { l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055 }

        static func multiply(_ m: [[Double]], _ v: [Double]) -> [Double] {
            m.map { row in zip(row, v).map(*).reduce(0, +) }
        }

        /// BT.2020 light in nits as shown: its luminance through the EETF, the colour scaled
        /// with it, 203 nits white, into BT.709's primaries (BT.2087), clipped, sRGB-encoded.
        static func shown(_ nits: [Double]) -> RGB {
            let y = 0.2627 * nits[0] + 0.6780 * nits[1] + 0.0593 * nits[2]
            let scale = y > 0 ? eetf(y) / y / 203 : 0
            let bt709 = multiply(
                [[1.6605, -0.5876, -0.0728], [-0.1246, 1.1329, -0.0083], [-0.0182, -0.1006, 1.1187]],
                nits.map { $0 * scale })
            let encoded = bt709.map { Int((sRGBSignal(min(max($0, 0), 1)) * 255).rounded()) }
            return RGB(r: encoded[0], g: encoded[1], b: encoded[2])
        }
    }
}
