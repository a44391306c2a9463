import Foundation
import GallerySiteFiles
#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for browser tests: serves the files of one folder and
/// takes one POST to `result` (beside the page), which a page under test sends its measurements to. Any browser
/// can do that, so one harness drives Chromium, Firefox and WebKit alike.
public final class LoopbackServer: @unchecked Sendable {
    // @unchecked: `listener` and `port` are set once in init; the rest is guarded by `lock`.
    private var servedFolder: URL
    public let port: UInt16
    private let listener: Int32
    private let lock = NSCondition()
    private var result: Data?
    private var stopped = false
    /// A kept browser's next page (its `__frame.html?kept=1` asks for it at `/__next`), and
    /// whether the browser has taken it: only then is a POST to `/result` this page's.
    private var nextPage: (page: String, width: Int, height: Int)?
    private var pageTaken = false
    /// A kept browser's pages are served under a path of their own (`/p7/…`): the same file
    /// names from another folder must never come from a browser's cache.
    private var pageCount = 0
    private var pagePrefix = ""

    public var folder: URL {
        lock.lock()
        defer { lock.unlock() }
        return servedFolder
    }

    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    public init(serving folder: URL) throws {
        servedFolder = folder
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw HeadlessChromium.Failure(description: "socket: errno \(errno)") }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0  // the kernel picks a free port
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socket, 64) == 0 else {
            close(socket)
            throw HeadlessChromium.Failure(description: "bind/listen on 127.0.0.1: errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        listener = socket
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    public func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.broadcast()
        lock.unlock()
        if !wasStopped {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    /// For a browser kept open on `__frame.html?kept=1`: serves `folder` from now on and has the
    /// browser load `page` (relative to it) in a frame of `width`×`height`; its result is then
    /// `waitForResult`'s.
    func load(_ page: String, in folder: URL, width: Int, height: Int) {
        lock.lock()
        servedFolder = folder
        result = nil
        pageTaken = false
        pageCount += 1
        pagePrefix = "p\(pageCount)/"
        nextPage = (pagePrefix + page, width, height)
        lock.broadcast()
        lock.unlock()
    }

    /// Waits for the page's POST to `/result`; nil after `timeout` seconds.
    public func waitForResult(timeout: TimeInterval) -> Data? {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while result == nil, lock.wait(until: deadline) {}
        return result
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                lock.lock()
                let done = stopped
                lock.unlock()
                if done { return }
                continue
            }
            Thread { [self] in
                handle(client)
                close(client)
            }.start()
        }
    }

    private func handle(_ client: Int32) {
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65536)
        var headerEnd: Int?
        while headerEnd == nil {
            let count = recv(client, &chunk, chunk.count, 0)
            guard count > 0 else { return }
            buffer += chunk[0 ..< count]
            headerEnd = buffer.firstRange(of: [13, 10, 13, 10])?.upperBound
        }
        guard let headerEnd else { return }
        let header = String(decoding: buffer[0 ..< headerEnd], as: UTF8.self)
        let requestLine = header.split(separator: "\r\n").first.map(String.init) ?? ""
        let parts = requestLine.split(separator: " ")
        guard parts.count >= 2 else { return }
        let method = String(parts[0])
        let path = String(parts[1].split(separator: "?").first ?? "/")
        if method == "POST" {
            let length = header.split(separator: "\r\n").compactMap { line -> Int? in
                let pair = line.split(separator: ":", maxSplits: 1)
                guard pair.count == 2, pair[0].lowercased() == "content-length" else { return nil }
                return Int(pair[1].trimmingCharacters(in: .whitespaces))
            }.first ?? 0
            while buffer.count - headerEnd < length {
                let count = recv(client, &chunk, chunk.count, 0)
                guard count > 0 else { break }
                buffer += chunk[0 ..< count]
            }
            let body = Data(buffer[headerEnd ..< min(buffer.count, headerEnd + length)])
            respond(client, status: "204 No Content", type: nil, body: Data())
            if path == "/result" || path.hasSuffix("/result") {
                lock.lock()
                // A kept browser's last page may post late (an error as it goes away): only a
                // report from the page asked for, under its own path, counts.
                let fromThisPage = pagePrefix.isEmpty || path.hasPrefix("/" + pagePrefix)
                if result == nil, fromThisPage, nextPage == nil || pageTaken { result = body }
                lock.broadcast()
                lock.unlock()
            }
            return
        }
        if path == "/__next" {
            // A kept browser asks for its next page and waits for it (a minute at a time).
            lock.lock()
            let deadline = Date().addingTimeInterval(60)
            while (nextPage == nil || pageTaken) && !stopped, lock.wait(until: deadline) {}
            let job = pageTaken ? nil : nextPage
            if job != nil { pageTaken = true }
            lock.unlock()
            guard let job else {
                respond(client, status: "204 No Content", type: nil, body: Data())
                return
            }
            let fields: [String: Any] = ["page": job.page, "width": job.width, "height": job.height]
            respond(client, status: "200 OK", type: "application/json", body: (try? JSONSerialization.data(withJSONObject: fields)) ?? Data())
            return
        }
        if path == "/__frame.html" {
            // The page in an iframe of an exact size: headless Firefox and WebKit's MiniBrowser
            // do not size their windows as asked, and media queries follow the frame.
            let query = String(parts[1].split(separator: "?", maxSplits: 1).dropFirst().first ?? "")
            var fields: [String: String] = [:]
            for pair in query.split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
                if kv.count == 2 { fields[kv[0]] = kv[1] }
            }
            let page = (fields["page"] ?? "").replacingOccurrences(of: "\"", with: "")
            let frame = page.isEmpty ? "" : """
                <iframe src="/\(page)" style="border: 0; display: block; width: \(Int(fields["width"] ?? "") ?? 1000)px; height: \(Int(fields["height"] ?? "") ?? 800)px"></iframe>
                """
            // A kept browser (`kept=1`) asks for its next page and goes there, replacing this
            // one: each page starts in a fresh document and history, as in a new browser.
            let next = fields["kept"] != "1" ? "" : """
                <script>
                (async () => {
                  for (;;) {
                    try {
                      const answer = await fetch('/__next', { cache: 'no-store' });
                      if (answer.status !== 200) continue;
                      const job = await answer.json();
                      location.replace('/__frame.html?kept=1&page=' + encodeURIComponent(job.page) + '&width=' + job.width + '&height=' + job.height);
                      return;
                    } catch (error) {
                      await new Promise((resolve) => setTimeout(resolve, 200));
                    }
                  }
                })();
                </script>
                """
            let html = """
                <!doctype html><html><head><meta charset="utf-8"><style>html, body { margin: 0; overflow: hidden; }</style></head>
                <body>\(frame)\(next)</body></html>
                """
            respond(client, status: "200 OK", type: "text/html; charset=utf-8", body: Data(html.utf8))
            return
        }
        lock.lock()
        let (folder, prefix) = (servedFolder, pagePrefix)
        lock.unlock()
        var relative = (path.removingPercentEncoding ?? path).split(separator: "/").filter { $0 != ".." && $0 != "." }.joined(separator: "/")
        if !prefix.isEmpty {
            guard relative.hasPrefix(prefix) else {
                respond(client, status: "404 Not Found", type: "text/plain", body: Data("not this page's".utf8))
                return
            }
            relative.removeFirst(prefix.count)
        }
        let file = folder.appending(path: relative.isEmpty ? "index.html" : relative)
        guard let data = try? Data(contentsOf: file) else {
            respond(client, status: "404 Not Found", type: "text/plain", body: Data("not found".utf8))
            return
        }
        // One byte range, as every static host answers it (a video player asks for them;
        // WebKit plays nothing without).
        let range = header.split(separator: "\r\n").compactMap { line -> (Int, Int?)? in
            let pair = line.split(separator: ":", maxSplits: 1)
            guard pair.count == 2, pair[0].lowercased() == "range" else { return nil }
            let spec = pair[1].trimmingCharacters(in: .whitespaces)
            guard spec.hasPrefix("bytes="), !spec.contains(",") else { return nil }
            let ends = spec.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false)
            guard ends.count == 2, let first = Int(ends[0]) else { return nil }
            return (first, Int(ends[1]))
        }.first
        if let (first, last) = range {
            guard first < data.count else {
                respond(client, status: "416 Range Not Satisfiable", type: nil, body: Data(), extra: "Content-Range: bytes */\(data.count)\r\n")
                return
            }
            let end = min(last ?? data.count - 1, data.count - 1)
            respond(client, status: "206 Partial Content", type: Self.contentType(file.pathExtension), body: data[first ... end],
                    extra: "Content-Range: bytes \(first)-\(end)/\(data.count)\r\nAccept-Ranges: bytes\r\n")
            return
        }
        respond(client, status: "200 OK", type: Self.contentType(file.pathExtension), body: data, extra: "Accept-Ranges: bytes\r\n")
    }

    private func respond(_ client: Int32, status: String, type: String?, body: Data, extra: String = "") {
        var head = "HTTP/1.1 \(status)\r\nContent-Length: \(body.count)\r\nConnection: close\r\nCache-Control: no-store\r\n" + extra
        if let type { head += "Content-Type: \(type)\r\n" }
        let bytes = Array((head + "\r\n").utf8) + Array(body)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// The site's one rule for a file's type (`SiteFileDelivery`), as serve and publish send it.
    static func contentType(_ pathExtension: String) -> String {
        SiteFileDelivery(path: "file." + pathExtension).contentType
    }
}
