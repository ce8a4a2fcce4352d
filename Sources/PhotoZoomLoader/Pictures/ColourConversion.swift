import CLCMS
import Foundation
import PhotoZoomUntrusted

/// A photo's colours, from the profile it carries to the screen's sRGB, by Little CMS 2: a
/// Display P3 photo's reds and greens as saturated as the photographer saw them, an Adobe RGB
/// one's not washed out. The intent is perceptual, as jpgicc's and tificc's default is. A
/// profile lcms2 cannot use (or one for colours the pixels are not in) leaves the pixels as
/// they are. The transforms made last are kept for the next photo from the same camera; one
/// conversion runs at a time (a loader decodes one photo at a time anyway).
enum ColourConversion {
    /// Converts `pixels` (RGBA) from `profile` to sRGB in place; whether it did.
    @discardableResult
    static func toSRGB(_ pixels: PixelBuffer, from profile: ICCProfile) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard profile.space == .rgb, pixels.layout == .rgba,
            let transform = transform(from: profile, input: photozoom_lcms_rgba8)
        else { return false }
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

    /// The profile of colours described by their ITU-T H.273 code points (a HEIF's or AVIF's
    /// `nclx`): Display P3's or BT.2020's primaries, with sRGB's or BT.709's tone curve. Nil
    /// for sRGB's own primaries, unspecified ones, and transfers PhotoZoom does not read (PQ
    /// and HLG, which need tone mapping to show in 8-bit sRGB).
    static func profile(primaries: Int, transfer: Int) -> ICCProfile? {
        let chromaticities: [Double]
        switch primaries {
        case 12: chromaticities = [0.680, 0.320, 0.265, 0.690, 0.150, 0.060]
        case 9: chromaticities = [0.708, 0.292, 0.170, 0.797, 0.131, 0.046]
        default: return nil
        }
        let curve: [Double]
        switch transfer {
        case 13, 2: curve = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        case 1, 6, 14, 15: curve = [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081]
        default: return nil
        }
        lock.lock()
        defer { lock.unlock() }
        let key = chromaticities + curve
        if let made = madeProfiles.first(where: { $0.key == key }) { return made.profile }
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var triple = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: chromaticities[0], y: chromaticities[1], Y: 1),
            Green: cmsCIExyY(x: chromaticities[2], y: chromaticities[3], Y: 1),
            Blue: cmsCIExyY(x: chromaticities[4], y: chromaticities[5], Y: 1))
        guard let tone = curve.withUnsafeBufferPointer({ cmsBuildParametricToneCurve(nil, 4, $0.baseAddress) }) else {
            return nil
        }
        defer { cmsFreeToneCurve(tone) }
        var tones: [OpaquePointer?] = [tone, tone, tone]
        guard let made = cmsCreateRGBProfile(&white, &triple, &tones) else { return nil }
        defer { cmsCloseProfile(made) }
        var length: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(made, nil, &length) != 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        guard cmsSaveProfileToMem(made, &bytes, &length) != 0, let profile = ICCProfile(Data(bytes)) else { return nil }
        madeProfiles.append(MadeProfile(key: key, profile: profile))
        return profile
    }

    /// A profile made from code points, kept for the next photo.
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
        let flags = input == photozoom_lcms_rgba8 ? cmsUInt32Number(cmsFLAGS_COPY_ALPHA) : 0
        guard
            let made = cmsCreateTransform(
                source, input, screen, photozoom_lcms_rgba8, cmsUInt32Number(INTENT_PERCEPTUAL), flags)
        else { return nil }
        if kept.count == mostKept { cmsDeleteTransform(kept.removeFirst().transform) }
        kept.append(Kept(profile: profile, input: input, transform: made))
        return made
    }
}
