import Foundation
import GalleryServer
import Hummingbird

/// What `LoopbackServer` answers: the folder it serves now, the page a kept browser is to show
/// next, and the result that page posted.
final class LoopbackPages: @unchecked Sendable {
    // @unchecked: everything mutable is in `state`, guarded by `lock`.
    private let lock = NSCondition()
    private var state: State

    private struct State {
        var folder: URL
        var result: Data?
        var stopped = false
        /// A kept browser's next page and whether the browser has taken it: only then is a
        /// POST to `result` this page's.
        var nextPage: NextPage?
        var pageTaken = false
        /// A kept browser's pages are served under a path of their own (`/p7/…`): the same
        /// file names from another folder must never come from a browser's cache.
        var pageCount = 0
        var pagePrefix = ""
        /// The request for `__next` waiting for a page. One browser asks at a time: a newer
        /// request (the browser gave up on the older and asked again) answers the older one.
        var waiting: CheckedContinuation<NextPage?, Never>?
        /// The last requests for files, with when they came and how far their answers got:
        /// what a page that never reported last asked for (`recentRequests`).
        var recent: [FileAsked] = []
        var requestCount = 0
    }

    /// A file asked for, and how far its answer got.
    struct FileAsked {
        var number: Int
        var path: String
        var at: Date
        var progress = "asked"
    }

    struct NextPage: Encodable {
        var page: String
        var width: Int
        var height: Int
    }

    init(folder: URL) {
        state = State(folder: folder)
    }

    var folder: URL { lock.withLock { state.folder } }

    /// Answers every waiting request; false when it was stopped already.
    func stop() -> Bool {
        lock.lock()
        let wasStopped = state.stopped
        state.stopped = true
        let waiting = state.waiting
        state.waiting = nil
        lock.broadcast()
        lock.unlock()
        waiting?.resume(returning: nil)
        return !wasStopped
    }

    func load(_ page: String, in folder: URL, width: Int, height: Int) {
        lock.lock()
        state.folder = folder
        state.result = nil
        state.pageCount += 1
        state.pagePrefix = "p\(state.pageCount)/"
        let next = NextPage(page: state.pagePrefix + page, width: width, height: height)
        state.nextPage = next
        let waiting = state.waiting
        state.waiting = nil
        state.pageTaken = waiting != nil
        lock.broadcast()
        lock.unlock()
        waiting?.resume(returning: next)
    }

    func waitForResult(timeout: TimeInterval) -> Data? {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while state.result == nil, lock.wait(until: deadline) {}
        return state.result
    }

    /// A kept browser asks for its next page and is answered when there is one (or when the
    /// server stops, or the browser asks again).
    func nextPage() async throws -> Response {
        let page: NextPage? = await withCheckedContinuation { request in
            lock.lock()
            if state.stopped {
                lock.unlock()
                request.resume(returning: nil)
            } else if let next = state.nextPage, !state.pageTaken {
                state.pageTaken = true
                lock.unlock()
                request.resume(returning: next)
            } else {
                let older = state.waiting
                state.waiting = request
                lock.unlock()
                older?.resume(returning: nil)
            }
        }
        guard let page else { return Response(status: .noContent, headers: [.cacheControl: "no-store"]) }
        return Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(page))))
    }

    /// For a page that never reported: whether the browser took it, and the last files asked
    /// for (seconds ago) with how far each answer got (a body not sent whole is a stalled
    /// server; every body sent, a stalled page).
    var recentRequests: String {
        lock.withLock {
            let now = Date()
            let paths = state.recent.map { "\($0.path) (\(Int(now.timeIntervalSince($0.at))) s ago, \($0.progress))" }
            return "page taken: \(state.pageTaken); last requests: " + (paths.isEmpty ? "none" : paths.joined(separator: ", "))
        }
    }

    private func record(_ number: Int, _ progress: String) {
        lock.withLock {
            if let index = state.recent.firstIndex(where: { $0.number == number }) { state.recent[index].progress = progress }
        }
    }

    /// A page's POST to `result` beside it: the first report of the page asked for is kept.
    func takeResult(_ request: Request) async throws -> Response {
        let body = try await request.body.collect(upTo: 64 * 1024 * 1024)
        let path = request.uri.path
        guard path == "/result" || path.hasSuffix("/result") else { return Response(status: .notFound) }
        keep(Data(buffer: body), postedTo: path)
        return Response(status: .noContent)
    }

    private func keep(_ result: Data, postedTo path: String) {
        lock.lock()
        defer { lock.unlock() }
        // A kept browser's last page may post late (an error as it goes away): only a report
        // from the page asked for, under its own path, counts.
        let fromThisPage = state.pagePrefix.isEmpty || path.hasPrefix("/" + state.pagePrefix)
        if state.result == nil, fromThisPage, state.nextPage == nil || state.pageTaken { state.result = result }
        lock.broadcast()
    }

    /// A file of the folder served now, as `gallery serve` answers it.
    func file(_ request: Request) async throws -> Response {
        let (folder, prefix, number) = lock.withLock {
            state.requestCount += 1
            state.recent.append(FileAsked(number: state.requestCount, path: request.uri.path, at: Date()))
            if state.recent.count > 12 { state.recent.removeFirst() }
            return (state.folder, state.pagePrefix, state.requestCount)
        }
        var path = request.uri.path
        if !prefix.isEmpty {
            guard path.hasPrefix("/" + prefix) else { return Self.notFound("not this page's") }
            path.removeFirst(prefix.count)
        }
        guard var response = try await GalleryServer.siteFile(path, in: folder, request: request) else {
            record(number, "not found")
            return Self.notFound("not found")
        }
        let status = response.status.code
        record(number, "\(status), body not sent yet")
        let body = response.body
        response.body = ResponseBody(contentLength: body.contentLength) { [self] writer in
            do {
                try await body.write(writer)
                record(number, "\(status), sent")
            } catch {
                record(number, "\(status), body failed: \(error)")
                throw error
            }
        }
        return response
    }

    private static func notFound(_ text: String) -> Response {
        Response(status: .notFound, headers: [.contentType: "text/plain"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// The page in an iframe of an exact size; with `kept=1`, a page that then asks for the
    /// next one and goes there, replacing itself: each page starts in a fresh document and
    /// history, as in a new browser.
    static func framePage(_ request: Request) -> Response {
        let fields = request.uri.queryParameters
        let page = fields["page"].map { String($0).replacingOccurrences(of: "\"", with: "") } ?? ""
        let width = fields["width"].flatMap { Int(String($0)) } ?? 1000
        let height = fields["height"].flatMap { Int(String($0)) } ?? 800
        let frame = page.isEmpty ? "" : """
            <iframe src="/\(page)" style="border: 0; display: block; width: \(width)px; height: \(height)px"></iframe>
            """
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
                  // The request gave up (a browser's own time limit): ask again at the next frame.
                  await new Promise((resolve) => requestAnimationFrame(resolve));
                }
              }
            })();
            </script>
            """
        let html = """
            <!doctype html><html><head><meta charset="utf-8"><style>html, body { margin: 0; overflow: hidden; }</style></head>
            <body>\(frame)\(next)</body></html>
            """
        return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
