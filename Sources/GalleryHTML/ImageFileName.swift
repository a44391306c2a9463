import Imaging
import PhotoFacts

/// The name of one image of a photo in the site: its content hash's digits, then its size,
/// so an unchanged photo keeps its images across exports and a changed one gets new names.
/// "thumbs/KEY-236.webp" (a grid image; ".jpg" when the site makes JPEG grid images),
/// "large/KEY-1600x1067.jpg" (the lightbox's), "originals/KEY.heic" (the original's copy),
/// "videos/KEY-1920x1080.mp4" (a video's web rendition); a quality other than the default adds
/// "-q80" before the extension (for a rendition, x264's CRF: "-q28").
public struct ImageFileName: Hashable, Sendable {
    public enum Size: Hashable, Sendable {
        case grid(width: Int)
        case large(width: Int, height: Int)
        /// The original file, with its extension (lowercased).
        case original(extension: String)
        /// A video's web rendition (`VideoRendition`).
        case video(width: Int, height: Int)
    }

    /// The photo's content hash without its "xxh64:" (16 lowercase hex digits).
    public var key: String
    public var size: Size
    /// The encoding quality when it is not the default; nil for the default and for originals.
    public var quality: Int?
    /// A WebP file (".webp"), not a JPEG (".jpg"); false for originals.
    public var isWebP: Bool

    public init(key: String, size: Size, quality: Int? = nil, isWebP: Bool = false) {
        self.key = key
        self.size = size
        self.quality = quality
        switch size {
        case .original, .video: self.isWebP = false
        default: self.isWebP = isWebP
        }
    }

    /// The encoder of the file's bytes (nil for an original, which is copied, and a video).
    public var encoding: ImageFormat? {
        if isOriginal || isVideo { nil } else if isWebP { .webp } else { .jpeg }
    }

    /// A video's web rendition, not an image.
    public var isVideo: Bool {
        if case .video = size { true } else { false }
    }

    /// The copy of the original file, not an image made from it.
    public var isOriginal: Bool {
        if case .original = size { true } else { false }
    }

    /// The content hash as the library stores it.
    public var contentHash: String { "xxh64:" + key }

    public var name: String {
        let q = quality.map { "-q\($0)" } ?? ""
        let ext = isWebP ? "webp" : "jpg"
        switch size {
        case .grid(let width): return "thumbs/\(key)-\(width)\(q).\(ext)"
        case .large(let width, let height): return "large/\(key)-\(width)x\(height)\(q).\(ext)"
        case .original(let ext): return "originals/\(key).\(ext)"
        case .video(let width, let height): return "videos/\(key)-\(width)x\(height)\(q).mp4"
        }
    }

    /// The image `name` names; nil for any other name (a page, a font, a name no export makes).
    public init?(parsing name: String) {
        let utf8 = Substring(name).utf8
        let folder: Substring.UTF8View, isGrid: Bool, isLarge: Bool
        if utf8.starts(with: "videos/".utf8) {
            guard let parsed = Self.video(utf8.dropFirst(7)) else { return nil }
            self = parsed
            return
        } else if utf8.starts(with: "thumbs/".utf8) {
            (folder, isGrid, isLarge) = (utf8.dropFirst(7), true, false)
        } else if utf8.starts(with: "large/".utf8) {
            (folder, isGrid, isLarge) = (utf8.dropFirst(6), false, true)
        } else if utf8.starts(with: "originals/".utf8) {
            (folder, isGrid, isLarge) = (utf8.dropFirst(10), false, false)
        } else {
            return nil
        }
        let isKeyDigit = { (byte: UInt8) in (0x30 ... 0x39).contains(byte) || (0x61 ... 0x66).contains(byte) }
        let key = folder.prefix(while: isKeyDigit)
        guard !key.isEmpty, let separator = folder.dropFirst(key.count).first else { return nil }
        self.key = String(Substring(key))
        let rest = folder.dropFirst(key.count + 1)
        if !isGrid && !isLarge {
            // "KEY.ext": the original's own extension, lowercased.
            guard separator == UInt8(ascii: "."), !rest.isEmpty,
                  !rest.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: ".") || (0x41 ... 0x5A).contains($0) }) else { return nil }
            size = .original(extension: String(Substring(rest)))
            quality = nil
            isWebP = false
            return
        }
        guard separator == UInt8(ascii: "-") else { return nil }
        if rest.count > 4, rest.suffix(4).elementsEqual(".jpg".utf8) {
            isWebP = false
        } else if rest.count > 5, rest.suffix(5).elementsEqual(".webp".utf8) {
            isWebP = true
        } else {
            return nil
        }
        var body = String(Substring(rest.dropLast(isWebP ? 5 : 4)))
        quality = nil
        if let mark = body.range(of: "-q") {
            guard let value = Self.number(body[mark.upperBound...]) else { return nil }
            quality = value
            body = String(body[..<mark.lowerBound])
        }
        if isGrid {
            guard let width = Self.number(body[...]) else { return nil }
            size = .grid(width: width)
        } else {
            let parts = body.split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Self.number(parts[0]), let height = Self.number(parts[1]) else { return nil }
            size = .large(width: width, height: height)
        }
    }

    /// "KEY-WxH[-qN].mp4" in "videos/".
    private static func video(_ folder: Substring.UTF8View) -> ImageFileName? {
        let isKeyDigit = { (byte: UInt8) in (0x30 ... 0x39).contains(byte) || (0x61 ... 0x66).contains(byte) }
        let key = folder.prefix(while: isKeyDigit)
        let rest = folder.dropFirst(key.count)
        guard !key.isEmpty, rest.first == UInt8(ascii: "-"), rest.count > 5, rest.suffix(4).elementsEqual(".mp4".utf8) else { return nil }
        var body = String(Substring(rest.dropFirst().dropLast(4)))
        var quality: Int?
        if let mark = body.range(of: "-q") {
            guard let value = number(body[mark.upperBound...]) else { return nil }
            quality = value
            body = String(body[..<mark.lowerBound])
        }
        let parts = body.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = number(parts[0]), let height = number(parts[1]) else { return nil }
        return ImageFileName(key: String(Substring(key)), size: .video(width: width, height: height), quality: quality)
    }

    /// A positive decimal written the one way `name` writes it (no sign, no leading zero).
    private static func number(_ digits: Substring) -> Int? {
        guard digits.utf8.allSatisfy({ (0x30 ... 0x39).contains($0) }), let value = Int(digits), value > 0, String(value) == digits else { return nil }
        return value
    }
}
