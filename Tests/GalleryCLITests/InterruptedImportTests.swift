import Foundation
import GalleryStore
import GalleryTestSupport
import Testing

@Suite("Import survives SIGKILL at any moment")
struct InterruptedImportTests {
    @Test("killed at many points: integrity holds, and a rerun equals a clean import")
    func sigkill() throws {
        let work = try TemporaryDirectory()
        var rng = SplitMix64(seed: 42)
        for i in 0 ..< 300 {
            let size = 48 + Int(rng.next() % 200)
            try work.write(String(format: "photos/album-%ld/img-%03ld.jpg", i % 4, i), TestImages.jpeg(width: size, height: 40 + Int(rng.next() % 100), orientation: i % 5 == 0 ? 6 : nil, seed: UInt8(i % 256)))
            if i % 7 == 0 { try work.write(String(format: "photos/album-%ld/img-%03ld.txt", i % 4, i), text: "Caption \(i)\nComment \(i)") }
        }

        // The reference: a clean import, timed so the kills can be spread across it.
        let started = Date()
        let clean = try GalleryBinary.run(["import", "photos", "--db", "clean.db", "--quiet", "--jobs", "1"], in: work.url)
        let duration = Date().timeIntervalSince(started)
        #expect(clean.status == 0, "\(clean.stderr)")
        let expected = try GalleryDatabase(path: work.path + "/clean.db").photos()
        #expect(expected.count == 300)

        var partial = 0
        for (round, fraction) in [0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95].enumerated() {
            let db = "killed-\(round).db"
            // Two kills in a row, then a full rerun.
            for attempt in 0 ..< 2 {
                let (process, _, _) = try GalleryBinary.start(["import", "photos", "--db", db, "--quiet", "--jobs", "1"], in: work.url)
                usleep(useconds_t(duration * (attempt == 0 ? fraction : fraction / 2) * 1_000_000))
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                guard FileManager.default.fileExists(atPath: work.path + "/" + db) else { continue }
                let database = try GalleryDatabase(path: work.path + "/" + db)
                #expect(try database.integrityCheck() == "ok")
                let count = try database.photos().count
                if count > 0 && count < 300 { partial += 1 }
            }
            let rerun = try GalleryBinary.run(["import", "photos", "--db", db, "--quiet"], in: work.url)
            #expect(rerun.status == 0, "\(rerun.stderr)")
            let converged = try GalleryDatabase(path: work.path + "/" + db)
            #expect(try converged.integrityCheck() == "ok")
            #expect(try converged.photos() == expected, "round \(round) did not converge")
        }
        // The kills must actually have landed inside imports, or this test proves nothing.
        #expect(partial > 0, "no kill interrupted an import halfway (clean import took \(duration) s)")
    }
}
