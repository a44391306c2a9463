import Foundation
import GallerySiteFiles
import GalleryZip
import Hummingbird

/// Serves files of the site folder, and nothing else: the request path is percent-decoded and
/// refused if it holds NUL, "..", a backslash or an empty segment; the file's real path (links
/// resolved) must lie inside the folder; folders are never listed.
enum StaticFiles {
    /// The site's name for the file a request path asks for: percent-decoded, without the
    /// leading "/", "index.html" for the root ("thumbs/…-236.webp").
    static func name(of requestPath: String) -> String {
        var name = requestPath.removingPercentEncoding ?? requestPath
        while name.hasPrefix("/") { name.removeFirst() }
        return name.isEmpty ? "index.html" : name
    }

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

    /// A file of the site found for a request, as one trip to the disk found it: where it is,
    /// its size and modification time, and its bytes when they are read whole (text, which is
    /// compressed or takes the live script, and any file of one piece).
    struct Found: Sendable {
        let url: URL
        let size: Int
        let modified: Double
        let bytes: [UInt8]?
    }

    /// Files larger than this are sent by Hummingbird's `FileIO` a piece at a time (a video
    /// need not be in memory); smaller ones are read with their stat, in the same trip.
    static let pieceSize = 1 << 20

    /// The file for `requestPath` inside `root`, stat'ed and, when small or text, read: the
    /// blocking part of an answer, for one dispatch thread. Nil: no such file (404).
    static func find(_ requestPath: String, named relativePath: String, in root: URL) throws -> Found? {
        guard let url = resolve(requestPath, in: root) else { return nil }
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let whole = SiteFileDelivery(path: relativePath).isText || size <= pieceSize
        return Found(url: url, size: size, modified: modified, bytes: whole ? [UInt8](try Data(contentsOf: url)) : nil)
    }

    /// The response for a file: ETag from size and modification time; content-addressed files
    /// (images and fonts, named by content) cached for a year, pages revalidated every time;
    /// 304 when the client's If-None-Match matches; gzip for text when accepted; byte ranges
    /// (206) of everything else, which a video player asks for. A large file's bytes are sent
    /// by Hummingbird's `FileIO`, a piece at a time from NIO's thread pool.
    /// - Parameters:
    ///   - relativePath: the file's name in the site ("thumbs/…-236.webp"), which decides its type and caching.
    ///   - liveVersion: for a live preview, the folder version the page was made from: its
    ///     script (`liveScript`) is put before a page's `</body>`.
    static func response(for file: Found, named relativePath: String, request: Request, context: some RequestContext,
                         liveVersion: Int? = nil) async throws -> Response {
        let size = file.size
        // Never into a private album's sealed page (its bytes are not HTML until opened).
        let injecting = liveVersion.map(liveScript)
        let injected = injecting != nil && file.url.pathExtension == "html" && !SiteFileDelivery(path: relativePath).isPrivate
        // What is injected is part of the answer: a page kept from another folder version
        // must not be answered 304 (the live script carries the version the page shows).
        let injectedTag = injected ? "-live\(liveVersion ?? 0)" : ""
        let etag = "\"\(String(size, radix: 16))-\(String(Int64(file.modified * 1_000_000), radix: 16))\(injectedTag)\""
        // The site's one rule (`SiteFileDelivery`, as publish sends it to a bucket); pages and
        // data are checked again every time, so that an edit shows on the next load.
        let delivery = SiteFileDelivery(path: relativePath)
        var headers: HTTPFields = [
            .contentType: delivery.contentType, .eTag: etag,
            .cacheControl: delivery.cacheControl(maxAge: 0),
        ]
        // Fonts are fetched with CORS: pages of the gallery opened from another origin (a
        // copy on disk, a site that embeds them) may use them too.
        if file.url.path.contains("/fonts/") { headers[.accessControlAllowOrigin] = "*" }
        let isText = delivery.isText
        if isText { headers[.vary] = "Accept-Encoding" }
        if let match = request.headers[.ifNoneMatch], match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag || $0 == "*" }) {
            return Response(status: .notModified, headers: headers)
        }
        if !isText && !injected {
            headers[.acceptRanges] = "bytes"
            // If-Range: the range only while the file is the one the client has part of.
            let current = request.headers[.ifRange].map { $0.trimmingCharacters(in: .whitespaces) == etag } ?? true
            var range = ByteRange(first: 0, last: size - 1)
            var status = HTTPResponse.Status.ok
            if let asked = request.headers[.range], current {
                switch ByteRange.parse(asked, size: size) {
                case .range(let asked):
                    headers[.contentRange] = "bytes \(asked.first)-\(asked.last)/\(size)"
                    (range, status) = (asked, .partialContent)
                case .unsatisfiable:
                    headers[.contentRange] = "bytes */\(size)"
                    return Response(status: .rangeNotSatisfiable, headers: headers)
                case .whole:
                    break
                }
            }
            if let bytes = file.bytes {
                return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes[range.first ... range.last])))
            }
            return Response(status: status, headers: headers, body: try await files.loadFile(path: file.url.path, range: range.first ... range.last, context: context))
        }
        guard var body = file.bytes else { preconditionFailure("text is read whole") }
        if injected, let injecting, let html = String(bytes: body, encoding: .utf8), let end = html.range(of: "</body>", options: .backwards) {
            body = Array(html.replacingCharacters(in: end, with: injecting + "</body>").utf8)
        }
        if isText, body.count > 512, request.headers[.acceptEncoding]?.contains("gzip") == true, let compressed = Gzip.compress(body) {
            body = compressed
            headers[.contentEncoding] = "gzip"
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// Hummingbird's file reader, on NIO's shared thread pool.
    private static let files = FileIO(threadPool: .singleton)

    /// The live preview's script, carrying the folder version a page was made from: a page
    /// made just before a change must not take the changed version for its own.
    static func liveScript(version: Int) -> String {
        "<script src=\"/__gallery/live.js\" data-version=\"\(version)\" defer></script>"
    }
}
