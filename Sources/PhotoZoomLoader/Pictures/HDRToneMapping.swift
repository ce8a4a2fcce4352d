import CLCMS
import Foundation
import PhotoZoomLoaderInterface

/// An HDR picture (BT.2100's PQ or HLG) shown on an 8-bit sRGB screen. Its samples become light
/// in nits (PQ's EOTF; HLG's inverse OETF and its OOTF for a 1000-nit display), its luminance
/// is tone mapped by BT.2390's EETF from a 1000-nit master to a display whose peak is HDR's
/// reference white, 203 nits (BT.2408), which becomes sRGB's white, and the colours are scaled
/// with their luminance so their hue and saturation stay; lcms2 then takes them from their
/// primaries (BT.2020's, as a rule) to sRGB's, clipping what sRGB cannot show. Light above the
/// master's 1000 nits is white.
struct HDRToneMapping {
    /// BT.2100's two transfers, by their ITU-T H.273 code points.
    enum Transfer: Int {
        case pq = 16
        case hlg = 18
    }

    /// HDR's reference white, in nits, shown as sRGB's white (BT.2408's graphics white).
    static let referenceWhite = 203.0
    /// The brightest light the master is taken to hold, and the display HLG is shown for.
    static let peak = 1000.0

    let transfer: Transfer
    /// Light (nits for PQ, scene light 0 to 1 for HLG) of each code of the samples' depth.
    private let light: [Float]

    /// The mapping for samples of `depth` bits (full range) in `transfer`.
    init?(transfer code: Int, depth: Int) {
        guard let transfer = Transfer(rawValue: code), (8...16).contains(depth) else { return nil }
        self.transfer = transfer
        let top = Double((1 << depth) - 1)
        light = (0...(1 << depth) - 1).map { code in
            let signal = Double(code) / top
            return Float(transfer == .pq ? Self.pqLight(signal) : Self.hlgSceneLight(signal))
        }
    }

    /// PQ's EOTF (SMPTE ST 2084, BT.2100 table 4): nits of a signal from 0 to 1.
    static func pqLight(_ signal: Double) -> Double {
        let power = pow(max(signal, 0), 1 / pqM2)
        return 10000 * pow(max(power - pqC1, 0) / (pqC2 - pqC3 * power), 1 / pqM1)
    }

    /// PQ's inverse EOTF: the signal from 0 to 1 of `nits`.
    static func pqSignal(_ nits: Double) -> Double {
        let power = pow(max(nits, 0) / 10000, pqM1)
        return pow((pqC1 + pqC2 * power) / (1 + pqC3 * power), pqM2)
    }

    private static let pqM1 = 2610.0 / 16384
    private static let pqM2 = 2523.0 / 4096 * 128
    private static let pqC1 = 3424.0 / 4096
    private static let pqC2 = 2413.0 / 4096 * 32
    private static let pqC3 = 2392.0 / 4096 * 32

    /// HLG's inverse OETF (BT.2100 table 5): scene light from 0 to 1 of a signal from 0 to 1.
    static func hlgSceneLight(_ signal: Double) -> Double {
        let a = 0.17883277
        let b = 1 - 4 * a
        let c = 0.5 - a * log(4 * a)
        return signal <= 0.5 ? signal * signal / 3 : (exp((signal - c) / a) + b) / 12
    }

    /// HLG's OOTF's system gamma for a display of `peak` nits (BT.2100 note 5f).
    static let hlgGamma = 1.2 + 0.42 * log10(peak / 1000)

    /// BT.2390's EETF (section 5.4) on luminance: `nits` from a 0-to-`peak` master to a display
    /// of 0 to `referenceWhite`, in nits. Below its knee it changes nothing; above, a Hermite
    /// spline in PQ's signal rolls off to the display's peak.
    static func eetf(_ nits: Double) -> Double {
        let sourceTop = pqSignal(peak)
        let maximum = pqSignal(referenceWhite) / sourceTop
        let knee = 1.5 * maximum - 0.5
        let e1 = min(pqSignal(nits) / sourceTop, 1)
        guard e1 > knee else { return nits }
        let t = (e1 - knee) / (1 - knee)
        let t2 = t * t
        let t3 = t2 * t
        let e2 = (2 * t3 - 3 * t2 + 1) * knee + (t3 - 2 * t2 + t) * (1 - knee) + (-2 * t3 + 3 * t2) * maximum
        return pqLight(e2 * sourceTop)
    }

