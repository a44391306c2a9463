import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Debian's `chromium`, headless, for tests that must see what a browser draws.
///
/// Flags from the platform notes: always a window size, a fresh profile, and a virtual time
/// budget (without it, results that wait for `document.fonts.ready` reach the DOM only
/// sometimes).
public enum HeadlessChromium {
    public static var executable: String? {
        for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        where FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        return nil
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// Loads `page` and returns the DOM after scripts ran (`--dump-dom`), or takes a screenshot.
    public static func run(
        page: URL, width: Int = 1200, height: Int = 900, budgetMilliseconds: Int = 15_000,
        screenshot: URL? = nil
    ) throws -> String {
        guard let executable else {
            throw Failure(description: "chromium is not installed; run 'make deps'")
        }
        let profile = try TemporaryDirectory("chromium-profile")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        var arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
            "--no-first-run", "--disable-extensions", "--font-render-hinting=none",
            "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)",
            "--virtual-time-budget=\(budgetMilliseconds)",
            // Screenshots in sRGB whatever the machine: tagged images are converted into it.
            "--force-color-profile=srgb",
        ]
        if let screenshot {
            arguments.append("--screenshot=\(screenshot.path)")
        } else {
            arguments.append("--dump-dom")
        }
        process.arguments = arguments + [page.absoluteString]
        let output = profile.url.appending(path: "dom.html")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The virtual time budget bounds what the page does; this bounds a browser that hangs.
        guard process.waitUntilExit(timeout: Double(budgetMilliseconds) / 1000 + 120) else {
            throw Failure(description: "chromium did not finish \(page.absoluteString) in \(budgetMilliseconds / 1000 + 120) s")
        }
        guard process.terminationStatus == 0 else {
            throw Failure(description: "chromium exited with \(process.terminationStatus) on \(page.path)")
        }
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }

    /// The text at `url` (an HTTP GET; throws unless the answer is 200).
    public static func fetch(_ url: URL) throws -> String {
        let result = Mutex<Result<String, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: url) { data, response, error in
            result.withLock { value in
                if let data, (response as? HTTPURLResponse)?.statusCode == 200 {
                    value = .success(String(decoding: data, as: UTF8.self))
                } else {
                    value = .failure(error ?? Failure(description: "\(url): status \((response as? HTTPURLResponse)?.statusCode ?? 0)"))
                }
            }
            done.signal()
        }.resume()
        done.wait()
        return try result.withLock { $0! }.get()
    }

    /// A copy of a page to load with a probe script: beside the page on disk, or, for a page
    /// of `server`, its text as the server gives it in a folder of its own, with a
    /// `<base href>` so that everything it names still comes from the server.
    public static func probeCopy(of page: URL, name: String, server: URL?, folder: TemporaryDirectory) throws -> (html: String, url: URL) {
        guard let server else {
            return (try String(contentsOf: page, encoding: .utf8), page.deletingLastPathComponent().appending(path: name))
        }
        let html = try fetch(server.appending(path: page.lastPathComponent))
        let based = html.replacingOccurrences(of: "<head>", with: "<head>\n<base href=\"\(server.absoluteString)\">")
        return (based, folder.url.appending(path: name))
    }

    /// Loads a copy of `page` with `script` added at the end of its body and returns what the
    /// script wrote into `#gallery-test-result` (a JSON text, by convention), unescaped.
    /// - Parameter server: when given, the page (its name) and all it loads come from this
    ///   server instead of from disk.
    public static func evaluate(page: URL, script: String, width: Int, height: Int, budgetMilliseconds: Int = 10_000, server: URL? = nil) throws -> String {
        let folder = try TemporaryDirectory("probe")
        let (html, probed) = try probeCopy(of: page, name: "probe-\(width)x\(height)-" + page.lastPathComponent, server: server, folder: folder)
        // Errors in the probe (or the page) are written as the result, so a failure says why.
        let report = """
            const report = (message) => { document.getElementById('gallery-test-result').textContent = 'ERROR: ' + message; };
            window.addEventListener('error', (event) => report(event.message));
            window.addEventListener('unhandledrejection', (event) => report(event.reason && event.reason.stack || event.reason));
            """
        try html.replacingOccurrences(of: "</body>", with: "<pre id=\"gallery-test-result\"></pre><script>\(report)</script><script>\(script)</script></body>")
            .write(to: probed, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: probed) }
        let dom = try run(page: probed, width: width, height: height, budgetMilliseconds: budgetMilliseconds)
        guard let start = dom.range(of: "<pre id=\"gallery-test-result\">"),
              let end = dom.range(of: "</pre>", range: start.upperBound ..< dom.endIndex),
              start.upperBound < end.lowerBound
        else { throw Failure(description: "the probe wrote no result in \(page.lastPathComponent) at \(width)×\(height)") }
        // --dump-dom escapes the text; "&amp;" last, so a literal "&lt;" stays one.
        let result = String(dom[start.upperBound ..< end.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        if result.hasPrefix("ERROR: ") { throw Failure(description: "\(page.lastPathComponent) at \(width)×\(height): \(result)") }
        return result
    }

    /// Escapes text for HTML element content and attribute values.
    public static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
