import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GalleryImport
import GalleryServer
import GalleryStore
import GalleryTestSupport
import Imaging
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing

/// A library on disk with a few annotated photos, and a router over it.
struct ServedLibrary {
    let work: TemporaryDirectory
    let database: GalleryDatabase

    init(photos: Int = 12) throws {
        work = try TemporaryDirectory("serve")
        for i in 0 ..< photos {
            // p00 was taken somewhere its GPS says: the API must not tell.
            let position = i == 0 ? EXIFBuilder.tiff(ifd0: [], gps: [(0x0001, .ascii("N")), (0x0002, .rational([(48, 1), (51, 1), (30, 1)])),
                                                                   (0x0003, .ascii("E")), (0x0004, .rational([(2, 1), (17, 1), (40, 1)]))]) : nil
            try work.write(String(format: "photos/p%02ld.jpg", i), TestImages.jpeg(width: 60 + i * 9, height: 50, orientation: i == 2 ? 6 : nil, seed: UInt8(i), exif: position))
            try work.write(String(format: "photos/p%02ld.txt", i), text: "Photo \(i)\nA comment that is long enough to wrap at least once in a column.")
        }
        database = try GalleryDatabase(path: work.path + "/gallery.db")
        _ = try Importer(database: database, folder: work.path + "/photos").run()
    }

    var siteFolder: URL { work.url.appending(path: "gallery.db.site") }

    func app(maximumItems: Int = GalleryServer.maximumItemsPerResponse) -> some ApplicationProtocol {
        Application(router: GalleryServer.router(database: database, siteFolder: siteFolder, logger: Logger(label: "test"), maximumItems: maximumItems))
    }
}

func json(_ buffer: ByteBuffer) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(buffer: buffer), options: [.fragmentsAllowed])
}

