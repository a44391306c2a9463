import CLCMS
import Foundation

/// ICC profiles made with Little CMS for tests: RGB spaces given by primaries, a D65 white
/// and the sRGB transfer curve (Display P3) or gamma 563/256 (Adobe RGB 1998).
public enum TestProfiles {
    public struct Space: Sendable {
        public var red: (x: Double, y: Double)
        public var green: (x: Double, y: Double)
        public var blue: (x: Double, y: Double)
        /// nil: the sRGB curve.
        public var gamma: Double?
    }

    public static let displayP3 = Space(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), gamma: nil)
    public static let adobeRGB = Space(red: (0.640, 0.330), green: (0.210, 0.710), blue: (0.150, 0.060), gamma: 563.0 / 256)

    /// The profile's bytes.
    public static func icc(_ space: Space) -> [UInt8] {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: space.red.x, y: space.red.y, Y: 1), Green: cmsCIExyY(x: space.green.x, y: space.green.y, Y: 1),
            Blue: cmsCIExyY(x: space.blue.x, y: space.blue.y, Y: 1))
        let curve: OpaquePointer?
        if let gamma = space.gamma {
            curve = cmsBuildGamma(nil, gamma)
        } else {
            var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
            curve = cmsBuildParametricToneCurve(nil, 4, &parameters)
        }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let profile = cmsCreateRGBProfile(&white, &primaries, &curves) else { return [] }
        defer { cmsCloseProfile(profile) }
        var size: cmsUInt32Number = 0
        _ = cmsSaveProfileToMem(profile, nil, &size)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        _ = cmsSaveProfileToMem(profile, &bytes, &size)
        return bytes
    }

    /// An 8-bit RGB value of `space` in sRGB, computed without Little CMS: decode, RGB → XYZ
    /// (from the primaries, D65), XYZ → linear sRGB, encode, clipped. The reference the
    /// gallery's conversion must meet.
    public static func toSRGB(_ rgb: (Int, Int, Int), from space: Space) -> (Double, Double, Double) {
        func decode(_ v: Double) -> Double {
            if let gamma = space.gamma { return pow(v, gamma) }
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        let linear = [rgb.0, rgb.1, rgb.2].map { decode(Double($0) / 255) }
        let toXYZ = matrix(space), fromXYZ = inverse(matrix(TestProfiles.Space(red: (0.64, 0.33), green: (0.30, 0.60), blue: (0.15, 0.06), gamma: nil)))
        let xyz = (0 ..< 3).map { i in (0 ..< 3).reduce(0) { $0 + toXYZ[i][$1] * linear[$1] } }
        let srgb = (0 ..< 3).map { i in (0 ..< 3).reduce(0) { $0 + fromXYZ[i][$1] * xyz[$1] } }
        let encoded = srgb.map { v -> Double in
            let c = min(1, max(0, v))
            return 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055)
        }
        return (encoded[0], encoded[1], encoded[2])
    }

    /// RGB → XYZ for primaries with a D65 white.
    static func matrix(_ space: Space) -> [[Double]] {
        let white = (x: 0.3127, y: 0.3290)
        func column(_ p: (x: Double, y: Double)) -> [Double] { [p.x / p.y, 1, (1 - p.x - p.y) / p.y] }
        let columns = [column(space.red), column(space.green), column(space.blue)]
        let m = (0 ..< 3).map { row in (0 ..< 3).map { columns[$0][row] } }
        let w = [white.x / white.y, 1, (1 - white.x - white.y) / white.y]
        let s = (0 ..< 3).map { i in (0 ..< 3).reduce(0) { $0 + inverse(m)[i][$1] * w[$1] } }
        return (0 ..< 3).map { row in (0 ..< 3).map { m[row][$0] * s[$0] } }
    }

    static func inverse(_ m: [[Double]]) -> [[Double]] {
        let a = m[0][0], b = m[0][1], c = m[0][2], d = m[1][0], e = m[1][1], f = m[1][2], g = m[2][0], h = m[2][1], i = m[2][2]
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        return [[(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
                [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
                [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]]
    }

    /// CIE76 ΔE between two sRGB colours (0–255).
    public static func deltaE(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        func lab(_ c: (Double, Double, Double)) -> [Double] {
            let linear = [c.0, c.1, c.2].map { v -> Double in
                let x = v / 255
                return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4)
            }
            let m = matrix(Space(red: (0.64, 0.33), green: (0.30, 0.60), blue: (0.15, 0.06), gamma: nil))
            let xyz = (0 ..< 3).map { i in (0 ..< 3).reduce(0) { $0 + m[i][$1] * linear[$1] } }
            let white = [0.3127 / 0.3290, 1, (1 - 0.3127 - 0.3290) / 0.3290]
            let f = (0 ..< 3).map { i -> Double in
                let t = xyz[i] / white[i]
                return t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116
            }
            return [116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])]
        }
        let p = lab(a), q = lab(b)
        return ((p[0] - q[0]) * (p[0] - q[0]) + (p[1] - q[1]) * (p[1] - q[1]) + (p[2] - q[2]) * (p[2] - q[2])).squareRoot()
    }
}
