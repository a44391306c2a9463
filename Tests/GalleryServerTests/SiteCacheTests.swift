import Foundation
import GalleryConfig
import GalleryImport
@testable import GalleryServer
import GalleryStore
import GalleryTestSupport
import Testing

@Suite("The served site makes each file once per library change, however many ask at once")
struct SiteCacheTests {
    @Test("twenty concurrent requests for a page, before and after a change: one rendering each time, and only what was asked for")
    func singleRendering() async throws {
        let library = try ServedLibrary(photos: 6)
        let cache = SiteCache(database: library.database, folder: library.siteFolder)
        func burst(_ name: String) async throws {
            try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0 ..< 20 { group.addTask { try await cache.file(named: name) } }
                for try await found in group { #expect(found) }
            }
        }
        try await burst("index.html")
        #expect(await cache.filesMade == 1)
        #expect(await cache.snapshotsMade == 1)
        // Only the page: no style sheet, data file or image was made for it.
        let made = try FileManager.default.contentsOfDirectory(atPath: library.siteFolder.path)
        #expect(made == ["index.html"], "\(made)")

        // An annotation changes: the next burst makes the page once more, and nothing else does.
        try library.work.write("photos/p00.txt", text: "Renamed\nA new comment.")
        _ = try Importer(database: library.database, folder: library.work.path + "/photos").run()
        try await burst("index.html")
        #expect(await cache.filesMade == 2)
        #expect(await cache.snapshotsMade == 2)
        let page = try String(contentsOf: library.siteFolder.appending(path: "index.html"), encoding: .utf8)
        #expect(page.contains("Renamed"))
        try await burst("index.html")
        #expect(await cache.filesMade == 2)

        // Names the site does not have are not made, wherever they point.
        for name in ["nothing.html", "../index.html", "data/index.chunk-99.js", "data/index.chunk-01.js", "index.page-0.html", ".gallery-export.json"] {
            #expect(try await cache.file(named: name) == false, "\(name)")
        }
    }
}

@Suite("Images made on demand: one encode per photo, however many ask")
struct OnDemandImageTests {
    @Test("ten concurrent requests for one photo's images encode it once; all its sizes appear whole")
    func singleEncode() async throws {
        let library = try ServedLibrary(photos: 3)
        let cache = SiteCache(database: library.database, folder: library.siteFolder)
        #expect(try await cache.file(named: "index.html"))
        let page = try String(contentsOf: library.siteFolder.appending(path: "index.html"), encoding: .utf8)
        let names = page.matches(of: #/srcset="(?<set>[^"]+)"/#).first.map { match in
            match.output.set.split(separator: ",").map { String($0.trimmingCharacters(in: .whitespaces).split(separator: " ")[0]) }
        } ?? []
        #expect(names.count == 2, "\(page.prefix(3000))")
        guard names.count == 2 else { return }
        let fileManager = FileManager.default
        #expect(names.allSatisfy { !fileManager.fileExists(atPath: library.siteFolder.appending(path: $0).path) })
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0 ..< 10 { group.addTask { try await cache.image(named: names[index % names.count]) } }
            for try await made in group { #expect(made) }
        }
        #expect(await cache.imageEncodes == 1)
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: library.siteFolder.appending(path: name)))
            if name.hasSuffix(".webp") {
                // RIFF's size field counts every byte after the first 8.
                let riffSize = bytes.count >= 12 ? Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24 : -1
                #expect(bytes.prefix(4).elementsEqual("RIFF".utf8) && bytes[8 ..< 12].elementsEqual("WEBP".utf8) && riffSize == bytes.count - 8,
                        "\(name) is not a whole WebP")
            } else {
                #expect(bytes.prefix(2) == [0xFF, 0xD8] && bytes.suffix(2) == [0xFF, 0xD9], "\(name) is not a whole JPEG")
            }
        }
        // Nothing but whole files in the folders (atomic writes leave no temporary names).
        for folder in ["thumbs", "large"] {
            let files = try fileManager.contentsOfDirectory(atPath: library.siteFolder.appending(path: folder).path)
            #expect(files.allSatisfy { $0.hasSuffix(folder == "thumbs" ? ".webp" : ".jpg") && !$0.hasPrefix(".") }, "\(files)")
        }
        #expect(try await cache.image(named: "thumbs/0000000000000000-236.webp") == false)
        // The page made before the images shows no placeholder colour; asked for again, it
        // shows the one their encode stored (no library change in between).
        #expect(!page.contains("--bg:"))
        #expect(try await cache.file(named: "index.html"))
        let after = try String(contentsOf: library.siteFolder.appending(path: "index.html"), encoding: .utf8)
        #expect(after.matches(of: #/--bg:#[0-9a-f]{6}/#).count == 1, "the page asked for after the encode shows no colour")
    }

    @Test("an original is copied into the served site when first asked for, byte for byte; refused where the site offers none")
    func originalOnDemand() async throws {
        let library = try ServedLibrary(photos: 2)
        var configuration = GalleryConfiguration()
        configuration.content.downloads = .original
        let cache = SiteCache(database: library.database, folder: library.siteFolder, configuration: configuration)
        #expect(try await cache.file(named: "index.html"))
        let page = try String(contentsOf: library.siteFolder.appending(path: "index.html"), encoding: .utf8)
        let names = page.matches(of: #/data-original="(?<name>originals/[^"]+)"/#).map { String($0.output.name) }
        #expect(names.count == 2, "\(names)")
        let sources = try Set((0 ..< 2).map { try Data(contentsOf: library.work.url.appending(path: String(format: "photos/p%02ld.jpg", $0))) })
        for name in names {
            #expect(try await cache.image(named: name))
            #expect(sources.contains(try Data(contentsOf: library.siteFolder.appending(path: name))), "\(name) is not the original")
        }
        #expect(await cache.imageEncodes == 2)
        // A site without downloads offers no original: the same names are not made.
        let plain = SiteCache(database: library.database, folder: library.work.url.appending(path: "plain-site"))
        for name in names { #expect(try await plain.image(named: name) == false, "\(name)") }
    }
}
