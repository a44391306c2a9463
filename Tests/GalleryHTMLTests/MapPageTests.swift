import Foundation
import GalleryTestSupport
import Testing

/// The map page of a site that publishes locations, in every engine: Leaflet from Debian's
/// package with its licence, clusters holding every located photo, a cluster tapped zooms, a
/// photo tapped opens in the lightbox; and a site that publishes none has no map at all.
@Suite("The map: clusters of the photos whose location is published, the lightbox from a tap", .serialized)
struct MapPageTests {
    /// The sample built with --publish-location and tiles of its own (a path in the site: the
    /// test asks nothing of the internet).
    static let work: Result<TemporaryDirectory, any Error> = Result {
        let work = try TemporaryDirectory("map-site")
        try work.write("gallery.toml", text: "[map]\ntiles = \"tiles/{z}/{x}/{y}.png\"\nattribution = \"<b>Test</b> tiles\"\n")
        let built = try GalleryBinary.run(["build", GalleryBinary.packageRoot.appending(path: "sample-data").path, "--out", "site", "--quiet",
                                           "--publish-location", "--config", "gallery.toml"], in: work.url)
        guard built.status == 0 else { throw HeadlessChromium.Failure(description: "gallery build --publish-location failed: \(built.stderr)") }
        return work
    }

    /// The located photos: id → caption.
    static func located(in folder: URL) throws -> [Int64: String] {
        struct Photo: Decodable { var id: Int64; var caption: String; var latitude: Double?; var longitude: Double? }
        let run = try GalleryBinary.run(["photos", "--json"], in: folder)
        return Dictionary(try JSONDecoder().decode([Photo].self, from: Data(run.stdout.utf8)).filter { $0.latitude != nil && $0.longitude != nil }
            .map { ($0.id, $0.caption) }) { a, _ in a }
    }

    @Test("every located photo is in a cluster or a dot; a cluster tapped zooms in; a photo tapped opens in the lightbox",
          arguments: BrowserEngine.allCases)
    func clustersAndLightbox(engine: BrowserEngine) throws {
        let work = try Self.work.get()
        let site = work.url.appending(path: "site")
        let probe = try EngineExportTests.probe("map.html", in: site, script: """
            window.addEventListener('load', async () => {
              try {
                const map = document.querySelector('.map');
                await galleryWaitFor(() => map.dataset.drawn === 'true', 'the map drawn');
                const counted = () => [...map.querySelectorAll('.marker-cluster')].reduce((sum, cluster) => sum + Number(cluster.textContent), 0)
                  + map.querySelectorAll('.map-photo').length;
                const first = { count: Number(map.dataset.count), drawn: counted(), zoom: Number(map.dataset.zoom),
                                attribution: map.querySelector('.leaflet-control-attribution').innerHTML };
                // Clusters tapped in turn until one has zoomed in and a photo's dot shows (a
                // cluster of one place spreads its photos out instead of zooming).
                const zooms = [];
                const state = () => map.dataset.zoom + '|' + [...map.querySelectorAll('.marker-cluster')].map((c) => c.textContent).join(',')
                  + '|' + map.querySelectorAll('.map-photo').length;
                let zoomed = false;
                for (let i = 0; i < 30 && !(zoomed && map.querySelector('.map-photo')); i++) {
                  const clusters = [...map.querySelectorAll('.marker-cluster')];
                  if (clusters.length === 0) break;
                  const before = state(), zoom = map.dataset.zoom;
                  clusters[i % clusters.length].click();
                  await galleryWaitFor(() => state() !== before, 'a zoom or the cluster spread');
                  // Wait for the end of an animation the click started, then note the zoom.
                  await galleryWaitFor(() => !map.querySelector('.leaflet-zoom-anim, .leaflet-cluster-anim'), 'the animation over');
                  if (map.dataset.zoom !== zoom) { zoomed = true; zooms.push(Number(map.dataset.zoom)); }
                }
                const box = document.querySelector('.lightbox');
                map.querySelector('.map-photo').click();
                await galleryWaitFor(() => !box.hidden && box.querySelector('.lightbox-caption').textContent !== '', 'the lightbox');
                galleryTestReport({ ...first, zooms, caption: box.querySelector('.lightbox-caption').textContent,
                                    hash: location.hash, pwned: window.__pwned || null });
              } catch (error) {
                galleryTestReport({ error: String(error) });
              }
            });
            """)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        struct Report: Decodable { var count: Int; var drawn: Int; var zoom: Double; var attribution: String; var zooms: [Double]; var caption: String; var hash: String }
        let report = try JSONDecoder().decode(Report.self, from: engine.open(probe, in: site, width: 390, height: 844))
        let located = try Self.located(in: work.url)
        #expect(report.count == located.count && report.drawn == located.count, "\(engine): \(report.count) points, \(report.drawn) in clusters and dots, \(located.count) located photos")
        #expect(report.zooms.first.map { $0 > report.zoom } == true, "\(engine): a cluster tapped zoomed from \(report.zoom) to \(report.zooms)")
        // The photo opened is a located one, and its address names it.
        let id = Int64(report.hash.replacingOccurrences(of: "#photo-", with: "")) ?? -1
        #expect(located[id] == report.caption, "\(engine): the lightbox shows '\(report.caption)' (\(report.hash))")
        // The configured attribution is text, never markup.
        #expect(report.attribution.contains("&lt;b&gt;Test&lt;/b&gt; tiles"), "\(engine): \(report.attribution)")
    }

    @Test("Leaflet comes from Debian's packages with its licences; pages link the map; an album's link shows its photos only")
    func files() throws {
        let work = try Self.work.get()
        let site = work.url.appending(path: "site")
        for file in ["leaflet/leaflet.js", "leaflet/leaflet.markercluster.js", "leaflet/leaflet.css", "leaflet/LICENSE-leaflet.txt", "leaflet/LICENSE-leaflet.markercluster.txt"] {
            #expect(FileManager.default.fileExists(atPath: site.appending(path: file).path), "\(file) is missing")
        }
        let shipped = try Data(contentsOf: site.appending(path: "leaflet/leaflet.js"))
        #expect(shipped == (try Data(contentsOf: URL(fileURLWithPath: "/usr/share/javascript/leaflet/leaflet.min.js"))), "leaflet.js is not Debian's")
        let index = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        #expect(index.contains("<a class=\"map-link\" href=\"map.html\">"))
        let album = try String(contentsOf: site.appending(path: "album-coast.html"), encoding: .utf8)
        #expect(album.contains("href=\"map.html?album=album-coast\""))
    }

    @Test("a site that publishes no location has no map, no Leaflet, no tiles named anywhere")
    func noLocationNoMap() throws {
        let site = try SampleSite.site
        for file in ["map.html", "data/map.points.js", "leaflet"] {
            #expect(!FileManager.default.fileExists(atPath: site.appending(path: file).path), "\(file) is in a site without locations")
        }
        let files = FileManager.default.enumerator(atPath: site.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".html") || $0.hasSuffix(".js") || $0.hasSuffix(".css") } ?? []
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: site.appending(path: file), encoding: .utf8)
            #expect(!text.contains("tile.openstreetmap") && !text.contains("map.html") && !text.contains("\"location\""), "\(file) names a map, its tiles or a location")
        }
    }
}
