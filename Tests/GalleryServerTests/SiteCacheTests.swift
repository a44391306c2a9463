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
