import Foundation

/// The tests' one way to drive Chromium: a headless Chromium held open over the DevTools
/// protocol on a pipe (chromium_session.py). Open a page at an exact viewport, evaluate
/// JavaScript in it (promises awaited), take screenshots, wait for network answers, as many
/// times as needed, while the test changes things around it.
///
/// Every wait is for an event (the load event, a promise the page resolves, an answer on the
/// network), never for a span of time, so a busy machine only makes the test slower.
public final class ChromiumSession {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered = Data()

    public typealias Failure = TestFailure

    /// Switches every test browser gets: screenshots in sRGB whatever the machine. Text is
    /// rendered with the machine's own fontconfig settings, as a visitor's Chromium does.
    public static let standardArguments = ["--force-color-profile=srgb"]

    /// - Parameters:
    ///   - arguments: more Chromium switches, after `standardArguments`.
    ///   - environment: added to the browser's environment (`FONTCONFIG_FILE` for another font
    ///     world).
    public init(arguments: [String] = [], environment: [String: String] = [:]) throws {
        guard HeadlessChromium.executable != nil else { throw Failure(description: "chromium is not installed; run 'make deps'") }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "chromium_session.py").path]
            + Self.standardArguments + arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
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
        // chromium_session.py bounds every step it waits for, so this read ends too.
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

    /// Opens `url` in a viewport of exactly `width` × `height` CSS px and returns once its load
    /// event has fired.
    /// - Parameters:
    ///   - scale: device pixels per CSS px (3 for a phone).
    ///   - mobile: a phone's viewport rules and touch input.
    public func open(_ url: URL, width: Int, height: Int, scale: Double = 1, mobile: Bool = false) throws {
        _ = try send(["open": url.absoluteString, "width": width, "height": height, "scale": scale, "mobile": mobile])
    }

    /// Gives the open page a viewport of `width` × `height` CSS px, as a window resized or a
    /// phone turned, and returns once the page has had its resize event.
    public func resize(width: Int, height: Int, scale: Double = 1, mobile: Bool = false) throws {
        _ = try send(["resize": width, "height": height, "scale": scale, "mobile": mobile])
    }

    /// The value of `expression` (a promise is awaited), as JSON gives it.
    public func evaluate(_ expression: String) throws -> Any? {
        try send(["eval": expression])["value"]
    }

    /// Real touch input over the DevTools protocol (`Input.dispatchTouchEvent`): each frame
    /// lists the fingers down at one moment, the same finger at the same place in each; an
    /// empty frame lifts them and the next puts them down again (a double tap: `[[p], [], [p]]`).
    /// The first frame puts them down (`down: false`: they are down from the last call); after
    /// the last they are lifted (`up: false`: they stay down, and the test can look
    /// mid-gesture). Events are stamped `interval` seconds apart, so the page sees the
    /// gesture's speed whatever the machine's load. Open the page with `mobile: true`.
    public func touch(_ frames: [[(x: Double, y: Double)]], interval: Double = 0.016, down: Bool = true, up: Bool = true) throws {
        _ = try send(["touch": frames.map { $0.map { [$0.x, $0.y] } }, "interval": interval, "down": down, "up": up])
    }

    /// Writes the viewport as PNG to `file`, once fonts and images are in and a frame is drawn.
    public func screenshot(to file: URL) throws {
        _ = try send(["screenshot": file.path])
    }

    /// Returns once `count` more answers to requests whose URL contains `text` have arrived
    /// (counted from this call on); throws after `timeout` seconds.
    public func waitForResponses(containing text: String, count: Int = 1, timeout: Double = 60) throws {
        _ = try send(["responses": text, "count": count, "timeout": timeout])
    }
}
