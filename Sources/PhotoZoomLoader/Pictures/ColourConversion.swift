import CLCMS
import Foundation
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// A photo's colours, from the profile it carries to the screen's sRGB, by Little CMS 2: a
/// Display P3 photo's reds and greens as saturated as the photographer saw them, an Adobe RGB
/// one's not washed out. The intent is perceptual, as jpgicc's and tificc's default is. A
/// profile lcms2 cannot use (or one for colours the pixels are not in) leaves the pixels as
/// they are. The transforms made last are kept for the next photo from the same camera; one
/// conversion runs at a time (a loader decodes one photo at a time anyway).
enum ColourConversion {
    /// Converts `pixels` (RGBA) from `profile` to sRGB in place; whether it did. A grey
    /// profile's pixels are grey (red, green and blue equal, as the decoders give a grey photo),
    /// and are read through it from their red.
    @discardableResult
    static func toSRGB(_ pixels: PixelBuffer, from profile: ICCProfile) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let input: cmsUInt32Number
        switch profile.space {
        case .rgb: input = photozoom_lcms_rgba8
        case .grey: input = photozoom_lcms_grey8_in_rgba
        case .cmyk: return false
        }
        guard pixels.layout == .rgba, let transform = transform(from: profile, input: input) else { return false }
        // Rows are packed: the whole picture is one run of pixels, converted where it lies.
        cmsDoTransform(transform, pixels.bytes, pixels.bytes, cmsUInt32Number(pixels.width * pixels.height))
        return true
    }

    /// Ink (four bytes a pixel, C M Y K; `inverted` as Adobe's files store it) through a CMYK
    /// `profile` into `pixels`, of the same size; whether it did.
    static func inkToSRGB(
        _ ink: UnsafePointer<UInt8>, inverted: Bool, into pixels: PixelBuffer, from profile: ICCProfile
    )
        -> Bool
    {
        lock.lock()
        defer { lock.unlock() }
        guard profile.space == .cmyk,
            let transform = transform(
                from: profile, input: inverted ? photozoom_lcms_cmyk8_inverted : photozoom_lcms_cmyk8)
        else { return false }
        cmsDoTransform(transform, ink, pixels.bytes, cmsUInt32Number(pixels.width * pixels.height))
        // The transform writes colour only: the picture is opaque.
        for at in stride(from: 3, to: pixels.count, by: 4) { pixels.bytes[at] = 255 }
        return true
    }

    /// Runs `body` with a transform from `profile`'s colours as floats (RGBA, 1.0 its white) to
    /// sRGB RGBA, alpha copied; nil where lcms2 cannot make one.
    static func withLightTransform<Outcome>(from profile: ICCProfile, _ body: (cmsHTRANSFORM) -> Outcome) -> Outcome? {
        lock.lock()
        defer { lock.unlock() }
        guard profile.space == .rgb, let transform = transform(from: profile, input: photozoom_lcms_rgba_float) else {
            return nil
        }
        return body(transform)
    }

    /// The profile of colours described by their ITU-T H.273 code points (a HEIF's or AVIF's
    /// `nclx`): Display P3's or BT.2020's primaries, with sRGB's or BT.709's tone curve. Nil
    /// for sRGB's own primaries, unspecified ones, and HDR's transfers (PQ and HLG), which are
    /// tone mapped instead (`HDRToneMapping`).
    static func profile(primaries: Int, transfer: Int) -> ICCProfile? {
        guard primaries != 1, let chromaticities = chromaticities(primaries: primaries) else { return nil }
        let curve: [Double]
        switch transfer {
        case 13, 2: curve = sRGBCurve
        case 1, 6, 14, 15: curve = [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081]
        default: return nil
        }
        return profile(white: d65, primaries: chromaticities, curve: curve)
    }

    /// The profile a PNG's `gAMA` and `cHRM` describe, where it has no `iCCP` or `sRGB`:
    /// `gamma` is the chunk's encoding exponent, `chromaticities` the white's and then red's,
    /// green's and blue's x and y. Either missing is sRGB's. A gAMA of 1/2.2 is taken for sRGB's
    /// own curve, as libpng's sRGB chunk implies it (`PNG_GAMMA_sRGB_INVERSE`) and ImageMagick
    /// writes it for sRGB pictures; nil where both come to sRGB.
    static func profile(gamma: Double?, chromaticities: [Double]?) -> ICCProfile? {
        let curve = gamma.flatMap { abs($0 * 2.2 - 1) > 0.01 && $0 > 0 ? [1 / $0, 1, 0, 0, 0] : nil } ?? sRGBCurve
        let given = chromaticities.flatMap { values in
            values.count == 8 && zip(values, d65 + sRGB).contains { abs($0 - $1) > 0.001 } ? values : nil
        }
        guard curve != sRGBCurve || given != nil else { return nil }
        let all = given ?? d65 + sRGB
        return profile(white: Array(all.prefix(2)), primaries: Array(all.dropFirst(2)), curve: curve)
    }

    /// Red's, green's and blue's x and y of ITU-T H.273's `primaries` that PhotoZoom reads
    /// (sRGB's, Display P3's, BT.2020's), each with a D65 white; nil for others.
    static func chromaticities(primaries: Int) -> [Double]? {
        switch primaries {
        case 1: return sRGB
        case 12: return [0.680, 0.320, 0.265, 0.690, 0.150, 0.060]
        case 9: return bt2020
        default: return nil
        }
    }

    static let d65 = [0.3127, 0.3290]
    static let bt2020 = [0.708, 0.292, 0.170, 0.797, 0.131, 0.046]
    private static let sRGB = [0.64, 0.33, 0.30, 0.60, 0.15, 0.06]
    /// sRGB's tone curve as lcms2's parametric curve of type 4.
    private static let sRGBCurve = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]

    /// An RGB profile of a `white` (x, y), `primaries` (red's, green's and blue's x and y) and a
    /// `curve` (lcms2's parametric type 4), as lcms2 writes it; nil where it cannot (primaries
    /// that make no colours).
    static func profile(white: [Double], primaries: [Double], curve: [Double]) -> ICCProfile? {
        lock.lock()
        defer { lock.unlock() }
        let key = white + primaries + curve
        if let made = madeProfiles.first(where: { $0.key == key }) { return made.profile }
        var whitePoint = cmsCIExyY(x: white[0], y: white[1], Y: 1)
        var triple = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: primaries[0], y: primaries[1], Y: 1),
            Green: cmsCIExyY(x: primaries[2], y: primaries[3], Y: 1),
            Blue: cmsCIExyY(x: primaries[4], y: primaries[5], Y: 1))
        photozoom_lcms_silence()
        guard let tone = curve.withUnsafeBufferPointer({ cmsBuildParametricToneCurve(nil, 4, $0.baseAddress) }) else {
            return nil
        }
        defer { cmsFreeToneCurve(tone) }
        var tones: [OpaquePointer?] = [tone, tone, tone]
        guard let made = cmsCreateRGBProfile(&whitePoint, &triple, &tones) else { return nil }
        defer { cmsCloseProfile(made) }
        var length: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(made, nil, &length) != 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        guard cmsSaveProfileToMem(made, &bytes, &length) != 0, let profile = ICCProfile(Data(bytes)) else { return nil }
        // A file's own numbers may differ from photo to photo: only the last few are kept.
        if madeProfiles.count == mostKept { madeProfiles.removeFirst() }
        madeProfiles.append(MadeProfile(key: key, profile: profile))
        return profile
    }

    /// A profile made from code points or chunks, kept for the next photo.
    private struct MadeProfile {
        let key: [Double]
        let profile: ICCProfile
    }
    nonisolated(unsafe) private static var madeProfiles: [MadeProfile] = []

    /// A transform kept for a profile and an input layout.
    private struct Kept {
        let profile: ICCProfile
        let input: cmsUInt32Number
        let transform: cmsHTRANSFORM
    }

    private static let lock = NSLock()
    /// The transforms made last, newest at the end.
    nonisolated(unsafe) private static var kept: [Kept] = []
    private static let mostKept = 4

    /// From `profile`, its pixels laid out as `input`, to sRGB RGBA; nil where lcms2 cannot.
    private static func transform(from profile: ICCProfile, input: cmsUInt32Number) -> cmsHTRANSFORM? {
        if let found = kept.firstIndex(where: { $0.profile == profile && $0.input == input }) {
            let hit = kept.remove(at: found)
            kept.append(hit)
            return hit.transform
        }
        photozoom_lcms_silence()
        let source = profile.bytes.withUnsafeBytes {
            cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count))
        }
        guard let source else { return nil }
        defer { cmsCloseProfile(source) }
        guard let screen = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(screen) }
        let hasAlpha = input == photozoom_lcms_rgba8 || input == photozoom_lcms_rgba_float
        let flags = hasAlpha ? cmsUInt32Number(cmsFLAGS_COPY_ALPHA) : 0
        guard
            let made = cmsCreateTransform(
                source, input, screen, photozoom_lcms_rgba8, cmsUInt32Number(INTENT_PERCEPTUAL), flags)
        else { return nil }
        if kept.count == mostKept { cmsDeleteTransform(kept.removeFirst().transform) }
        kept.append(Kept(profile: profile, input: input, transform: made))
        return made
    }
}