@Suite("gallery serve: routes, bad input, caching, security")
struct ServerTests {
    @Test("healthz, photos, layout; the layout JSON is exactly gallery layout --json")
    func routes() async throws {
        let library = try ServedLibrary()
        let cli = try GalleryBinary.run(["layout", "--width", "800", "--json"], in: library.work.url)
        #expect(cli.status == 0, "\(cli.stderr)")
        // The library knows p00's position (gallery photos --json, on the owner's machine).
        let listed = try GalleryBinary.run(["photos", "--json"], in: library.work.url)
        #expect(listed.stdout.contains("48.858"), "the fixture has no position")
        try await library.app().test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == #"{"status":"ok"}"#)
            }
            try await client.execute(uri: "/api/photos", method: .get) { response in
                #expect(response.status == .ok)
                let photos = try #require(try json(response.body) as? [[String: Any]])
                #expect(photos.count == 12 && photos[2]["orientation"] as? Int == 6 && photos[0]["caption"] as? String == "Photo 0")
                #expect(photos[0]["latitude"] is NSNull && photos[0]["longitude"] is NSNull, "the API gives away a position")
            }
            try await client.execute(uri: "/api/photos?album=photos", method: .get) { response in
                let photos = try json(response.body) as? [Any]
                #expect(photos?.count == 12)
            }
            try await client.execute(uri: "/api/layout?width=800", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
                #expect(String(buffer: response.body) + "\n" == cli.stdout)
            }
            try await client.execute(uri: "/api/layout?width=800&rect=0,0,260,100&placement=round-robin", method: .get) { response in
                let object = try #require(try json(response.body) as? [String: Any])
                #expect(object["placement"] as? String == "round-robin")
                #expect((object["items"] as? [[String: Any]])?.map { $0["index"] as? Int } == [0])
            }
        }
    }

    @Test("/api/search?q= gives what gallery photos --query finds, in its order, without positions")
    func search() async throws {
        let library = try ServedLibrary()
        let cli = try GalleryBinary.run(["photos", "--query", "photo 1", "--json"], in: library.work.url)
        #expect(cli.status == 0, "\(cli.stderr)")
        let expected = ((try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [[String: Any]]) ?? []).compactMap { $0["id"] as? Int }
        #expect(expected.count == 3, "Photo 1, Photo 10, Photo 11: \(expected)")
        try await library.app().test(.router) { client in
            try await client.execute(uri: "/api/search?q=PHOTO%201", method: .get) { response in
                #expect(response.status == .ok)
                let photos = try #require(try json(response.body) as? [[String: Any]])
                #expect(photos.compactMap { $0["id"] as? Int } == expected)
                #expect(photos.allSatisfy { $0["latitude"] is NSNull })
            }
            for hostile in ["", "%3Cimg%20onerror%3Dx%3E", "%E2%80%8F"] {
                try await client.execute(uri: "/api/search?q=" + hostile, method: .get) { response in
                    #expect(response.status == .ok && String(buffer: response.body) == "[]", "\(hostile)")
                }
            }
        }
    }

    @Test("bad parameters: 400 with a JSON error that says what is wrong; unknown routes 404 JSON")
    func badInput() async throws {
        let library = try ServedLibrary()
        let cases: [(String, String)] = [
            ("/api/layout", "width is required"),
            ("/api/layout?width=-1", "width must be above 0"),
            ("/api/layout?width=NaN", "width must be a finite number"),
            ("/api/layout?width=1e309", "width must be a finite number"),
            ("/api/layout?width=abc", "width must be a finite number"),
            ("/api/layout?width=800&rect=1,2,3", "rect must be four finite numbers"),
            ("/api/layout?width=800&rect=0,0,-5,10", "rect needs a width and height of 0 or more"),
            ("/api/layout?width=800&album=nope", "no album named 'nope'; known albums: 'photos'"),
            ("/api/layout?width=800&placement=random", "placement must be shortest or round-robin"),
            ("/api/layout?width=800&columns=0", "columns must be at least 1 (got 0)"),
            ("/api/layout?width=800&columns=3&gutter=4", "columns cannot be combined"),
            ("/api/photos?album=nope", "no album named 'nope'"),
        ]
        try await library.app().test(.router) { client in
            for (uri, message) in cases {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .badRequest, "\(uri)")
                    let error = (try json(response.body) as? [String: Any])?["error"] as? String
                    #expect(error?.contains(message) == true, "\(uri): \(error ?? "no error")")
                }
            }
            try await client.execute(uri: "/api/nothing", method: .get) { response in
                #expect(response.status == .notFound)
                let body = try json(response.body) as? [String: Any]
                #expect(body?["error"] != nil)
            }
        }
    }

    @Test("unlisted, hidden and private albums: their photos, layouts and names stay out of the API")
    func unlistedAlbums() async throws {
        let work = try TemporaryDirectory("serve-unlisted")
        let settings = ["trip": nil, "family": "access = \"unlisted\"\n", "attic": "hidden = true\n", "vault": "access = \"private\"\n"]
        for (seed, (album, toml)) in settings.sorted(by: { $0.key < $1.key }).enumerated() {
            for index in 0 ..< 2 {
                try work.write("lib/\(album)/\(album)\(index).jpg", TestImages.jpeg(width: 60 + 10 * index, height: 50, seed: UInt8(seed * 2 + index)))
                try work.write("lib/\(album)/\(album)\(index).txt", text: "\(album.capitalized) \(index)\nA comment.")
            }
            if let toml { try work.write("lib/\(album)/album.toml", text: "title = \"\(album.capitalized)\"\n" + toml) }
        }
        let database = try GalleryDatabase(path: work.path + "/gallery.db")
        _ = try Importer(database: database, folder: work.path + "/lib").run()
        let albums = try database.albums()
        #expect(albums.count == 4)
        let left = albums.filter { $0.path != "trip" }
        let trip = try #require(albums.first { $0.path == "trip" }).name
        let app = Application(router: GalleryServer.router(database: database, siteFolder: work.url.appending(path: "site"), logger: Logger(label: "test")))
        try await app.test(.router) { client in
            try await client.execute(uri: "/api/photos", method: .get) { response in
                #expect(response.status == .ok)
                let photos = try #require(try json(response.body) as? [[String: Any]])
                #expect(photos.compactMap { $0["caption"] as? String }.sorted() == ["Trip 0", "Trip 1"], "the library's listing shows an album no list may")
            }
            try await client.execute(uri: "/api/photos?album=trip", method: .get) { response in
                let photos = try json(response.body) as? [Any]
                #expect(photos?.count == 2)
            }
            for album in left {
                for name in Set([album.name, album.path]) {
                    let asked = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
                    for uri in ["/api/photos?album=\(asked)", "/api/layout?width=600&album=\(asked)"] {
                        try await client.execute(uri: uri, method: .get) { response in
                            #expect(response.status == .badRequest, "\(uri)")
                            let body = String(buffer: response.body)
                            #expect(body.contains("no album named '\(name)'") && body.contains("known albums: '\(trip)'"), "\(uri): \(body)")
                            #expect(!left.contains { body.contains("'\($0.name)'") && $0.name != name }, "\(uri) names an album no list shows: \(body)")
                            #expect(!body.contains("\(album.name.capitalized) 0"), "\(uri) answered with the album's photos")
                        }
                    }
                }
            }
            // An unknown name's message lists the listed albums only.
            try await client.execute(uri: "/api/photos?album=nope", method: .get) { response in
                let body = String(buffer: response.body)
                #expect(body.contains("known albums: '\(trip)'") && !left.contains { body.contains($0.name) }, "\(body)")
            }
            try await client.execute(uri: "/api/layout?width=600&album=nope", method: .get) { response in
                let body = String(buffer: response.body)
                #expect(response.status == .badRequest && body.contains("known albums: '\(trip)'") && !left.contains { body.contains($0.name) }, "\(body)")
            }
        }
    }

    @Test("a layout larger than the response limit needs rect")
    func paging() async throws {
        let library = try ServedLibrary()
        try await library.app(maximumItems: 5).test(.router) { client in
            try await client.execute(uri: "/api/layout?width=800", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("ask for a viewport with rect=X,Y,W,H"))
            }
            try await client.execute(uri: "/api/layout?width=800&rect=0,0,800,200", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test("pages are the export's; files carry ETag and Cache-Control, answer 304, gzip when asked")
    func pagesAndCaching() async throws {
        let library = try ServedLibrary()
        try await library.app().test(.router) { client in
            let etag = try await client.execute(uri: "/", method: .get, headers: [.acceptEncoding: "gzip"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.headers[.cacheControl] == "no-cache")
                #expect(response.headers[.contentEncoding] == "gzip")
                return response.headers[.eTag]
            }
            let page = try String(contentsOf: library.siteFolder.appending(path: "index.html"), encoding: .utf8)
            #expect(page.contains(";--c0:") && page.contains("data-photo-id="))
            try await client.execute(uri: "/", method: .get) { response in
                #expect(String(buffer: response.body) == page)
            }
            try await client.execute(uri: "/", method: .get, headers: [.ifNoneMatch: try #require(etag)]) { response in
                #expect(response.status == .notModified)
            }
            // Images are made the first time they are asked for, then served as files.
            let thumb = try #require(page.firstMatch(of: #/src="thumbs/(?<name>[^"]+)"/#).map { String($0.output.name) })
            #expect(!FileManager.default.fileExists(atPath: library.siteFolder.path + "/thumbs/" + thumb), "the first page waited for images")
            for _ in 0 ..< 2 {
                try await client.execute(uri: "/thumbs/" + thumb, method: .get) { response in
                    #expect(response.status == .ok && response.headers[.contentType] == "image/webp")
                    #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
                    #expect(Array(response.body.readableBytesView.prefix(12).suffix(4)) == Array("WEBP".utf8))
                }
            }
            #expect(FileManager.default.fileExists(atPath: library.siteFolder.path + "/thumbs/" + thumb))
            // A name no photo has stays a 404, and makes nothing.
            try await client.execute(uri: "/thumbs/0123456789abcdef-236.webp", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test("no request path reaches a file outside the site")
    func pathSafety() async throws {
        let library = try ServedLibrary()
        try library.work.write("secret.txt", text: "secret")
        let outside = try TemporaryDirectory("outside")
        try outside.write("leak.txt", text: "leak")
        try await library.app().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { _ in }  // the site exists from here on
            try FileManager.default.createSymbolicLink(atPath: library.siteFolder.path + "/link.txt", withDestinationPath: outside.path + "/leak.txt")
            try FileManager.default.createSymbolicLink(atPath: library.siteFolder.path + "/linkdir", withDestinationPath: outside.path)
            for uri in ["/../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt", "/%2E%2E%2Fsecret.txt", "//etc/passwd",
                        "/thumbs/../../secret.txt", "/index.html%00.jpg", "/link.txt", "/linkdir/leak.txt", "/thumbs",
                        "/thumbs/", "/.gallery-export.json", "/..\\secret.txt"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .notFound, "\(uri)")
                    #expect(!String(buffer: response.body).contains("secret") && !String(buffer: response.body).contains("leak"), "\(uri)")
                }
            }
        }
    }
}

@Suite("gallery serve over real HTTP on 127.0.0.1")
struct LiveServerTests {
    /// GET `path` over the server's own socket with URLSession, with a deadline for a starved
    /// machine (the test client's fixed 20 s read timeout is not what these tests are about:
    /// a first page is rendered when asked for, and a layout may wait for an import's lock).
    static func get(_ path: String, from client: some TestClientProtocol) async throws -> (status: Int, body: Data) {
        let base = try #require(client.port.flatMap { URL(string: "http://127.0.0.1:\($0)/") })
        var request = URLRequest(url: try #require(URL(string: path, relativeTo: base)))
        request.timeoutInterval = 300
        let (body, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, body)
    }

    @Test("port 0, real sockets: health, API, a page")
    func live() async throws {
        let library = try ServedLibrary()
        try await library.app().test(.live) { client in
            #expect(try await Self.get("healthz", from: client).status == 200)
            let layout = try await Self.get("api/layout?width=1024&rect=0,0,1024,600", from: client)
            #expect(layout.status == 200)
            let object = try JSONSerialization.jsonObject(with: layout.body) as? [String: Any]
            #expect(object?["columns"] as? Int == 4)
            #expect(try await Self.get("/", from: client).status == 200)
        }
    }

    @Test("requests while an import writes: no errors, each answer whole (old state or new)")
    func concurrentImport() async throws {
        let library = try ServedLibrary(photos: 40)
        let importer = Task.detached {
            // Add and remove photos repeatedly, through the real importer (WAL writer).
            for round in 0 ..< 6 {
                for i in 0 ..< 10 {
                    if round % 2 == 0 {
                        try library.work.write(String(format: "photos/new%02ld.jpg", i), TestImages.jpeg(width: 70, height: 70, seed: UInt8(i)))
                    } else {
                        try library.work.remove(String(format: "photos/new%02ld.jpg", i))
                    }
                }
                _ = try Importer(database: library.database, folder: library.work.path + "/photos").run()
            }
        }
        let counts = Mutex<Set<Int>>([])
        try await library.app().test(.live) { client in
            // A layout asked for while imports commit may wait for their write lock (`get`).
            func get(_ path: String) async throws -> (status: Int, body: Data) { try await Self.get(path, from: client) }
            for _ in 0 ..< 60 {
                let layout = try await get("api/layout?width=1024")
                #expect(layout.status == 200, "\(String(decoding: layout.body, as: UTF8.self))")
                let object = try JSONSerialization.jsonObject(with: layout.body) as? [String: Any]
                let items = object?["items"] as? [[String: Any]] ?? []
                // Whole: indices run 0..<n with no gap or repeat.
                #expect(items.map { $0["index"] as? Int } == Array(0 ..< items.count).map { Optional($0) })
                counts.withLock { _ = $0.insert(items.count) }
                #expect(try await get("api/photos").status == 200)
            }
        }
        try await importer.value
        // Only states an import committed are ever seen: 40 or 50 photos.
        #expect(counts.withLock { $0 }.isSubset(of: [40, 50]))
    }
}
