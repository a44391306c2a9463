/// How a file of an exported site is sent, decided from its path alone, in one place for
/// `gallery export`, `gallery serve`, `gallery publish` and the tests' server: its
/// `Content-Type`, and whether it is named by its content (and so can be cached for a year and
/// never asked for again) or must be checked again.
public struct SiteFileDelivery: Sendable, Hashable {
    public var contentType: String
    /// Named by its content (the photo's hash, a font's digest): a new version is a new name.
    public var isContentNamed: Bool
    /// A file of a private album (private/TOKEN/…): kept by browsers only, never by a shared
    /// cache, and its sealed bytes sent as what they are, not as the page or image they hide.
    public var isPrivate: Bool

    /// Folders whose files the export names by their content.
    static let contentNamedFolders = ["thumbs", "large", "originals", "videos", "fonts", "downloads"]

    /// The file at `path` (relative to the site folder, with "/").
    public init(path: String) {
        let segments = path.split(separator: "/")
        let name = segments.last.map(String.init) ?? path
        let dot = name.lastIndex(of: ".")
        let ext = dot.map { name[name.index(after: $0)...].lowercased() } ?? ""
        isPrivate = segments.count >= 3 && segments[0] == "private"
        contentType = isPrivate && name != "key.json" ? "application/octet-stream" : Self.contentTypes[ext] ?? "application/octet-stream"
        isContentNamed = segments.count == 2 && Self.contentNamedFolders.contains(String(segments[0])) && Self.hasContentHash(name)
    }

    /// `Cache-Control`: content-named files for a year, immutable; the others for `maxAge`
    /// seconds (0: checked again every time, as `gallery serve` sends pages so that an edit
    /// shows on the next load).
    public func cacheControl(maxAge: Int) -> String {
        if isPrivate { return maxAge > 0 ? "private, max-age=\(maxAge)" : "private, no-cache" }
        if isContentNamed { return "public, max-age=31536000, immutable" }
        return maxAge > 0 ? "public, max-age=\(maxAge)" : "no-cache"
    }

    /// Text, which a server may compress.
    public var isText: Bool {
        contentType.hasPrefix("text/") || contentType.hasPrefix("application/json") || contentType.hasPrefix("application/xml") || contentType.hasPrefix("application/atom+xml")
            || contentType.hasPrefix("image/svg") || contentType.hasPrefix("application/manifest")
    }

    /// A run of 12 or more lower-case hex digits between separators (`3516eef48a0a20ac-236.jpg`,
    /// `gallery-inter-bb412b98bebb.otf`): the export's content names.
    static func hasContentHash(_ name: String) -> Bool {
        name.split { $0 == "-" || $0 == "_" || $0 == "." }
            .contains { $0.count >= 12 && $0.allSatisfy { ("0" ... "9").contains($0) || ("a" ... "f").contains($0) } }
    }

    /// Every extension a site holds: its pages, data, styles, scripts, fonts, images in each
    /// format, videos' web versions, and originals of every container the importer reads (a
    /// camera raw other than DNG, which has no registered type, as bytes to download).
    static let contentTypes: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8", "json": "application/json",
        "xml": "application/xml", "txt": "text/plain; charset=utf-8", "webmanifest": "application/manifest+json",
        "vtt": "text/vtt; charset=utf-8", "rss": "application/rss+xml", "atom": "application/atom+xml",
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "webp": "image/webp", "avif": "image/avif",
        "gif": "image/gif", "heic": "image/heic", "heif": "image/heif", "tif": "image/tiff", "tiff": "image/tiff",
        "svg": "image/svg+xml", "ico": "image/x-icon", "bmp": "image/bmp", "jxl": "image/jxl", "dng": "image/x-adobe-dng",
        "otf": "font/otf", "ttf": "font/ttf", "woff": "font/woff", "woff2": "font/woff2",
        "mp4": "video/mp4", "m4v": "video/mp4", "mov": "video/quicktime", "webm": "video/webm", "mkv": "video/x-matroska",
        "avi": "video/x-msvideo", "3gp": "video/3gpp", "3g2": "video/3gpp2", "mts": "video/mp2t", "m2ts": "video/mp2t",
        "zip": "application/zip", "pdf": "application/pdf",
    ]
}
