import Foundation
@testable import GalleryHTML
import GalleryTestSupport
import Imaging
import Testing

/// Videos in a folder of photos: imported with their displayed size and length, and drawn as
/// cells like photos' (placed by the same engine), marked as videos with their length.
@Suite("Videos among the photos: imported, laid out and marked on their cells")
struct VideoCellTests {
    @Test("lengths are written as players write them")
    func durationText() {
        #expect(HTML.durationText(0.4) == "0:00" && HTML.durationText(1.5) == "0:02" && HTML.durationText(42) == "0:42")
        #expect(HTML.durationText(725) == "12:05" && HTML.durationText(3729) == "1:02:09" && HTML.durationText(-3) == "0:00")
    }

    @Test("a phone's upright clip is a portrait cell with data-kind, data-duration and its badge; the script makes the same cell")
    func videoCell() throws {
        let work = try TemporaryDirectory("video-cells")
        try work.write("photos/a.jpg", TestImages.jpeg(width: 90, height: 60, seed: 1))
        try TestVideos.make(work.path + "/photos/b-clip.mp4", width: 320, height: 240, seconds: 1.5, rotate: 90)
        try work.write("photos/c.jpg", TestImages.jpeg(width: 60, height: 90, seed: 2))
        try work.write("photos/annotations.json", text: #"[{"photo": "b-clip.mp4", "caption": "Waves", "comment": "Filmed upright."}]"#)
        let built = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(!built.stderr.contains("b-clip.mp4"), "the clip was skipped: \(built.stderr)")

        // The library: the video's displayed size is turned, its length and kind are there.
        let listed = try GalleryBinary.run(["photos", "--json"], in: work.url)
        let photos = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let video = try #require(photos.first { $0["path"] as? String == "b-clip.mp4" }, "\(listed.stdout)")
        #expect(video["kind"] as? String == "video" && video["format"] as? String == "mp4")
        #expect(video["displayWidth"] as? Int == 240 && video["displayHeight"] as? Int == 320 && video["orientation"] as? Int == 6)
        #expect(abs((video["duration"] as? Double ?? 0) - 1.5) < 0.1, "\(video)")
        let photo = try #require(photos.first { $0["path"] as? String == "a.jpg" })
        #expect(photo["kind"] as? String == "photo" && photo["duration"] is NSNull)

        // The page: its cell, placed by the engine at the video's shape, marked and timed.
        let site = work.url.appending(path: "site")
        let page = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        let id = try #require(video["id"] as? Int)
        let cell = try #require(page.firstMatch(of: try Regex("<div class=\"cell\" id=\"photo-\(id)\"[^>]*>.*?</div></(a|div)></div>")).map { String(page[$0.range]) })
        #expect(cell.contains(" data-kind=\"video\"") && cell.contains(" data-duration=\"1.5"), "\(cell)")
        #expect(cell.contains("--ar:0.75"), "\(cell)")
        #expect(cell.contains("<span class=\"media-badge\" aria-hidden=\"true\">0:02</span>"), "\(cell)")
        #expect(!cell.contains("Photo unavailable"), "\(cell)")
        // Its poster, upright and square-pixelled: the grid images at the clip's 3:4.
        let thumb = try #require(cell.firstMatch(of: #/src="(?<src>thumbs/[0-9a-f]{16}-236\.webp)"/#).map { String($0.output.src) }, "\(cell)")
        let poster = try PhotoProbe.probe(path: site.appending(path: thumb).path)
        #expect(poster.width == 236 && poster.height == 315, "\(poster.width)×\(poster.height)")
        #expect(cell.contains("href=\"large/"), "a video with a poster opens in the lightbox: \(cell)")
        #expect(page.contains("data-photo-id=\"\(photo["id"] as? Int ?? 0)\" data-index=\"0\" role=\"listitem\" aria-posinset=\"1\" data-kind=\"photo\""), "the page's cells: their size of list is the script's")

        // The script's cell for the same data (gallery-3-album.js galleryMakeCell) is the same.
        let chunk = try String(contentsOf: site.appending(path: try AlbumIndexFile(site: site).chunkFile(0)), encoding: .utf8)
        let index = try String(contentsOf: site.appending(path: "data/index.index.js"), encoding: .utf8)
        let columns = try String(contentsOf: site.appending(path: "data/index.columns.js"), encoding: .utf8)
        // Placed as the page places it: from its group's shapes.
        let shapes = try String(contentsOf: site.appending(path: try #require(try AlbumIndexFile(site: site).shapes.first)), encoding: .utf8)
        func payload(_ script: String) -> String {
            String(script.drop { $0 != "(" }.dropFirst().reversed().drop { $0 != ")" }.dropFirst().reversed())
        }
        #expect(payload(chunk).contains(#"data-kind=\"video\""#), "\(chunk.prefix(300))")
        let probe = try EngineExportTests.probe("index.html", in: site, script: """
            const describe = (element) => {
              const attributes = [...element.attributes].filter(a => a.name !== 'loading' && a.name !== 'style').map(a => a.name + '=' + a.value);
              for (let i = 0; i < element.style.length; i++) attributes.push('style:' + element.style[i] + '=' + element.style.getPropertyValue(element.style[i]).trim());
              return { tag: element.tagName, attributes: attributes.sort(), text: element.children.length ? null : element.textContent,
                       children: [...element.childNodes].filter(n => n.nodeType === 1 || n.textContent).map(n => n.nodeType === 1 ? describe(n) : { text: n.textContent }) };
            };
            window.addEventListener('load', async () => {
              // The page's cells once the index is in: the script gives them the size of their list.
              await galleryDrawn(document.querySelector('.grid'));
              const chunk = \(payload(chunk)), index = { ...\(payload(index)), starts: galleryColumnStarts(\(payload(columns))) }, shapes = \(payload(shapes));
              const position = chunk.cells.findIndex((c) => c.id === \(id));
              const written = document.getElementById('photo-\(id)');
              const made = galleryMakeCell(chunk.cells[position], Number(written.dataset.index), { ...index, count: 3, sizes: document.querySelector('.grid img').sizes },
                                          galleryPlaceGroup(index, 0, shapes)[position]);
              const badge = written.querySelector('.media-badge').getBoundingClientRect(), picture = written.querySelector('.photo').getBoundingClientRect();
              galleryTestReport({ written: JSON.stringify(describe(written)), made: JSON.stringify(describe(made)),
                                  badgeInside: badge.left >= picture.left && badge.right <= picture.right && badge.top >= picture.top && badge.bottom <= picture.bottom });
            });
            """)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        struct Result: Decodable { var written: String; var made: String; var badgeInside: Bool }
        let result = try JSONDecoder().decode(Result.self, from: BrowserEngine.chromium.open(probe, in: site, width: 390, height: 844))
        #expect(result.written == result.made, "written \(result.written)\nmade    \(result.made)")
        #expect(result.badgeInside, "the badge is not over the video's picture")
    }

    @Test("a clip whose header reads but whose frames are gone: imported, a neutral cell with its badge, one line, the rest made")
    func damagedClip() throws {
        let work = try TemporaryDirectory("video-damaged")
        try work.write("photos/a.jpg", TestImages.jpeg(width: 90, height: 60, seed: 1))
        // The index first (faststart), so the header is whole; the frames cut away.
        try TestVideos.make(work.path + "/whole.mp4", seconds: 2, audio: false, extra: ["-movflags", "+faststart"])
        try TestVideos.cutCopy(of: work.path + "/whole.mp4", to: work.path + "/photos/b-cut.mp4", bytes: 2_000)
        let built = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        let output = built.stdout + built.stderr
        #expect(output.contains("b-cut.mp4") && output.contains("poster"), "\(output)")
        #expect(output.contains("2 photos") && output.contains("1 failed"), "\(output)")
        let page = try String(contentsOf: work.url.appending(path: "site/index.html"), encoding: .utf8)
        let cell = try #require(page.firstMatch(of: #/<div class="cell"[^>]*data-kind="video"[^>]*>.*?</div></div></div>/#).map { String(page[$0.range]) })
        #expect(cell.contains("class=\"photo placeholder\"") && cell.contains("class=\"media-badge\""), "\(cell)")
        // Nothing of it decodes: there is nothing to play either, and no file is named.
        #expect(!cell.contains("data-video"), "\(cell)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: work.path + "/site/videos")) ?? []).isEmpty)
        #expect(page.contains("<img class=\"photo\""), "the photo beside it lost its image")
    }
}
