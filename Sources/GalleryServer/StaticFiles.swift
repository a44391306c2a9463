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

    /// What to answer for a file: made whole on the dispatch thread that found the file, or,
    /// for a large file, everything but its bytes, which `response` then sends a piece at a
    /// time (a video need not be in memory).
    enum Answer: Sendable {
        case ready(Response)
        case stream(Response, path: String, range: ClosedRange<Int>)
    }

    /// Files larger than this are sent a piece at a time; smaller ones are read with their
    /// stat, in the same trip to the disk.
    static let pieceSize = 1 << 20

    /// The answer for the file `requestPath` asks for inside `root`: found, stat'ed and, when
    /// small or text, read and answered whole — the blocking part of an answer, in one trip
    /// for one dispatch thread. Nil: no such file (404).
    ///
    /// ETag from size and modification time; content-addressed files (images and fonts, named
    /// by content) cached for a year, pages revalidated every time; 304 when the client's
    /// If-None-Match matches; gzip for text when accepted; byte ranges (206) of everything
    /// else, which a video player asks for.
    /// - Parameters:
    ///   - relativePath: the file's name in the site ("thumbs/…-236.webp"), which decides its type and caching.
    ///   - liveVersion: for a live preview, the folder version the page was made from: its
    ///     script (`liveScript`) is put before a page's `</body>`.
    static func answer(_ requestPath: String, named relativePath: String, in root: URL, request: Request, liveVersion: Int? = nil) throws -> Answer? {
        guard let url = resolve(requestPath, in: root) else { return nil }
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        // The site's one rule (`SiteFileDelivery`, as publish sends it to a bucket); pages and
        // data are checked again every time, so that an edit shows on the next load.
        let delivery = SiteFileDelivery(path: relativePath)
        let isText = delivery.isText
        // Never into a private album's sealed page (its bytes are not HTML until opened).
        let injecting = liveVersion.map(liveScript)
        let injected = injecting != nil && url.pathExtension == "html" && !delivery.isPrivate
        var size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        // What is injected is part of the answer: a page kept from another folder version
        // must not be answered 304 (the live script carries the version the page shows).
        let injectedTag = injected ? "-live\(liveVersion ?? 0)" : ""
        let etag = "\"\(String(size, radix: 16))-\(String(Int64(modified * 1_000_000), radix: 16))\(injectedTag)\""
        var headers: HTTPFields = [
            .contentType: delivery.contentType, .eTag: etag,
            .cacheControl: delivery.cacheControl(maxAge: 0),
        ]
        // Fonts are fetched with CORS: pages of the gallery opened from another origin (a
        // copy on disk, a site that embeds them) may use them too.
        if url.path.contains("/fonts/") { headers[.accessControlAllowOrigin] = "*" }
        if isText { headers[.vary] = "Accept-Encoding" }
        if let match = request.headers[.ifNoneMatch], match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag || $0 == "*" }) {
            return .ready(Response(status: .notModified, headers: headers))
        }
        // Read now unless streamed; the size is then what was read (a file replaced since its
        // stat is answered as it was read).
        let bytes = !isText && !injected && size > pieceSize ? nil : try Data(contentsOf: url)
        size = bytes?.count ?? size
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
                    return .ready(Response(status: .rangeNotSatisfiable, headers: headers))
                case .whole:
                    break
                }
            }
            guard let bytes else { return .stream(Response(status: status, headers: headers), path: url.path, range: range.first ... range.last) }
            if size == 0 { return .ready(Response(status: status, headers: headers)) }
            return .ready(Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes[range.first ... range.last]))))
        }
        var body = [UInt8](bytes ?? Data())
        if injected, let injecting, let html = String(bytes: body, encoding: .utf8), let end = html.range(of: "</body>", options: .backwards) {
            body = Array(html.replacingCharacters(in: end, with: injecting + "</body>").utf8)
        }
        if isText, body.count > 512, request.headers[.acceptEncoding]?.contains("gzip") == true, let compressed = Gzip.compress(body) {
            body = compressed
            headers[.contentEncoding] = "gzip"
        }
        return .ready(Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body))))
    }

    /// The response for `answer`: a large file's bytes read a piece at a time, as the client
    /// takes them, on the file queue (`BlockingWork.fileAccess`).
    ///
    /// Not Hummingbird's `FileIO`: NIOFileSystem closes the file in a task of its own on Swift's
    /// shared pool (`withoutCancellation`), and the response is not over, nor its connection
    /// free for the next request, until that task has run. Where the shared pool is busy the
    /// connection waits: beside the test suite (whose tests wait for browsers on that pool) a
    /// page's result, sent on such a connection, waited over ten minutes (CI, stop 60).
    static func response(_ answer: Answer) -> Response {
        switch answer {
        case .ready(let response):
            return response
        case .stream(var response, let path, let range):
            response.body = ResponseBody(contentLength: range.count) { writer in
                let file = try await BlockingWork.fileAccess { try OpenFile(path: path, offset: range.lowerBound) }
                defer { file.close() }
                var left = range.count
                while left > 0 {
                    let count = min(left, pieceSize)
                    guard let piece = try await BlockingWork.fileAccess({ try file.read(count) }), !piece.isEmpty else {
                        throw FileShortened(path: path)
                    }
                    left -= piece.count
                    try await writer.write(ByteBuffer(bytes: piece))
                }
                try await writer.finish(nil)
            }
            return response
        }
    }

    /// A file that became shorter while it was being sent (replaced, truncated).
    struct FileShortened: Error, CustomStringConvertible {
        var path: String
        var description: String { "\(path) ended before its announced length" }
    }

    /// One response's file, read by the one task that sends it, a piece at a time.
    private struct OpenFile: @unchecked Sendable {
        // @unchecked: the handle is used by one task, one read after another.
        private let handle: FileHandle

        init(path: String, offset: Int) throws {
            handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            try handle.seek(toOffset: UInt64(offset))
        }

        func read(_ count: Int) throws -> Data? { try handle.read(upToCount: count) }

        func close() { try? handle.close() }
    }

    /// The live preview's script, carrying the folder version a page was made from: a page
    /// made just before a change must not take the changed version for its own.
    static func liveScript(version: Int) -> String {
        "<script src=\"/__gallery/live.js\" data-version=\"\(version)\" defer></script>"
    }
}