    /// `eetf` of luminance from 0 to `peak` nits, over the square root of the luminance (fine
    /// steps in the dark), interpolated between: a pixel costs no power function.
    private static let eetfSteps = 4096
    private static let eetfTable: [Float] = (0...eetfSteps).map { step in
        let root = Double(step) / Double(eetfSteps)
        return Float(eetf(root * root * peak))
    }

    /// Luminance of BT.2020's primaries (BT.2100 table 8), used whatever the primaries: HLG's
    /// OOTF is defined with it, and a luminance's weights matter little to the mapping.
    private static let weights: (Float, Float, Float) = (0.2627, 0.6780, 0.0593)

    /// `samples` (16-bit red, green, blue and alpha of this mapping's depth, `rowSamples` apart)
    /// mapped into `pixels` (RGBA, of the same size) in sRGB, from colours of `primaries`
    /// (red's, green's and blue's x and y, a D65 white); whether lcms2 could.
    func toSRGB(
        _ samples: UnsafePointer<UInt16>, rowSamples: Int, alphaTop: Float, primaries: [Double],
        into pixels: PixelBuffer
    ) -> Bool {
        guard
            let linear = ColourConversion.profile(
                white: ColourConversion.d65, primaries: primaries, curve: [1, 1, 0, 0, 0])
        else { return false }
        return ColourConversion.withLightTransform(from: linear) { transform in
            map(samples, rowSamples: rowSamples, alphaTop: alphaTop, into: pixels, through: transform)
        } != nil
    }

    /// `toSRGB`'s work, row by row through `transform`.
    private func map(
        _ samples: UnsafePointer<UInt16>, rowSamples: Int, alphaTop: Float, into pixels: PixelBuffer,
        through transform: cmsHTRANSFORM
    ) {
        let top = light.count - 1
        var row = [Float](repeating: 0, count: pixels.width * 4)
        let (wr, wg, wb) = Self.weights
        for y in 0..<pixels.height {
            let source = samples + y * rowSamples
            for x in 0..<pixels.width {
                var r = light[min(Int(source[x * 4]), top)]
                var g = light[min(Int(source[x * 4 + 1]), top)]
                var b = light[min(Int(source[x * 4 + 2]), top)]
                if transfer == .hlg {
                    // The OOTF: scene light to display nits, by the scene's luminance.
                    let scene = wr * r + wg * g + wb * b
                    let gain = Float(Self.peak) * (scene > 0 ? Float(pow(Double(scene), Self.hlgGamma - 1)) : 0)
                    (r, g, b) = (r * gain, g * gain, b * gain)
                }
                let luminance = wr * r + wg * g + wb * b
                let scale = luminance > 0 ? Self.mapped(luminance) / luminance / Float(Self.referenceWhite) : 0
                row[x * 4] = r * scale
                row[x * 4 + 1] = g * scale
                row[x * 4 + 2] = b * scale
                // libheif gives an image without alpha one of 16 bits whatever its depth.
                row[x * 4 + 3] = min(Float(source[x * 4 + 3]) / alphaTop, 1)
            }
            cmsDoTransform(transform, row, pixels.bytes + y * pixels.pitch, cmsUInt32Number(pixels.width))
        }
    }

    /// `eetf` of `luminance` nits, from the table.
    private static func mapped(_ luminance: Float) -> Float {
        let at = (min(luminance / Float(peak), 1)).squareRoot() * Float(eetfSteps)
        let below = min(Int(at), eetfSteps - 1)
        let fraction = at - Float(below)
        return eetfTable[below] + (eetfTable[below + 1] - eetfTable[below]) * fraction
    }
}
