import CLCMS
import Foundation

/// How far apart two sRGB colours look: CIEDE2000 through lcms2's Lab (D50).
public enum ColourDifference {
    /// CIEDE2000 between two 8-bit sRGB colours, each red, green and blue.
    public static func deltaE2000(_ a: [Int], _ b: [Int]) -> Double {
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
        var bytes: [UInt8] = (a.prefix(3) + b.prefix(3)).map { UInt8(clamping: $0) }
        cmsDoTransform(transform, &bytes, &labs, 2)
        return cmsCIE2000DeltaE(&labs[0], &labs[1], 1, 1, 1)
    }
}
