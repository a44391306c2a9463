import AsyncHTTPClient
import Foundation
@testable import GalleryPublish
import GallerySiteFiles
import GalleryTestSupport
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

/// The S3 client against a store that fails on purpose: a Hummingbird server on 127.0.0.1 that
/// answers each request as the test's script says, and logs what it was asked.
@Suite("S3Client against a store that fails on purpose")
struct S3ClientFaultTests {
    /// What the store was asked ("PUT /bucket/key?partNumber=1&uploadId=u1"), in order.
    final class Log: Sendable {
        let requests = Mutex<[String]>([])
        func append(_ line: String) -> Int {
            requests.withLock { $0.append(line); return $0.filter { $0 == line }.count }
        }
        var all: [String] { requests.withLock { $0 } }
    }

    /// An answer: status and S3's XML error body (nil: 200 with `body`).
    struct Answer: Sendable {
        var status: HTTPResponse.Status = .ok
        var body = ""
        var headers: HTTPFields = [:]
        static func error(_ status: HTTPResponse.Status, _ code: String) -> Answer {
            Answer(status: status, body: "<?xml version=\"1.0\"?><Error><Code>\(code)</Code><Message>\(code) on purpose</Message></Error>")
        }
    }

    /// Runs `body` with a client of the store at 127.0.0.1 whose answers `script` gives (the
    /// request's line and how many times it was asked, this time included).
    static func withStore(attempts: Int = 3, script: @escaping @Sendable (String, Int) async -> Answer,
                          _ body: @escaping @Sendable (S3Client, Log) async throws -> Void) async throws {
        let log = Log()
        let router = Router()
        router.on("/**", method: .put) { request, _ in try await respond(request, log, script) }
        router.on("/**", method: .post) { request, _ in try await respond(request, log, script) }
        router.on("/**", method: .get) { request, _ in try await respond(request, log, script) }
        router.on("/**", method: .delete) { request, _ in try await respond(request, log, script) }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let http = S3Client.makeHTTPClient(connections: 2)
            var s3 = S3Client(location: S3Location(bucket: "bucket", prefix: "web"), endpoint: URL(string: "http://127.0.0.1:\(port)"),
                              region: "us-east-1", credentials: PublishCredentials(accessKeyID: "AKIDTEST", secretAccessKey: "secret"), http: http)
            s3.attempts = attempts
            do {
                try await body(s3, log)
            } catch {
                try await http.shutdown()
                throw error
            }
            try await http.shutdown()
        }
    }

    static func respond(_ request: Request, _ log: Log, _ script: @Sendable (String, Int) async -> Answer) async throws -> Response {
        var request = request
        _ = try await request.collectBody(upTo: 64 * 1024 * 1024)
        let line = "\(request.method) \(request.uri.path)" + (request.uri.query.map { "?" + $0 } ?? "")
        let count = log.append(line)
        let answer = await script(line, count)
        var headers = answer.headers
        if !answer.body.isEmpty { headers[.contentType] = "application/xml" }
        return Response(status: answer.status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: answer.body)))
    }

    @Test("503 SlowDown twice, then the upload succeeds: three tries of the same request")
    func slowDownThenSuccess() async throws {
        try await Self.withStore(script: { _, count in count <= 2 ? .error(.serviceUnavailable, "SlowDown") : Answer() }) { s3, log in
            try await s3.put(key: "web/a.html", data: Data("page".utf8), md5: "0d59b6a9d1b8f0e4c0fd4de9ce28e3f5", contentType: "text/html",
                             cacheControl: "no-cache")
            #expect(log.all == Array(repeating: "PUT /bucket/web/a.html", count: 3), "\(log.all)")
        }
    }

    @Test("500 every time: as many tries as allowed, then the store's own code")
    func serverErrorEveryTime() async throws {
        try await Self.withStore(script: { _, _ in .error(.internalServerError, "InternalError") }) { s3, log in
            await #expect(throws: PublishError.refused(operation: "uploading web/b.html", status: 500, code: "InternalError", message: "InternalError on purpose")) {
                try await s3.put(key: "web/b.html", data: Data(), md5: "d41d8cd98f00b204e9800998ecf8427e", contentType: "text/html", cacheControl: "no-cache")
            }
            #expect(log.all.count == 3, "\(log.all)")
        }
    }

    @Test("403 AccessDenied: refused at once, with its code, not tried again")
    func refusalIsNotRetried() async throws {
        try await Self.withStore(script: { _, _ in .error(.forbidden, "AccessDenied") }) { s3, log in
            do throws(PublishError) {
                _ = try await s3.list()
                Issue.record("a refused listing returned")
            } catch {
                guard case .refused(_, 403, "AccessDenied", _) = error else { Issue.record("\(error)"); return }
            }
            #expect(log.all.count == 1, "\(log.all)")
        }
    }

    @Test("a part refused: the upload in parts is aborted, so no half object and no parts are left")
    func multipartAbort() async throws {
        let folder = try TemporaryDirectory("s3-fault")
        let work = folder.url.appending(path: "big.mp4")
        try Data(repeating: 7, count: 12 * 1024 * 1024).write(to: work)
        try await Self.withStore(script: { line, _ in
            if line.hasSuffix("?uploads") || line.hasSuffix("?uploads=") {
                return Answer(body: "<InitiateMultipartUploadResult><UploadId>u-1</UploadId></InitiateMultipartUploadResult>")
            }
            if line.contains("partNumber=2") { return .error(.badRequest, "InvalidPart") }
            if line.hasPrefix("PUT") { return Answer(headers: [.eTag: "\"etag\""]) }
            return Answer()
        }) { s3, log in
            // What the client gave up with, shown with every failure below: in two whole
            // `make test` runs of 2026-12-07 part 1 was sent three times and never taken as
            // answered, though the store logged each (see issue 51's note of that day).
            var failure = "nothing thrown"
            do throws(PublishError) {
                try await s3.putInParts(key: "web/big.mp4", url: work, size: 12 * 1024 * 1024, partSize: 5 * 1024 * 1024,
                                        contentType: "video/mp4", cacheControl: "no-cache")
                Issue.record("an upload with a refused part returned")
            } catch {
                failure = "\(error)"
            }
            let requests = log.all
            let seen = "the store was asked \(requests); the client threw \(failure)"
            #expect(requests.first?.hasPrefix("POST /bucket/web/big.mp4?uploads") == true, "\(seen)")
            // The abort comes after the refused part, and nothing completes the upload. It is not
            // always last in the store's log: the store logs a request once it has read its body,
            // and in a whole `make test` a part 1 was once logged after the abort (the client
            // sends part 2 only when part 1 is answered, so that line was an earlier request's).
            let refused = requests.lastIndex { $0.contains("partNumber=2") }
            let aborted = requests.lastIndex(of: "DELETE /bucket/web/big.mp4?uploadId=u-1")
            #expect(refused != nil && aborted != nil && aborted! > refused!, "not aborted after the refused part: \(seen)")
            #expect(!requests.contains("POST /bucket/web/big.mp4?uploadId=u-1"), "completed after a refused part: \(seen)")
            #expect(!requests.contains { $0.contains("partNumber=3") }, "went on after a refused part: \(seen)")
        }
    }

    @Test("cancelled while the store keeps it waiting: cancelled at once, not tried again as a network error")
    func cancellation() async throws {
        let asked = Gate(), released = Gate()
        try await Self.withStore(script: { _, _ in
            await asked.open()
            // Kept waiting until the test has its answer (the server's shutdown waits for it).
            await released.wait()
            return Answer()
        }) { s3, log in
            let upload = Task { () async throws -> Void in
                try await s3.put(key: "web/slow.html", data: Data("x".utf8), md5: "9dd4e461268c8034f5c8564e155c67a6", contentType: "text/html",
                                 cacheControl: "no-cache")
            }
            // Cancelled once the store has the request (or the upload ended without reaching it).
            Task {
                _ = await upload.result
                await asked.open()
            }
            await asked.wait()
            upload.cancel()
            let result = await upload.result
            await released.open()
            guard case .failure(let error) = result, case PublishError.cancelled = error else { Issue.record("\(result)"); return }
            #expect(log.all.count == 1, "tried again after the cancel: \(log.all)")
        }
    }

    /// Opens once; whoever waits on it goes on from then.
    actor Gate {
        private var isOpen = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func open() {
            isOpen = true
            for waiter in waiting { waiter.resume() }
            waiting = []
        }

        func wait() async {
            if isOpen { return }
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    @Test("S3's XML: values unescaped, elements found, keys escaped for DeleteObjects")
    func xml() {
        let listing = Array("<ListBucketResult><Contents><Key>web/a&amp;b.html</Key><ETag>&quot;abc&quot;</ETag></Contents><Contents><Key>web/c.js</Key></Contents><IsTruncated>false</IsTruncated></ListBucketResult>".utf8)[...]
        let contents = S3XML.elements("Contents", in: listing)
        #expect(contents.count == 2)
        #expect(S3XML.value("Key", in: contents[0]) == "web/a&b.html" && S3XML.value("ETag", in: contents[0]) == "\"abc\"")
        #expect(S3XML.value("IsTruncated", in: listing) == "false")
        #expect(MarkupText.escaped("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&#39;")
    }
}
