import Foundation
import Hummingbird

extension GalleryServer {
    /// The file of `folder` at `requestPath` (percent-encoded, as in a URL), answered as
    /// `gallery serve` answers its site's files: the site's type and caching rule, ETag and
    /// 304, gzip for text, byte ranges; nil when the folder has no such file (or the path leaves
    /// it). The tests' page server answers with this too, so browsers see in tests what they
    /// see from `gallery serve`.
    public static func siteFile(_ requestPath: String, in folder: URL, request: Request, context: some RequestContext) async throws -> Response? {
        guard let file = try await BlockingWork.run({ StaticFiles.resolve(requestPath, in: folder) }) else { return nil }
        var name = requestPath.removingPercentEncoding ?? requestPath
        while name.hasPrefix("/") { name.removeFirst() }
        return try await StaticFiles.response(for: file, named: name.isEmpty ? "index.html" : name, request: request, context: context)
    }
}
