import CLCMS
import Foundation

/// Colour profiles made with lcms2, as cameras, phones and editors embed them.
public enum TestProfiles {
    /// An RGB profile of `primaries` (red, green, blue chromaticities) and a D65 white, with
    /// sRGB's tone curve or a plain `gamma`, as lcms2 writes it.
    public static func profile(red: (Double, Double), green: (Double, Double), blue: (Double, Double), gamma: Double?)
        -> Data
    {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: red.0, y: red.1, Y: 1), Green: cmsCIExyY(x: green.0, y: green.1, Y: 1),
            Blue: cmsCIExyY(x: blue.0, y: blue.1, Y: 1))
        let curve =
            gamma.map { cmsBuildGamma(nil, $0) }
            ?? [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045].withUnsafeBufferPointer {
                cmsBuildParametricToneCurve(nil, 4, $0.baseAddress)
            }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        let made = cmsCreateRGBProfile(&white, &primaries, &curves)
        defer { cmsCloseProfile(made) }
        var size: cmsUInt32Number = 0
        cmsSaveProfileToMem(made, nil, &size)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        cmsSaveProfileToMem(made, &bytes, &size)
        return Data(bytes)
    }

    /// Apple's Display P3: DCI-P3's primaries, D65, sRGB's tone curve.
    public static let displayP3 = profile(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), gamma: nil)
    /// Adobe RGB (1998).
    public static let adobeRGB = profile(red: (0.64, 0.33), green: (0.21, 0.71), blue: (0.15, 0.06), gamma: 563.0 / 256)

}
