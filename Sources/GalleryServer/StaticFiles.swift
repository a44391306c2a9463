import Foundation
import Hummingbird

/// Serves files of the site folder, and nothing else: the request path is percent-decoded and
/// refused if it holds NUL, "..", a backslash or an empty segment; the file's real path (links
/// resolved) must lie inside the folder; folders are never listed.
enum StaticFiles {
    /// The file for `requestPath` inside `root`, or nil (404).
    static func resolve(_ requestPath: String, in root: URL) -> URL? {
        guard let decoded = requestPath.removingPercentEncoding, !decoded.contains("\0"), !decoded.contains("\\") else { return nil }
        var relative = decoded
        while relative.hasPrefix("/") { relative.removeFirst() }
        if relative.isEmpty { relative = "index.html" }
        let segments = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !segments.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else { return nil }
        // Hidden files (the export's manifest) are not part of the site.
        guard !segments.contains(where: { $0.hasPrefix(".") }) else { return nil }
        let rootPath = root.resolvingSymlinksInPath().path
        let candidate = root.appending(path: relative).resolvingSymlinksInPath()
        guard candidate.path.hasPrefix(rootPath + "/") else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        return candidate
    }

    static func contentType(_ url: URL) -> String {
        switch url.pathExtension.lowercased() {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        case "webp": "image/webp"
        case "avif": "image/avif"
        case "heic": "image/heic"
        case "heif": "image/heif"
        case "xml": "application/xml"
        case "otf": "font/otf"
        case "ttf": "font/ttf"
        case "json": "application/json"
        default: "application/octet-stream"
        }
    }

    /// The response for a file: ETag from size and modification time; content-addressed files
    /// (images and fonts, named by content) cached for a year, pages revalidated every time;
    /// 304 when the client's If-None-Match matches; gzip for text when accepted.
    /// - Parameter injecting: HTML put before a page's `</body>` (the live preview's script).
    static func response(for url: URL, request: Request, injecting: String? = nil) throws -> Response {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let injected = injecting != nil && url.pathExtension == "html"
        let etag = "\"\(String(size, radix: 16))-\(String(Int64(modified * 1_000_000), radix: 16))\(injected ? "-live" : "")\""
        let immutable = url.path.contains("/thumbs/") || url.path.contains("/large/") || url.path.contains("/fonts/")
        var headers: HTTPFields = [
            .contentType: contentType(url), .eTag: etag,
            .cacheControl: immutable ? "public, max-age=31536000, immutable" : "no-cache",
        ]
        // Fonts are fetched with CORS: pages of the gallery opened from another origin (a
        // copy on disk, a site that embeds them) may use them too.
        if url.path.contains("/fonts/") { headers[.accessControlAllowOrigin] = "*" }
        let isText = contentType(url).hasPrefix("text/")
        if isText { headers[.vary] = "Accept-Encoding" }
        if let match = request.headers[.ifNoneMatch], match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag || $0 == "*" }) {
            return Response(status: .notModified, headers: headers)
        }
        var body = [UInt8](try Data(contentsOf: url))
        if injected, let injecting, let html = String(bytes: body, encoding: .utf8), let end = html.range(of: "</body>", options: .backwards) {
            body = Array(html.replacingCharacters(in: end, with: injecting + "</body>").utf8)
        }
        if isText, body.count > 512, request.headers[.acceptEncoding]?.contains("gzip") == true, let compressed = Gzip.compress(body) {
            body = compressed
            headers[.contentEncoding] = "gzip"
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
