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
