import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Firefox and WebKit kept open across the pages a test run shows them: each start costs
/// seconds of CPU (a new profile; Xvfb for WebKit), and the suite opens dozens of pages in
/// them. A kept browser shows one page at a time, each in a new frame of its exact size on a
/// new `__frame.html` of its server, which then asks for the next. One page at a time per browser: tests side by side
/// get browsers of their own. A browser whose page did not answer is stopped, not reused.
final class KeptBrowser: @unchecked Sendable {
    // @unchecked: everything is set in init; the pool is guarded by `poolLock`.
    let key: String
    let server: LoopbackServer
    let profile: TemporaryDirectory
    let processes: [Process]

    /// The largest window any test asks for, so one browser fits every page.
    static let window = (width: 2200, height: 1500)

    private static let poolLock = NSLock()
    nonisolated(unsafe) private static var idle: [KeptBrowser] = []
    nonisolated(unsafe) private static var running: [ObjectIdentifier: KeptBrowser] = [:]
    nonisolated(unsafe) private static var stopsAtExit = false

    private init(engine: BrowserEngine, key: String, environment: [String: String], arguments: [String]) throws {
        self.key = key
        server = try LoopbackServer(serving: URL(fileURLWithPath: "/nonexistent"))
        profile = try TemporaryDirectory("\(engine)-profile")
        do {
            processes = try engine.launch(URL(string: server.baseURL.absoluteString + "__frame.html?kept=1")!, width: Self.window.width, height: Self.window.height,
                                          profile: profile, environment: environment, arguments: arguments)
        } catch {
            server.stop()
            throw error
        }
    }

    /// Shows `page` of `folder` in a kept `engine` (started if none is free, or with `fresh`
    /// always) and returns what it POSTs to `result`; with `keep` false the browser is closed
    /// after it.
    static func show(_ page: String, in folder: URL, engine: BrowserEngine, width: Int, height: Int,
                     environment: [String: String], arguments: [String], timeout: TimeInterval, keep: Bool = true, fresh: Bool = false) throws -> Data {
        guard width <= window.width, height <= window.height else {
            throw HeadlessChromium.Failure(description: "\(engine) pages are shown in frames of at most \(window.width)×\(window.height)")
        }
        let key = "\(engine) \(environment.sorted { $0.key < $1.key }) \(arguments)"
        let browser = try (fresh ? nil : take(key)) ?? KeptBrowser(engine: engine, key: key, environment: environment, arguments: arguments)
        browser.server.load(page, in: folder, width: width, height: height)
        guard let result = browser.server.waitForResult(timeout: timeout) else {
            let seen = browser.server.recentRequests
            browser.stop()
            throw HeadlessChromium.Failure(description: "\(engine) posted no result for \(page) within \(Int(timeout)) s (\(seen))")
        }
        if keep { giveBack(browser) } else { browser.stop() }
        return result
    }

    private static func take(_ key: String) -> KeptBrowser? {
        poolLock.lock()
        defer { poolLock.unlock() }
        while let position = idle.firstIndex(where: { $0.key == key }) {
            let browser = idle.remove(at: position)
            if browser.processes.allSatisfy(\.isRunning) { return browser }
            running[ObjectIdentifier(browser)] = nil
            browser.stop()
        }
        return nil
    }

    private static func giveBack(_ browser: KeptBrowser) {
        poolLock.lock()
        defer { poolLock.unlock() }
        idle.append(browser)
        running[ObjectIdentifier(browser)] = browser
        if !stopsAtExit {
            stopsAtExit = true
            // Kept browsers are the test process's children: they go when it does.
            atexit { KeptBrowser.stopAll() }
        }
    }

    private static func stopAll() {
        poolLock.lock()
        let all = Array(running.values)
        running = [:]
        idle = []
        poolLock.unlock()
        for browser in all { browser.stop() }
    }

    /// The browser first: its open connections then close, and the server stops at once.
    private func stop() {
        BrowserEngine.stop(processes)
        server.stop()
    }
}
