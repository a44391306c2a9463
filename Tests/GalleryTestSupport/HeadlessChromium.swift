import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GallerySiteFiles
import Synchronization

/// Debian's `chromium`, headless, for tests that must see what a browser draws: a page
/// opened with a probe script (`evaluate`) or looked at (`screenshot`), both through the one
/// driver, `ChromiumSession`.
public enum HeadlessChromium {
    public static var executable: String? {
        for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        where FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        return nil
    }

    public typealias Failure = TestFailure

    /// Opens `page` at exactly `width` × `height` CSS px and writes what it shows to `file` as
    /// PNG, once its fonts and images are in.
    public static func screenshot(page: URL, width: Int, height: Int, scale: Double = 1, mobile: Bool = false, to file: URL) throws {
        let browser = try ChromiumSession()
        try browser.open(page, width: width, height: height, scale: scale, mobile: mobile)
        try browser.screenshot(to: file)
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
    /// script reports with `galleryTestReport` (`BrowserEngine.resultScript`: a JSON text).
    /// The script can await `PageWaits` (`galleryWaitFor`, `galleryNextEvent`, `galleryDrawn`).
    /// The copy is opened from disk, as a visitor opens an exported site.
    /// - Parameter server: when given, the page (its name) and all it loads come from this
    ///   server instead of from disk.
    public static func evaluate(page: URL, script: String, width: Int, height: Int, scale: Double = 1, mobile: Bool = false,
                                server: URL? = nil, timeout: Int = 240) throws -> String {
        let folder = try TemporaryDirectory("probe")
        let (html, probed) = try probeCopy(of: page, name: "probe-\(width)x\(height)-\(UUID().uuidString.prefix(8))-" + page.lastPathComponent, server: server, folder: folder)
        try html.replacingOccurrences(of: "</body>", with: "<script>\(BrowserEngine.resultScript)</script><script>\(script)</script></body>")
            .write(to: probed, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: probed) }
        let browser = try ChromiumSession()
        try browser.open(probed, width: width, height: height, scale: scale, mobile: mobile)
        let written = try browser.evaluate("""
            galleryWaitFor(() => document.getElementById('gallery-test-result')?.textContent, 'the probe to report', \(timeout))
            """)
        let label = "\(page.lastPathComponent) at \(width)×\(height)"
        guard let result = written as? String, !result.isEmpty else { throw Failure(description: "the probe reported nothing in \(label)") }
        return String(decoding: try BrowserEngine.checked(Data(result.utf8), from: label), as: UTF8.self)
    }

    /// Escapes text for HTML element content and attribute values.
    public static func escape(_ text: String) -> String { MarkupText.escaped(text) }
}
