import Foundation

/// A headless Chromium that stays open while a test changes things around it
/// (chromium_session.py: the DevTools protocol on a pipe): open a page, evaluate JavaScript in
/// it, as many times as needed.
public final class ChromiumSession {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered = Data()

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "chromium_session.py").path]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        try? input.fileHandleForWriting.write(contentsOf: Data("{\"quit\": true}\n".utf8))
        if !process.waitUntilExit(timeout: 10) { process.terminate() }
    }

    private func send(_ command: [String: Any]) throws -> [String: Any] {
        try input.fileHandleForWriting.write(contentsOf: JSONSerialization.data(withJSONObject: command) + Data("\n".utf8))
        while !buffered.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw Failure(description: "the browser session ended") }
            buffered += chunk
        }
        let end = buffered.firstIndex(of: UInt8(ascii: "\n"))!
        let line = buffered[..<end]
        buffered = Data(buffered[(end + 1)...])
        guard let answer = try JSONSerialization.jsonObject(with: line) as? [String: Any] else { throw Failure(description: "no answer") }
        if let error = answer["error"] as? String { throw Failure(description: error) }
        return answer
    }

    /// Opens `url` in a viewport of `width` × `height` CSS px, once it has loaded.
    public func open(_ url: URL, width: Int, height: Int) throws {
        _ = try send(["open": url.absoluteString, "width": width, "height": height])
    }

    /// The value of `expression` (a promise is awaited), as JSON gives it.
    public func evaluate(_ expression: String) throws -> Any? {
        try send(["eval": expression])["value"]
    }
}
