import Foundation
import GalleryTestSupport
import Testing

/// A large file is sent a piece at a time; its response must be over, and its connection free
/// for the next request, once its last byte is sent, whatever else the process is doing.
@Suite("Site files: a large file's connection is free for the next request")
struct LargeFileConnectionTests {
    @Test("a large file then a small one on one keep-alive connection, while Swift's shared pool is held by waits")
    func connectionFreeAfterLargeFile() async throws {
        let folder = try TemporaryDirectory()
        try folder.write("big.bin", [UInt8](repeating: 7, count: 20_000_000))
        try folder.write("small.txt", text: "hello")
        let server = try LoopbackServer(serving: folder.url)
        defer { server.stop() }
        // Both threads of the shared pool (two cores) held, as tests waiting for a browser
        // hold them; with Hummingbird's FileIO the big file's response ended only when a
        // task on that pool had closed the file, and the small file, asked for on the same
        // connection, waited for it (curl's deadline below, where it now takes milliseconds).
        let release = DispatchSemaphore(value: 0)
        let holders = (0 ..< ProcessInfo.processInfo.activeProcessorCount).map { _ in Task.detached { release.wait() } }
        defer { for _ in holders { release.signal() } }
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        // One curl, two transfers: the second reuses the first's connection.
        curl.arguments = ["--silent", "--max-time", "60", "--write-out", "%{http_code} %{size_download} %{num_connects}\n",
                          "--output", "/dev/null", server.baseURL.absoluteString + "big.bin",
                          "--output", "/dev/null", server.baseURL.absoluteString + "small.txt"]
        let output = Pipe()
        curl.standardOutput = output
        try curl.run()
        // Waited for on a thread of its own: the shared pool's are held.
        let exited = DispatchSemaphore(value: 0)
        Thread { curl.waitUntilExit(); exited.signal() }.start()
        exited.wait()
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        #expect(curl.terminationStatus == 0, "curl ended with \(curl.terminationStatus) (28: its deadline)")
        #expect(lines == ["200 20000000 1", "200 5 0"], "status, bytes and new connections of each transfer")
    }
}
