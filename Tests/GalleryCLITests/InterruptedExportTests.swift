import Foundation
import GalleryTestSupport
import Testing

@Suite("Export survives SIGKILL: a plain rerun finishes the site")
struct InterruptedExportTests {
    @Test("killed while writing images, then rerun without --force: every page and image is there")
    func sigkill() throws {
        let work = try TemporaryDirectory("interrupted-export")
        for i in 0 ..< 24 {
            try work.write(String(format: "photos/img-%02ld.jpg", i), TestImages.jpeg(width: 1400 + i * 8, height: 1000, seed: UInt8(i)))
        }
        let imported = try GalleryBinary.run(["import", "photos", "--quiet"], in: work.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        let thumbs = work.url.appending(path: "site/thumbs")
        var interrupted = false
        for round in 0 ..< 2 {
            let (process, _, _) = try GalleryBinary.start(["export", "--out", "site", "--quiet", "--jobs", "1"], in: work.url)
            // Kill once the export has written some images, but not all (24 photos × 2 sizes).
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning, Date() < deadline,
                  ((try? FileManager.default.contentsOfDirectory(atPath: thumbs.path))?.filter { $0.hasSuffix(".webp") }.count ?? 0) < 4 + round * 8 {
                usleep(1_000)
            }
            let wasRunning = process.isRunning
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let written = (try? FileManager.default.contentsOfDirectory(atPath: thumbs.path))?.filter { $0.hasSuffix(".webp") }.count ?? 0
            if wasRunning && written < 48 { interrupted = true }
        }
        #expect(interrupted, "no kill landed inside an export; the test proves nothing")

        let rerun = try GalleryBinary.run(["export", "--out", "site"], in: work.url)
        #expect(rerun.status == 0, "a plain rerun must finish the interrupted export: \(rerun.stderr)")
        let site = work.url.appending(path: "site")
        let page = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        let sources = page.matches(of: #/src="(?<src>thumbs/[^"]+)"/#).map { String($0.output.src) }
        #expect(sources.count == 24)
        for source in sources {
            #expect(FileManager.default.fileExists(atPath: site.appending(path: source).path), "\(source) is missing")
        }
        // The manifest now says the export finished, and lists what it wrote.
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: site.appending(path: ".gallery-export.json"))) as? [String: Any]
        #expect(manifest?["complete"] as? Bool == true)
        #expect((manifest?["files"] as? [String])?.contains("index.html") == true)
        // And a folder that was never an export is still refused.
        try work.write("other/notes.txt", text: "mine")
        let refused = try GalleryBinary.run(["export", "--out", "other"], in: work.url)
        #expect(refused.status != 0)
    }
}
