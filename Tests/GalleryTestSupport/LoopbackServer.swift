import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// The browser tests' HTTP server on 127.0.0.1 (a free port): serves the files of one folder
/// as `gallery serve` serves a site's (`GalleryServer.siteFile`), and takes one POST to
/// `result` beside the page, which a page under test sends its measurements to. Any browser can
/// do that, so one harness drives Chromium, Firefox and WebKit alike.
///
/// Its own pages: `__frame.html?page=P&width=W&height=H` shows page P in a frame of exactly
/// that size (headless Firefox and WebKit's MiniBrowser do not size their windows as asked,
/// and media queries follow the frame); with `kept=1` it then asks `__next` for the next page
/// and goes there (a kept browser, `KeptBrowser`).
public final class LoopbackServer: Sendable {
    public let port: Int
    private let pages: LoopbackPages
    private let services: ServiceGroup
    private let running: Task<Void, any Error>
    private let finished = DispatchSemaphore(value: 0)

    public var folder: URL { pages.folder }

    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    public init(serving folder: URL) throws {
        let pages = LoopbackPages(folder: folder)
        self.pages = pages
        let router = Router()
        router.get("/__next") { _, _ in try await pages.nextPage() }
        router.get("/__frame.html") { request, _ in LoopbackPages.framePage(request) }
        router.post("/**") { request, _ in try await pages.takeResult(request) }
        router.get("/") { request, _ in try await pages.file(request) }
        router.get("/**") { request, _ in try await pages.file(request) }
        let started = StartSignal()
        let quiet = Logger(label: "loopback-server", factory: { _ in SwiftLogNoOpLogHandler() })
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "gallery-tests"),
            onServerRunning: { channel in started.signal(.success(channel.localAddress?.port ?? 0)) },
            logger: quiet)
        // Stopped as `gallery serve` is, by a graceful shutdown (requests under way are
        // answered, then connections closed); cancelled only if that takes too long.
        var configuration = ServiceGroupConfiguration(services: [app], logger: quiet)
        configuration.maximumGracefulShutdownDuration = .seconds(3)
        let services = ServiceGroup(configuration: configuration)
        self.services = services
        // The server's tasks run on threads of their own: tests wait for a page's result
        // synchronously, and on a 2-core machine two such waits would hold every thread of the
        // shared pool, leaving none to answer the page.
        running = Task(executorPreference: ServerThreads.shared) { [finished] in
            defer { finished.signal() }
            do {
                try await services.run()
            } catch {
                started.signal(.failure(error))
                throw error
            }
        }
        do {
            port = try started.wait().get()
        } catch {
            running.cancel()
            throw TestFailure(description: "the tests' server could not listen on 127.0.0.1: \(error)")
        }
    }

    deinit { stop() }

    /// Stops listening and answers every waiting request; returns once the server is down
    /// (or after a few seconds: a connection a browser keeps open must not hold a test).
    public func stop() {
        guard pages.stop() else { return }
        Task(executorPreference: ServerThreads.shared) { [services] in await services.triggerGracefulShutdown() }
        if finished.wait(timeout: .now() + 5) == .timedOut { running.cancel() }
    }

    /// For a browser kept open on `__frame.html?kept=1`: serves `folder` from now on and has the
    /// browser load `page` (relative to it) in a frame of `width`×`height`; its result is then
    /// `waitForResult`'s.
    func load(_ page: String, in folder: URL, width: Int, height: Int) {
        pages.load(page, in: folder, width: width, height: height)
    }

    /// Waits for the page's POST to `result`; nil after `timeout` seconds.
    public func waitForResult(timeout: TimeInterval) -> Data? {
        pages.waitForResult(timeout: timeout)
    }

    /// What a page that never reported last did (`LoopbackPages.recentRequests`).
    var recentRequests: String { pages.recentRequests }

    /// The port the server listens on, or why it could not, handed from its task to init.
    private final class StartSignal: @unchecked Sendable {
        // @unchecked: `outcome` is written once under `once`, before `ready` is signalled.
        private var outcome: Result<Int, any Error>?
        private let ready = DispatchSemaphore(value: 0)
        private let once = NSLock()

        func signal(_ result: Result<Int, any Error>) {
            once.withLock {
                guard outcome == nil else { return }
                outcome = result
                ready.signal()
            }
        }

        func wait() -> Result<Int, any Error> {
            ready.wait()
            return once.withLock { outcome! }
        }
    }
}
