import Foundation
import GalleryConfig
import GalleryHTML
import GalleryJSON
import GallerySearch
import GalleryService
import GalleryStore
import Hummingbird
import Logging
import Synchronization

/// `gallery serve`: the gallery's pages and a JSON layout API over HTTP.
///
/// Routes: `GET /healthz`; `GET /api/photos[?album=]` (the objects of `gallery photos --json`,
/// latitude and longitude always null); `GET /api/search?q=` (those a search finds, in the
/// order of `gallery photos --query`); `GET /api/layout?width=…` (exactly the JSON of `gallery layout --json`); everything else,
/// the files of the static export, each made when first asked for and kept next to the
/// database (`SiteCache`).
public enum GalleryServer {
    /// Responses carry at most this many layout items: a larger layout needs `rect`.
    public static let maximumItemsPerResponse = 10_000

    public static func router(
        database: GalleryDatabase, siteFolder: URL, logger: Logger, maximumItems: Int = maximumItemsPerResponse,
        configuration: GalleryConfiguration = GalleryConfiguration(), live: LivePreview? = nil
    ) -> Router<BasicRequestContext> {
        // The layout service measures in the configured fonts; a live preview's follow gallery.toml.
        let states = ServedState.Cache(database: database, configuration: configuration, live: live)
        let site = SiteCache(database: database, folder: siteFolder, configuration: configuration, live: live)
        let responses = ResponseCache(capacity: 1024)
        let router = Router()
        router.add(middleware: AccessLogMiddleware(logger: logger))

        router.get("/healthz") { _, _ in
            JSONResponse.ok(#"{"status":"ok"}"#)
        }

        // Live preview (`gallery serve PHOTOS/`): pages ask which version of the folder they
        // show, and reload when it changed.
        if let live {
            router.get("/__gallery/version") { _, _ -> Response in
                Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                         body: .init(byteBuffer: ByteBuffer(string: "\(live.version)\n")))
            }
            router.get("/__gallery/live.js") { _, _ -> Response in
                Response(status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
                         body: .init(byteBuffer: ByteBuffer(string: SiteAssets.liveReloadScript)))
            }
        }

        // Every route reads SQLite and computes in a snapshot of the library, through GRDB's
        // async read on the snapshot's dispatch queue (`GalleryDatabase.snapshot`): what it
        // checks and what it answers are of one state, and no event loop nor the concurrency
        // pool waits for it.
        router.get("/api/photos") { request, _ -> Response in
            let album = request.uri.queryParameters["album"].map(String.init)
            do {
                let json = try await database.snapshot {
                    let state = try states.current()
                    do {
                        try state.checkListed(album, in: database)
                        // Without an album: every listed album's photos, never an unlisted one's.
                        let photos = try album.map { try database.photos(album: $0, favoritesRating: state.configuration.browse.favoritesRating, excluding: state.unlisted) }
                            ?? database.photos(leavingOutAlbums: state.unlisted)
                        // Positions stay on the owner's machine: a served page or API never shows them.
                        return try JSON.string(photos.map(\.withoutLocation))
                    } catch let error as StoreError {
                        throw state.told(error)
                    }
                }
                return JSONResponse.ok(json)
            } catch let error as StoreError {
                throw APIError(error)
            }
        }

        // What the site's search box finds for q, in the same order: the photos of
        // `gallery photos --query` (places are never searched here: positions stay private).
        router.get("/api/search") { request, _ -> Response in
            let text = request.uri.queryParameters["q"].map(String.init) ?? ""
            let json = try await database.snapshot {
                let state = try states.current()
                let photos = try database.photos(search: SearchScope(query: SearchQuery(text), language: state.configuration.site.language, places: false,
                                                                     excluding: state.unlisted))
                return try JSON.string(photos.map(\.withoutLocation))
            }
            return JSONResponse.ok(json)
        }

        router.get("/api/layout") { request, _ -> Response in
            var query: [String: String] = [:]
            for (key, value) in request.uri.queryParameters { query[String(key)] = String(value) }
            let parsed: MasonryRequest
            do throws(MasonryRequestError) {
                parsed = try MasonryRequest(validating: MasonryParameters(query: query))
            } catch {
                throw APIError(error)
            }
            // A live preview's fonts change with gallery.toml, which the revision does not see.
            let cacheKey = "\(live?.version ?? 0) " + (request.uri.query ?? "")
            do {
                // Answers are kept per query and library revision, so a repeated viewport costs
                // one revision read; any change to photos or annotations changes the revision.
                // The revision and the layout are read in one snapshot: an answer is of the
                // revision it is kept under, even while an import commits.
                if let cached = responses.get(cacheKey, revision: try await database.libraryRevision()) { return JSONResponse.ok(cached) }
                let answer = try await database.snapshot { () -> ByteBuffer in
                    let revision = try database.libraryRevision()
                    if let cached = responses.get(cacheKey, revision: revision) { return cached }
                    let state = try states.current()
                    let result: MasonryResult
                    do {
                        try state.checkListed(parsed.album, in: database)
                        result = try state.layouts.masonry(parsed)
                    } catch let error as StoreError {
                        throw state.told(error)
                    }
                    guard result.items.count <= maximumItems else {
                        throw APIError(.badRequest, "the answer would hold \(result.items.count) items, more than \(maximumItems); ask for a viewport with rect=X,Y,W,H")
                    }
                    return responses.set(cacheKey, revision: revision, try LayoutJSON.masonry(result, kinds: try database.mediaKinds()))
                }
                return JSONResponse.ok(answer)
            } catch let error as StoreError {
                throw APIError(error)
            }
        }

        router.get("/api/**") { _, _ -> Response in
            throw APIError(.notFound, "no such API route; the API has /api/photos and /api/layout")
        }

        @Sendable func serveFile(_ request: Request, context: BasicRequestContext) async throws -> Response {
            let name = StaticFiles.name(of: request.uri.path)
            @Sendable func served(liveVersion: Int? = nil) async throws -> Response? {
                try await siteFile(request.uri.path, in: siteFolder, request: request, liveVersion: liveVersion)
            }
            if ImageFileName(parsing: name) != nil {
                // Images are named by content hash: one made earlier is served as it is; one
                // not made yet is made now (only names the pages use are accepted).
                if let response = try await served() { return response }
                if try await site.image(named: name), let response = try await served() { return response }
            } else {
                // The version read before the page is made: at worst the page is newer than it
                // says, and reloads once more.
                let version = live?.version
                // Pages, data, styles and fonts: made from the library as it is now, the first
                // time they are asked for after a change.
                if try await site.file(named: name), let response = try await served(liveVersion: version) { return response }
            }
            throw APIError(.notFound, "not found")
        }
        router.get("/", use: serveFile)
        router.get("/**", use: serveFile)
        return router
    }

    /// The application for `gallery serve`; `onReady` receives the URL once it listens.
    public static func application(
        database: GalleryDatabase, siteFolder: URL, host: String, port: Int, logger: Logger,
        configuration: GalleryConfiguration = GalleryConfiguration(), live: LivePreview? = nil,
        onReady: @escaping @Sendable (String) -> Void
    ) -> some ApplicationProtocol {
        Application(
            router: router(database: database, siteFolder: siteFolder, logger: logger, configuration: configuration, live: live),
            configuration: .init(address: .hostname(host, port: port), serverName: "gallery"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? port
                onReady("http://\(host.contains(":") ? "[\(host)]" : host):\(port)/")
            },
            logger: logger)
    }
}
