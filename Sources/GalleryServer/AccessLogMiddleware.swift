import Foundation
import Hummingbird
import Logging

/// One line per request: method, path, status, duration.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        // Open pages of a live preview ask twice a second: not worth a line each.
        if request.uri.path == "/__gallery/version" { return try await next(request, context) }
        do {
            let response = try await next(request, context)
            log(request, status: response.status.code, since: start)
            return response
        } catch let error as any HTTPResponseError {
            log(request, status: error.status.code, since: start)
            throw error
        } catch {
            log(request, status: 500, since: start)
            throw error
        }
    }

    private func log(_ request: Request, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        logger.info("\(request.method) \(request.uri.path) \(status) \(String(format: "%.2f", milliseconds)) ms")
    }
}
