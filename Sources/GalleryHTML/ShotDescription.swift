import GalleryStore
import PhotoFacts

/// The short line a photographer reads under a photo: "Pixel 7 · 24 mm · f/1.9 · 1/120 s ·
/// ISO 50"; the parts the file does not give are left out, nil when it gives none.
enum ShotDescription {
    /// The characters `line` writes around the file's own camera name (which the lightbox
    /// shows in the text font's list, falling back to the visitor's fonts where it must).
    static let characters = "ISO mm f/ s · 0123456789."

    static func line(_ metadata: PhotoMetadata) -> String? {
        var parts: [String] = []
        if let camera = metadata.cameraModel ?? metadata.cameraMake { parts.append(camera) }
        if let focal = metadata.focalLength { parts.append(number(focal, decimals: focal < 10 ? 1 : 0) + " mm") }
        if let f = metadata.fNumber { parts.append("f/" + number(f, decimals: 1)) }
        if let exposure = metadata.exposureTime { parts.append(exposureText(exposure)) }
        if let iso = metadata.iso { parts.append("ISO \(iso)") }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// "1/120 s" below a second (as cameras show it), "2 s", "1.5 s" from one second up.
    static func exposureText(_ seconds: Double) -> String {
        if seconds >= 1 { return number(seconds, decimals: 1) + " s" }
        return "1/\(Int((1 / seconds).rounded())) s"
    }

    /// At most `decimals` decimals, no trailing zeros ("1.9", "24", "6.8").
    static func number(_ value: Double, decimals: Int) -> String {
        let scale = decimals == 0 ? 1.0 : 10.0
        let rounded = (value * scale).rounded() / scale
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
