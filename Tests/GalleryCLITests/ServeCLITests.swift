import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GalleryTestSupport
import Testing

@Suite("gallery serve, the binary: URL, access log, graceful shutdown")
struct ServeCLITests {
    @Test("prints its URL, logs one line per request, and exits 0 on SIGTERM and on SIGINT", arguments: [SIGTERM, SIGINT])
    func lifecycle(_ signal: Int32) async throws {
        let work = try TemporaryDirectory()
        try work.write("p/a.jpg", TestImages.jpeg())
        #expect(try GalleryBinary.run(["import", "p", "--quiet"], in: work.url).status == 0)
        let (server, base, _, stderr) = try await GalleryBinary.serve(["--port", "0"], in: work.url)
        let url = try #require(base, "no 'serving' line")
        let (data, response) = try await URLSession.shared.data(from: url.appending(path: "healthz"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == #"{"status":"ok"}"#)
        kill(server.processIdentifier, signal)
        for _ in 0 ..< 100 where server.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!server.isRunning, "still running 5 s after the signal")
        if !server.isRunning { #expect(server.terminationStatus == 0) }
        let log = (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
        #expect(log.contains("GET /healthz 200"), "\(log)")
    }
}
