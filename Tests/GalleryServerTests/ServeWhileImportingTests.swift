import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GalleryTestSupport
import Synchronization
import Testing

/// `gallery serve` while `gallery import` changes the library under it again and again: every
/// answer is whole and of one state of the library.
// The limit is a guard against a hang, not a speed check: twelve imports beside the whole suite
// on two cores kept busy by stress-ng took over five minutes, and in a slow hour over ten.
@Suite("Serving while the library changes", .serialized, .timeLimit(.minutes(20)))
struct ServeWhileImportingTests {
    /// Writes every photo's caption as "Round R photo I" (and adds or removes ten photos).
    static func round(_ round: Int, library: ServedLibrary, photos: Int) throws {
        for i in 0 ..< photos {
            try library.work.write(String(format: "photos/p%02ld.txt", i), text: "Round \(round) photo \(i)\nA comment of round \(round), long enough to wrap at least once in a column.")
        }
        for i in 0 ..< 10 {
            let name = String(format: "photos/new%02ld.jpg", i)
            if round % 2 == 1 {
                try library.work.write(name, TestImages.jpeg(width: 70 + i * 7, height: 60, seed: UInt8(i + round)))
            } else if FileManager.default.fileExists(atPath: library.work.url.appending(path: name).path) {
                try library.work.remove(name)
            }
        }
    }

    @Test("visitors ask for the page, its data and /api/layout while gallery import runs again and again: no 5xx, no empty cell, no page of two states")
    func visitorsDuringImports() async throws {
        let photos = 16
        let library = try ServedLibrary(photos: photos)
        try Self.round(0, library: library, photos: photos)
        let imported = try GalleryBinary.run(["import", library.work.path + "/photos", "--db", library.database.path, "--quiet"], in: library.work.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        let rounds = 12
        let importsDone = Atomic<Int>(0)
        // Each round begins once a visitor has had a page since the last one, so visits and
        // imports interleave however busy the machine is.
        let (visited, visit) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        // The real binary, a writer in another process, as a person would run it.
        let importer = Task.detached {
            var visits = visited.makeAsyncIterator()
            for round in 1 ... rounds {
                _ = await visits.next()
                try Self.round(round, library: library, photos: photos)
                let run = try GalleryBinary.run(["import", library.work.path + "/photos", "--db", library.database.path, "--quiet"], in: library.work.url)
                #expect(run.status == 0, "\(run.stderr)")
                importsDone.add(1, ordering: .relaxed)
            }
        }
        let answers = Atomic<Int>(0)
        let roundsSeen = Mutex<Set<Int>>([])
        // The real server, over real HTTP, as a visitor's browser asks it. The deadline is for a
        // starved machine (both cores busy, the whole suite beside it): the point is what the
        // answers hold, not how fast they come (`make bench` measures that).
        let server = try await GalleryBinary.serve(["--db", library.database.path, "--port", "0"], in: library.work.url)
        defer {
            server.process.terminate()
            server.process.waitUntilExit(timeout: 30)
        }
        let base = try #require(server.url, "gallery serve did not start: \(server.stderr.text)")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 300
        let session = URLSession(configuration: configuration)
        func get(_ path: String) async throws -> (status: Int, body: String) {
            let url = try #require(URL(string: base.absoluteString + path))  // the path may carry a query
            let (data, response) = try await session.data(from: url)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
        }
        while importsDone.load(ordering: .relaxed) < rounds {
            let (status, page) = try await get("index.html")
            #expect(status == 200, "\(page.prefix(300))")
            // One state: every caption of one round, and as many cells as that state's photos.
            let captions = Set(page.matches(of: #/Round (?<round>\d+) photo \d+/#).compactMap { Int($0.output.round) })
            #expect(captions.count == 1, "a page shows captions of rounds \(captions.sorted()): \(page.suffix(1500))")
            // The first screenful (HTML; the rest is data): its cells in the album's order, from
            // the first, and no more than the album has. The album's count is its data's (below).
            let positions = page.matches(of: #/aria-posinset="(?<n>\d+)"/#).compactMap { Int($0.output.n) }
            #expect(!positions.isEmpty && positions == Array(1 ... positions.count) && positions.count <= photos + 10, "cells at \(positions)")
            // No empty or zero-size cell: each has a shape and its place (in the first band; the
            // others where they differ).
            for cell in page.matches(of: #/<div class="cell" [^>]*style="--ar:(?<ar>[^;"]*)(?<places>[^"]*)"/#) {
                #expect((Double(cell.output.ar) ?? 0) > 0, "a cell of aspect ratio \(cell.output.ar)")
                let places = cell.output.places
                #expect(places.contains(";--c0:") && places.contains(";--t0:") && places.contains(";--y0:"), "a cell placed \(places)")
            }
            if let round = captions.first { roundsSeen.withLock { _ = $0.insert(round) } }
            answers.add(1, ordering: .relaxed)
            visit.yield()
            // A data file the page names exists for its state; the server never fails it.
            let data = try await get("data/index.index.js")
            #expect(data.status == 200 || data.status == 404, "\(data.status)")
            if data.status == 200, let count = data.body.firstMatch(of: #/"count":(?<n>\d+)/#).flatMap({ Int($0.output.n) }) {
                #expect(count == photos || count == photos + 10, "the index of an album of \(count)")
            }
            let (layoutStatus, layout) = try await get("api/layout?width=1024")
            #expect(layoutStatus == 200, "\(layout.prefix(300))")
            let object = try JSONSerialization.jsonObject(with: Data(layout.utf8)) as? [String: Any]
            let items = object?["items"] as? [[String: Any]] ?? []
            #expect(items.count == photos || items.count == photos + 10, "a layout of \(items.count) items")
            #expect(items.allSatisfy { ($0["height"] as? Double ?? 0) > 0 && ($0["width"] as? Double ?? 0) > 0 }, "a zero-size item")
        }
        visit.finish()
        try await importer.value
        // The visitors saw the library change, or the test proved little.
        #expect(answers.load(ordering: .relaxed) > 5)
        #expect(roundsSeen.withLock { $0.count } >= 2, "pages of rounds \(roundsSeen.withLock { $0 }.sorted())")
    }
}
