import Foundation

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
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "chromium exited with \(process.terminationStatus) on \(page.path)")
        }
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
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
