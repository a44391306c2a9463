import CLCMS
import Synchronization

/// Pictures with an embedded ICC profile (Display P3 from phones, Adobe RGB from cameras, a
/// print profile in CMYK JPEGs) converted to sRGB with Little CMS, perceptual intent, before they are resampled and
/// written: the thumbnails carry no profile, so every browser shows them as the original
/// looks where it is colour-managed. (Converting rather than embedding: a Display P3 profile
/// is ~0.5 KB, 5–8 % of a 236 px thumbnail, on every image; see bench/RESULTS.md.)
public enum ColorConversion {
    /// One transform per distinct profile, made once (lcms transforms without their 1-pixel
    /// cache may be used from several threads at once).
    private static let transforms = Mutex<[[UInt8]: TransformBox]>([:])

    private final class TransformBox: @unchecked Sendable {
        let transform: cmsHTRANSFORM?
        /// The bytes a source pixel takes: 3 from an RGB profile, 4 from a CMYK one.
        let channels: Int
        init(_ transform: cmsHTRANSFORM?, channels: Int) {
            self.transform = transform
            self.channels = channels
        }
        deinit { if let transform { cmsDeleteTransform(transform) } }
    }

    /// `image` in sRGB. A profile that is sRGB already, not RGB, or that lcms cannot read (the
    /// importer says so: `problem(with:)`), leaves it as it is.
    static func toSRGB(_ image: RGBImage, profile: [UInt8]) -> RGBImage {
        guard let box = transform(for: profile), box.channels == 3, let transform = box.transform else { return image }
        var converted = image
        converted.pixels.withUnsafeMutableBufferPointer { pixels in
            cmsDoTransform(transform, pixels.baseAddress, pixels.baseAddress, cmsUInt32Number(image.width * image.height))
        }
        return converted
    }

    /// Whether `profile` describes CMYK inks (a print profile such as SWOP or FOGRA).
    static func isCMYK(_ profile: [UInt8]) -> Bool {
        transform(for: profile)?.channels == 4
    }

    /// CMYK inks (4 bytes a pixel, 0 = no ink) in sRGB through their CMYK `profile`; a profile
    /// lcms cannot use mixes the inks naively instead.
    static func cmykToSRGB(_ ink: [UInt8], width: Int, height: Int, profile: [UInt8]) -> RGBImage {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        if let box = transform(for: profile), box.channels == 4, let transform = box.transform {
            ink.withUnsafeBufferPointer { source in
                rgb.withUnsafeMutableBufferPointer { target in
                    cmsDoTransform(transform, source.baseAddress, target.baseAddress, cmsUInt32Number(width * height))
                }
            }
        } else {
            for i in 0 ..< width * height {
                let white = 255 - Int(ink[i * 4 + 3])
                for c in 0 ..< 3 { rgb[i * 3 + c] = UInt8(((255 - Int(ink[i * 4 + c])) * white + 127) / 255) }
            }
        }
        return RGBImage(width: width, height: height, pixels: rgb)
    }

    /// Why an embedded profile cannot be used, or nil when Little CMS reads it.
    public static func problem(with profile: [UInt8]) -> String? {
        guard let handle = profile.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else {
            return "its embedded colour profile (\(profile.count) bytes) is not a valid ICC profile; its colours are taken as sRGB"
        }
        cmsCloseProfile(handle)
        return nil
    }

    private static func transform(for profile: [UInt8]) -> TransformBox? {
        if let known = transforms.withLock({ $0[profile] }) { return known }
        let made = makeTransform(profile)
        let kept = transforms.withLock { cache in
            if let raced = cache[profile] { return raced }
            cache[profile] = made
            return made
        }
        return kept
    }

    private static func makeTransform(_ profile: [UInt8]) -> TransformBox {
        guard let source = profile.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else {
            return TransformBox(nil, channels: 0)
        }
        defer { cmsCloseProfile(source) }
        let space = cmsGetColorSpace(source)
        let channels = space == cmsSigCmykData ? 4 : 3
        guard space == cmsSigCmykData || (space == cmsSigRgbData && !isSRGB(source)), let srgb = cmsCreate_sRGBProfile() else {
            return TransformBox(nil, channels: channels)
        }
        defer { cmsCloseProfile(srgb) }
        return TransformBox(cmsCreateTransform(source, channels == 4 ? gallery_TYPE_CMYK_8 : gallery_TYPE_RGB_8, srgb, gallery_TYPE_RGB_8,
                                               cmsUInt32Number(INTENT_PERCEPTUAL), cmsUInt32Number(cmsFLAGS_NOCACHE)),
                            channels: channels)
    }

    /// sRGB profiles by their description ("sRGB IEC61966-2.1", "sRGB built-in", ...): no
    /// conversion needed.
    private static func isSRGB(_ profile: cmsHPROFILE) -> Bool {
        var buffer = [CChar](repeating: 0, count: 256)
        let length = cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", &buffer, cmsUInt32Number(buffer.count))
        guard length > 0 else { return false }
        let description = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return description.lowercased().hasPrefix("srgb")
    }
}
