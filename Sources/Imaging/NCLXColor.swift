import CLCMS
import Synchronization

/// A HEIF `colr` box of type nclx: colour described by code points (ITU-T H.273) instead of an
/// ICC profile, as AVIF encoders often write it. Pictures in other primaries than sRGB's
/// (Display P3, BT.2020) get an ICC profile made from the code points with Little CMS, and go
/// the way of embedded profiles (`ColorConversion`); sRGB's primaries need nothing.
struct NCLXColor: Hashable, Sendable {
    var primaries: Int
    var transfer: Int

    /// From a `colr` box's payload after its type: primaries, transfer, matrix (16 bits each).
    init?(_ payload: ArraySlice<UInt8>) {
        guard payload.count >= 6 else { return nil }
        let start = payload.startIndex
        primaries = Int(payload[start]) << 8 | Int(payload[start + 1])
        transfer = Int(payload[start + 2]) << 8 | Int(payload[start + 3])
    }

    init(primaries: Int, transfer: Int) {
        self.primaries = primaries
        self.transfer = transfer
    }

    /// The primaries' and white point's chromaticities (x, y): red, green, blue, white.
    var chromaticities: [(Double, Double)]? {
        let d65 = (0.3127, 0.3290)
        switch primaries {
        case 9: return [(0.708, 0.292), (0.170, 0.797), (0.131, 0.046), d65]  // BT.2020
        case 12: return [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060), d65]  // Display P3
        case 11: return [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060), (0.314, 0.351)]  // DCI-P3
        case 5: return [(0.640, 0.330), (0.290, 0.600), (0.150, 0.060), d65]  // BT.470 B/G (PAL)
        case 6, 7: return [(0.630, 0.340), (0.310, 0.595), (0.155, 0.070), d65]  // SMPTE 170M / 240M
        default: return nil  // BT.709 (= sRGB's), unspecified, or one not handled: taken as sRGB
        }
    }

    /// An ICC profile for these code points, or nil when the picture is sRGB already (or its
    /// primaries are not known here). One profile per kind, made once.
    var iccProfile: [UInt8]? {
        guard let chromaticities else { return nil }
        if let known = Self.profiles.withLock({ $0[self] }) { return known }
        let made = makeProfile(chromaticities)
        Self.profiles.withLock { $0[self] = made }
        return made
    }

    private static let profiles = Mutex<[NCLXColor: [UInt8]?]>([:])

    private func makeProfile(_ xy: [(Double, Double)]) -> [UInt8]? {
        var white = cmsCIExyY(x: xy[3].0, y: xy[3].1, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: xy[0].0, y: xy[0].1, Y: 1), Green: cmsCIExyY(x: xy[1].0, y: xy[1].1, Y: 1),
                                        Blue: cmsCIExyY(x: xy[2].0, y: xy[2].1, Y: 1))
        // The transfer: BT.709's (also BT.601's and BT.2020's), linear, pure gammas; sRGB's for
        // sRGB and for what is not handled (PQ and HLG are HDR: no tone mapping here).
        var parameters: [Double]
        var type: Int32 = 4
        switch transfer {
        case 1, 6, 14, 15: parameters = [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081]
        case 8: (type, parameters) = (1, [1])
        case 4: (type, parameters) = (1, [2.2])
        case 5: (type, parameters) = (1, [2.8])
        default: parameters = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        }
        guard let curve = cmsBuildParametricToneCurve(nil, type, &parameters) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let profile = cmsCreateRGBProfile(&white, &primaries, &curves) else { return nil }
        defer { cmsCloseProfile(profile) }
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(profile, nil, &size) != 0, size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        guard cmsSaveProfileToMem(profile, &bytes, &size) != 0 else { return nil }
        return bytes
    }
}
