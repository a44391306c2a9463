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
        let served = try await GalleryBinary.serve(["--port", "0"], in: work.url)
        let server = served.process
        let url = try #require(served.url, "no 'serving' line: \(served.stderr.text)")
        let (data, response) = try await URLSession.shared.data(from: url.appending(path: "healthz"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == #"{"status":"ok"}"#)
        kill(server.processIdentifier, signal)
        // Ends by itself (waitUntilExit(timeout:) would stop it past the deadline and say so).
        #expect(server.waitUntilExit(timeout: 60), "still running 60 s after the signal")
        #expect(server.terminationStatus == 0)
        let log = served.stderr.all()
        #expect(log.contains("GET /healthz 200"), "\(log)")
    }
}
