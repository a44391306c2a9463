import Foundation
import GalleryStore
import GalleryTestSupport
import GRDB
import Testing

@Suite("Import survives SIGKILL at any moment")
struct InterruptedImportTests {
    /// How many photos a running import has committed so far (nil before the table exists).
    /// Read-only, so polling never creates or migrates the file under the importer.
    static func committedPhotos(_ path: String) -> Int? {
        var configuration = Configuration()
        configuration.readonly = true
        guard FileManager.default.fileExists(atPath: path),
              let queue = try? DatabaseQueue(path: path, configuration: configuration)
        else { return nil }
        return try? queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photos") }
    }

    @Test("killed at many points: integrity holds, and a rerun equals a clean import")
    func sigkill() throws {
        let work = try TemporaryDirectory()
        var rng = SplitMix64(seed: 42)
        let total = 300
        for i in 0 ..< total {
            let size = 48 + Int(rng.next() % 200)
            try work.write(String(format: "photos/album-%ld/img-%03ld.jpg", i % 4, i), TestImages.jpeg(width: size, height: 40 + Int(rng.next() % 100), orientation: i % 5 == 0 ? 6 : nil, seed: UInt8(i % 256)))
            if i % 7 == 0 { try work.write(String(format: "photos/album-%ld/img-%03ld.txt", i % 4, i), text: "Caption \(i)\nComment \(i)") }
        }
        let clean = try GalleryBinary.run(["import", "photos", "--db", "clean.db", "--quiet", "--jobs", "1"], in: work.url)
        #expect(clean.status == 0, "\(clean.stderr)")
        let expected = try GalleryDatabase(path: work.path + "/clean.db").photos()
        #expect(expected.count == total)

        // Kill points: right at the start (opening, migrating, scanning), then once the import
        // has committed some batches, so the kill lands between or inside later batches.
        enum KillPoint { case afterMicroseconds(UInt32), afterPhotos(Int) }
        let points: [KillPoint] = [.afterMicroseconds(2_000), .afterMicroseconds(20_000), .afterPhotos(1), .afterPhotos(64), .afterPhotos(128), .afterPhotos(200)]
        var partial = 0
        for (round, point) in points.enumerated() {
            let db = "killed-\(round).db"
            let path = work.path + "/" + db
            for attempt in 0 ..< 2 {
                let (process, _, _) = try GalleryBinary.start(["import", "photos", "--db", db, "--quiet", "--jobs", "1"], in: work.url)
                switch point {
                case .afterMicroseconds(let delay):
                    usleep(delay)
                case .afterPhotos(let count):
                    let deadline = Date().addingTimeInterval(30)
                    while process.isRunning, Date() < deadline, (Self.committedPhotos(path) ?? 0) < count * (attempt + 1) / 2 + 1 {
                        usleep(500)
                    }
                }
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                guard FileManager.default.fileExists(atPath: path) else { continue }
                let database = try GalleryDatabase(path: path)
                #expect(try database.integrityCheck() == "ok")
                let count = try database.photos().count
                if count > 0 && count < total { partial += 1 }
            }
            let rerun = try GalleryBinary.run(["import", "photos", "--db", db, "--quiet"], in: work.url)
            #expect(rerun.status == 0, "\(rerun.stderr)")
            let converged = try GalleryDatabase(path: path)
            #expect(try converged.integrityCheck() == "ok")
            #expect(try converged.photos() == expected, "round \(round) did not converge")
        }
        // The kills must have landed inside imports, or this test proves nothing.
        #expect(partial > 0, "no kill interrupted an import halfway")
    }
}
