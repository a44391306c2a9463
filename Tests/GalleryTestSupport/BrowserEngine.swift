import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The three browser engines a gallery page must draw as computed, as Debian packages them:
/// Chromium (Blink), Firefox ESR (Gecko) and WebKitGTK's MiniBrowser (Safari's engine) under
/// Xvfb. `open` serves a folder on 127.0.0.1, opens one page of it and returns what the page
/// POSTs to `result` beside it (see `resultScript`).
public enum BrowserEngine: String, CaseIterable, Sendable, CustomStringConvertible {
    case chromium, firefox, webkit

    public var description: String { rawValue }

    static let miniBrowser = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"

    /// The program that must be installed (`make deps` installs all three).
    public var executable: String {
        switch self {
        case .chromium: HeadlessChromium.executable ?? "/usr/bin/chromium"
        case .firefox: "/usr/bin/firefox-esr"
        case .webkit: Self.miniBrowser
        }
    }

    public var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: executable)
            && (self != .webkit || FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb"))
    }

    /// `galleryTestReport(value)` sends `value` (any JSON-encodable expression) to the harness;
    /// pages under test call it once, when everything they measure is drawn. The first report
    /// counts. An error in the page is reported as `{ error }`. With it come `PageWaits`' waits.
    /// The tests' one way for a page to answer, in every engine, over HTTP and from disk.
    public static let resultScript = """
        window.galleryTestReport = (value) => {
          const text = JSON.stringify(value);
          // A page opened from disk cannot post: its report is left in the page, where the
          // driver reads it (`HeadlessChromium.evaluate`).
          if (location.protocol === 'file:') {
            let box = document.getElementById('gallery-test-result');
            if (!box) {
              box = Object.assign(document.createElement('pre'), { id: 'gallery-test-result', hidden: true });
              document.documentElement.append(box);
            }
            if (!box.textContent) box.textContent = text;
            return Promise.resolve();
          }
          // To `result` beside the page: a kept browser serves each page under a path of its own,
          // so a report a page that is going away sends late is never taken for the next page's.
          return fetch(new URL('result', location.href), { method: 'POST', body: text });
        };
        // A test that breaks a file on purpose names it in galleryExpectedErrors: its errors are
        // what the page must cope with, not the page failing.
        window.galleryExpectedErrors = [];
        window.addEventListener('error', (event) => {
          if (galleryExpectedErrors.some((file) => (event.filename || '').endsWith(file))) return;
          window.galleryTestReport({ error: String(event.message) });
        });
        // Firefox's and WebKit's stacks leave out the message (what a wait waited for): both.
        window.addEventListener('unhandledrejection', (event) => {
          const reason = event.reason, stack = reason && reason.stack ? String(reason.stack) : '';
          const message = reason && reason.message ? String(reason.message) : String(reason);
          window.galleryTestReport({ error: stack.includes(message) ? stack : message + (stack ? ' at ' + stack : '') });
        });
        \(PageWaits.script)
        """

    /// What a framed page that never reported was doing: its load state, its fonts' states and
    /// the files it has whole (a file asked for and missing here never arrived).
    static let pageStateProbe = """
        (() => {
          const frame = document.querySelector('iframe'), view = frame && frame.contentWindow;
          if (!view) return 'no frame';
          const fonts = [...view.document.fonts].map((face) => face.family + ' ' + face.status);
          const files = view.performance.getEntriesByType('resource').map((entry) => entry.name.split('/').pop() + ' ' + Math.round(entry.responseEnd) + ' ms');
          return 'ready state ' + view.document.readyState + '; fonts: ' + fonts.join(', ') + '; files whole: ' + files.join(', ');
        })()
        """

    /// `await galleryFontsReady()` loads every font the page declares and resolves to the
    /// families that failed to load: measuring before fonts are in gives fallback metrics.
    public static let fontsReadyScript = """
        async function galleryFontsReady() {
          const faces = [...document.fonts];
          await Promise.all(faces.map(f => f.load().catch(() => null)));
          await document.fonts.ready;
          return faces.filter(f => f.status !== 'loaded').map(f => f.family);
        }
        """

    /// Opens `page` (a path relative to `folder`) in a frame of exactly `width`×`height` CSS px
    /// (window sizes are not honoured alike by the three) and returns the
    /// body the page posted.
    /// - Parameters:
    ///   - environment: added to the browser's environment (e.g. `FONTCONFIG_FILE` for another
    ///     font world).
    ///   - arguments: more command-line switches.
    ///   - scale: device pixels per CSS px (Chromium only: a 2× screen turns on its subpixel
    ///     glyph positioning).
    ///   - timeout: a deadline for the page's report, not a pause: WebKit beside the rest of the
    ///     suite on two busy cores took over 90 s for the map and the whole-album lightbox.
    ///   - fresh: Firefox or WebKit is one of its own, started for the page and closed after it,
    ///     not a kept one (Chromium always is).
    ///   - registersServiceWorker: the page registers a service worker (a private album's):
    ///     Firefox or WebKit is closed after it, not kept for other pages. A worker left behind
    ///     in a kept WebKit stalled the next page it showed (no request after its first ones:
    ///     the map, the whole-album lightbox, "posted no result").
    public func open(
        _ page: String, in folder: URL, width: Int, height: Int,
        environment: [String: String] = [:], arguments: [String] = [], scale: Double = 1, timeout: TimeInterval = 240,
        registersServiceWorker: Bool = false, fresh: Bool = false
    ) throws -> Data {
        guard isInstalled else { throw HeadlessChromium.Failure(description: "\(self) is not installed; run 'make deps'") }
        guard scale == 1 || self == .chromium else { throw HeadlessChromium.Failure(description: "\(self) is opened at scale 1 only") }
        let result: Data
        if self == .chromium {
            let server = try LoopbackServer(serving: folder)
            defer { server.stop() }
            var frame = URLComponents(url: server.baseURL.appending(path: "__frame.html"), resolvingAgainstBaseURL: false)!
            frame.queryItems = [URLQueryItem(name: "page", value: page), URLQueryItem(name: "width", value: String(width)), URLQueryItem(name: "height", value: String(height))]
            // The tests' one Chromium driver; the frame page sizes the page itself.
            result = try withExtendedLifetime(try ChromiumSession(arguments: arguments, environment: environment)) { chromium in
                try chromium.open(frame.url!, width: width + 200, height: height + 200, scale: scale)
                if let posted = server.waitForResult(timeout: timeout) { return posted }
                let state = (try? chromium.evaluate(Self.pageStateProbe)).flatMap { $0 as? String } ?? "no answer"
                throw HeadlessChromium.Failure(description: "\(self) posted no result for \(page) within \(Int(timeout)) s (\(server.recentRequests); the page: \(state))")
            }
        } else {
            var shown = try KeptBrowser.show(page, in: folder, engine: self, width: width, height: height, environment: environment,
                                             arguments: arguments, timeout: timeout, keep: !registersServiceWorker && !fresh, fresh: fresh)
            // A kept WebKit now and then never loads a page's first images (0 of 3 eager covers
            // at load in one CI run, a phone album's eager photos not in 60 s in another, each
            // once among hundreds of pages, and the pages after it fine): a wait of the page's
            // that ran out in WebKit is shown once more, in a browser of its own, and said so.
            // Twice is the page's failure.
            if self == .webkit, let waited = Self.waitRanOut(shown) {
                FileHandle.standardError.write(Data("warning: webkit, \(page): \(waited); shown again in a new WebKit\n".utf8))
                shown = try KeptBrowser.show(page, in: folder, engine: self, width: width, height: height,
                                             environment: environment, arguments: arguments, timeout: timeout, keep: false, fresh: true)
            }
            result = shown
        }
        return try Self.checked(result, from: "\(self), \(page)")
    }

    /// The message of a page that reported one of its waits running out
    /// (`PageWaits`: "waited N s for …"), else nil.
    static func waitRanOut(_ report: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: report) as? [String: Any], let error = object["error"] as? String,
              error.hasPrefix("waited ") else { return nil }
        return error
    }

    /// A page's report, unless it reported its own failure (`{ error }`).
    static func checked(_ report: Data, from label: String) throws -> Data {
        if let object = try? JSONSerialization.jsonObject(with: report) as? [String: Any], let error = object["error"] as? String {
            throw HeadlessChromium.Failure(description: "\(label): the page failed: \(error)")
        }
        return report
    }

    /// Starts Firefox or WebKit's MiniBrowser (under an Xvfb of its own) on `url`, in a window
    /// of at least `width`×`height`, with `profile` as its home; returns the processes to stop.
    func launch(_ url: URL, width: Int, height: Int, profile: TemporaryDirectory, environment: [String: String], arguments: [String]) throws -> [Process] {
        var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        env["HOME"] = profile.path  // Firefox and WebKit write caches there
        var processes: [Process] = []
        switch self {
        case .chromium:
            preconditionFailure("Chromium is driven by ChromiumSession")
        case .firefox:
            processes.append(try Self.start(executable, [
                "--headless", "--no-remote", "--profile", profile.path, "--window-size=\(width),\(height)",
            ] + arguments + [url.absoluteString], env))
        case .webkit:
            // Xvfb picks a free display itself and writes its number when it is ready, so tests
            // running side by side never fight over one.
            let xvfb = Process()
            xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
            xvfb.arguments = ["-displayfd", "1", "-screen", "0", "\(width + 100)x\(height + 100)x24", "-nolisten", "tcp"]
            xvfb.environment = env
            let ready = Pipe()
            xvfb.standardOutput = ready
            xvfb.standardError = FileHandle.nullDevice
            xvfb.standardInput = FileHandle.nullDevice
            try xvfb.run()
            processes.append(xvfb)
            var announced = Data()
            while !announced.contains(UInt8(ascii: "\n")) {
                let chunk = ready.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                announced += chunk
            }
            guard let number = Int(String(decoding: announced, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
                Self.stop(processes)
                throw HeadlessChromium.Failure(description: "Xvfb did not start (is the xvfb package installed?)")
            }
            env["DISPLAY"] = ":\(number)"
            env["WEBKIT_DISABLE_COMPOSITING_MODE"] = "1"
            processes.append(try Self.start(executable, ["--geometry=\(width)x\(height)"] + arguments + [url.absoluteString], env))
        }
        return processes
    }

    /// Stops a browser's processes, last started first. Firefox ignores SIGTERM while
    /// headless: ask, then insist.
    static func stop(_ processes: [Process]) {
        for process in processes.reversed() where process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(3)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }

    static func start(_ executable: String, _ arguments: [String], _ environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
