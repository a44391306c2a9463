import Foundation
import Hummingbird

extension GalleryServer {
    /// The file of `folder` at `requestPath` (percent-encoded, as in a URL), answered as
    /// `gallery serve` answers its site's files: the site's type and caching rule, ETag and
    /// 304, gzip for text, byte ranges; nil when the folder has no such file (or the path leaves
    /// it). The tests' page server answers with this too, so browsers see in tests what they
    /// see from `gallery serve`. `liveVersion`: see `StaticFiles.answer`.
    public static func siteFile(_ requestPath: String, in folder: URL, request: Request, liveVersion: Int? = nil) async throws -> Response? {
        let name = StaticFiles.name(of: requestPath)
        guard let answer = try await BlockingWork.fileAccess({
            try StaticFiles.answer(requestPath, named: name, in: folder, request: request, liveVersion: liveVersion)
        }) else { return nil }
        return StaticFiles.response(answer)
    }
}
