import Foundation
import GalleryImport
@testable import GalleryServer
import GalleryStore
import GalleryTestSupport
import Testing

@Suite("The served site is exported once per library change, however many ask at once")
struct SiteCacheTests {
    @Test("twenty concurrent requests, before and after a change: one export each time, and a whole site")
    func singleExport() async throws {
        let library = try ServedLibrary(photos: 6)
        let cache = SiteCache(database: library.database, folder: library.siteFolder)
        func burst() async throws {
            try await withThrowingTaskGroup(of: URL.self) { group in
                for _ in 0 ..< 20 { group.addTask { try await cache.current() } }
                for try await folder in group { #expect(folder == library.siteFolder) }
            }
        }
        try await burst()
        #expect(await cache.exportsStarted == 1)
        #expect(FileManager.default.fileExists(atPath: library.siteFolder.appending(path: "index.html").path))

        // An annotation changes: the next burst exports once more, and nothing else does.
        try library.work.write("photos/p00.txt", text: "Renamed\nA new comment.")
        _ = try Importer(database: library.database, folder: library.work.path + "/photos").run()
        try await burst()
        #expect(await cache.exportsStarted == 2)
        let page = try String(contentsOf: library.siteFolder.appending(path: "index.html"), encoding: .utf8)
        #expect(page.contains("Renamed"))
        try await burst()
        #expect(await cache.exportsStarted == 2)
    }
}

@Suite("Images made on demand: one encode per photo, however many ask")
struct OnDemandImageTests {
    @Test("ten concurrent requests for one photo's images encode it once; all its sizes appear whole")
    func singleEncode() async throws {
        let library = try ServedLibrary(photos: 3)
        let cache = SiteCache(database: library.database, folder: library.siteFolder)
        _ = try await cache.current()
        let page = try String(contentsOf: library.siteFolder.appending(path: "index.html"), encoding: .utf8)
        let names = page.matches(of: #/srcset="(?<set>[^"]+)"/#).first.map { match in
            match.output.set.split(separator: ",").map { String($0.trimmingCharacters(in: .whitespaces).split(separator: " ")[0]) }
        } ?? []
        #expect(names.count == 2)
        let fileManager = FileManager.default
        #expect(names.allSatisfy { !fileManager.fileExists(atPath: library.siteFolder.appending(path: $0).path) })
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0 ..< 10 { group.addTask { try await cache.image(named: names[index % names.count]) } }
            for try await made in group { #expect(made) }
        }
        #expect(await cache.imageEncodes == 1)
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: library.siteFolder.appending(path: name)))
            #expect(bytes.prefix(2) == [0xFF, 0xD8] && bytes.suffix(2) == [0xFF, 0xD9], "\(name) is not a whole JPEG")
        }
        // Nothing but whole files in the folders (atomic writes leave no temporary names).
        for folder in ["thumbs", "large"] {
            let files = try fileManager.contentsOfDirectory(atPath: library.siteFolder.appending(path: folder).path)
            #expect(files.allSatisfy { $0.hasSuffix(".jpg") && !$0.hasPrefix(".") }, "\(files)")
        }
        #expect(try await cache.image(named: "thumbs/0000000000000000-236.jpg") == false)
    }
}
