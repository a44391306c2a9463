import CLCMS
import Synchronization

/// Pictures with an embedded ICC profile (Display P3 from phones, Adobe RGB from cameras)
/// converted to sRGB with Little CMS, perceptual intent, before they are resampled and
/// written: the thumbnails carry no profile, so every browser shows them as the original
/// looks where it is colour-managed. (Converting rather than embedding: a Display P3 profile
/// is ~0.5 KB, 5–8 % of a 236 px thumbnail, on every image; see bench/RESULTS.md.)
public enum ColorConversion {
    /// One transform per distinct profile, made once (lcms transforms without their 1-pixel
    /// cache may be used from several threads at once).
    private static let transforms = Mutex<[[UInt8]: TransformBox]>([:])

    private final class TransformBox: @unchecked Sendable {
        let transform: cmsHTRANSFORM?
        init(_ transform: cmsHTRANSFORM?) { self.transform = transform }
        deinit { if let transform { cmsDeleteTransform(transform) } }
    }

    /// `image` in sRGB. A profile that is sRGB already, not RGB, or that lcms cannot read (the
    /// importer says so: `problem(with:)`), leaves it as it is.
    static func toSRGB(_ image: RGBImage, profile: [UInt8]) -> RGBImage {
        guard let transform = transform(for: profile) else { return image }
        var converted = image
        converted.pixels.withUnsafeMutableBufferPointer { pixels in
            cmsDoTransform(transform, pixels.baseAddress, pixels.baseAddress, cmsUInt32Number(image.width * image.height))
        }
        return converted
    }

    /// Why an embedded profile cannot be used, or nil when Little CMS reads it.
    public static func problem(with profile: [UInt8]) -> String? {
        guard let handle = profile.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else {
            return "its embedded colour profile (\(profile.count) bytes) is not a valid ICC profile; its colours are taken as sRGB"
        }
        cmsCloseProfile(handle)
        return nil
    }

    private static func transform(for profile: [UInt8]) -> cmsHTRANSFORM? {
        if let known = transforms.withLock({ $0[profile] }) { return known.transform }
        let made = TransformBox(makeTransform(profile))
        let kept = transforms.withLock { cache in
            if let raced = cache[profile] { return raced }
            cache[profile] = made
            return made
        }
        return kept.transform
    }

    private static func makeTransform(_ profile: [UInt8]) -> cmsHTRANSFORM? {
        guard let source = profile.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else { return nil }
        defer { cmsCloseProfile(source) }
        guard cmsGetColorSpace(source) == cmsSigRgbData, !isSRGB(source), let srgb = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(srgb) }
        return cmsCreateTransform(source, gallery_TYPE_RGB_8, srgb, gallery_TYPE_RGB_8,
                                  cmsUInt32Number(INTENT_PERCEPTUAL), cmsUInt32Number(cmsFLAGS_NOCACHE))
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
