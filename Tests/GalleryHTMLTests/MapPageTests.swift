import Foundation
import GalleryTestSupport
import Testing

/// The map page of a site that publishes locations, in every engine: Leaflet from Debian's
/// package with its licence; the clusters drawn at each zoom are the engine's (`gallery map`,
/// projected by Leaflet), a cluster tapped zooms to where it parts, a group that never parts
/// and a photo tapped open in the lightbox; and a site that publishes none has no map at all.
@Suite("The map: the engine's clusters of the photos whose location is published, the lightbox from a tap", .serialized)
struct MapPageTests {
    /// The sample with six of its highland photos moved a few kilometres apart by exiftool (the
    /// sample's photos are in three spots), built with --publish-location and tiles of its own
    /// (a path in the site: the test asks nothing of the internet); then a photo of an earlier
    /// day added and the last photo's date moved before every other (both without a place), and
    /// built again: every point's document number is now one or two short of its place in
    /// search order (`SearchNumbering`), which the lightbox must find to show the photo tapped.
    static let work: Result<TemporaryDirectory, any Error> = Result {
        let work = try TemporaryDirectory("map-site")
        let photos = work.url.appending(path: "photos")
        try FileManager.default.copyItem(at: GalleryBinary.packageRoot.appending(path: "sample-data"), to: photos)
        for (number, name) in ["01-first-snow", "02-pine-ridge", "03-northern-lights", "04-valley-mist", "05-summit-ridge", "06-loch"].enumerated() {
            let latitude = 57.02 + Double(number) * 0.021, longitude = 3.71 - Double(number % 3) * 0.034
            try TestMetadata.write(["-GPSLatitude=\(latitude)", "-GPSLatitudeRef=N", "-GPSLongitude=\(longitude)", "-GPSLongitudeRef=W"],
                                   to: photos.appending(path: "highlands/\(name).jpg").path)
        }
        try work.write("gallery.toml", text: "[map]\ntiles = \"tiles/{z}/{x}/{y}.png\"\nattribution = \"<b>Test</b> tiles\"\n")
        func build() throws {
            let built = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet", "--publish-location", "--config", "gallery.toml"], in: work.url)
            guard built.status == 0 else { throw HeadlessChromium.Failure(description: "gallery build --publish-location failed: \(built.stderr)") }
        }
        try build()
        let earlier = photos.appending(path: "highlands/00-before-the-snow.jpg").path
        try FileManager.default.copyItem(atPath: photos.appending(path: "highlands/01-first-snow.jpg").path, toPath: earlier)
        try TestMetadata.write(["-AllDates=2024:06:30 10:00:00", "-gps:all="], to: earlier)
        try TestMetadata.write(["-AllDates=2024:06:29 09:00:00", "-gps:all="], to: photos.appending(path: "highlands/15-descent.jpg").path)
        try build()
        let index = try SearchIndexFile(site: work.url.appending(path: "site"))
        guard index.added.count == 2, index.holes.count == 1 else {
            throw HeadlessChromium.Failure(description: "the rebuild numbered the search afresh: added \(index.added), holes \(index.holes)")
        }
        return work
    }

    /// The engine's clusters at every zoom (`gallery map --zoom Z --json`, of `album` only if
    /// given), as JSON text: an array by zoom.
    static func engineClusters(album: String? = nil) throws -> String {
        let work = try Self.work.get()
        let zooms = try (0 ... 18).map { zoom in
            let run = try GalleryBinary.run(["map", "--zoom", String(zoom), "--json", "--config", "gallery.toml"] + (album.map { ["--album", $0] } ?? []), in: work.url)
            guard run.status == 0 else { throw HeadlessChromium.Failure(description: "gallery map --zoom \(zoom): \(run.stderr)") }
            return run.stdout
        }
        return "[" + zooms.joined(separator: ",") + "]"
    }

    /// `compare()`: the markers drawn in the map's box against the engine's clusters
    /// (`engineClusters`) at the zoom shown, projected by Leaflet: each where the engine puts
    /// one of its count (±1 px: Leaflet draws markers at whole pixels), none missing, none more.
    static let compareScript = """
        const compare = () => {
          const map = document.querySelector('.map');
          const zoom = Number(map.dataset.zoom), box = map.getBoundingClientRect();
          const inside = (point) => point.x >= 0 && point.x <= box.width && point.y >= 0 && point.y <= box.height;
          const expected = engineClusters[zoom].clusters.map((cluster) => ({ ...cluster, at: galleryMap.latLngToContainerPoint([cluster.latitude, cluster.longitude]) }))
            .filter((cluster) => inside(cluster.at));
          const drawn = [...map.querySelectorAll('.map-cluster, .map-photo')].map((element) => {
            const rect = element.getBoundingClientRect();
            return { x: rect.left + rect.width / 2 - box.left, y: rect.top + rect.height / 2 - box.top, count: Number(element.dataset.count || 1), element };
          }).filter(inside);
          const problems = [];
          for (const cluster of expected) {
            const match = drawn.findIndex((marker) => Math.abs(marker.x - cluster.at.x) <= 1 && Math.abs(marker.y - cluster.at.y) <= 1 && marker.count === cluster.count);
            if (match < 0) problems.push(`zoom ${zoom}: the engine's ${cluster.count} at ${cluster.at.x.toFixed(1)},${cluster.at.y.toFixed(1)} is not drawn`);
            else cluster.element = drawn.splice(match, 1)[0].element;
          }
          drawn.forEach((marker) => problems.push(`zoom ${zoom}: ${marker.count} drawn at ${marker.x.toFixed(1)},${marker.y.toFixed(1)}, not the engine's`));
          return { zoom, expected, problems };
        };
        """

    /// The located photos: id → caption.
    static func located(in folder: URL) throws -> [Int64: String] {
        struct Photo: Decodable { var id: Int64; var caption: String; var latitude: Double?; var longitude: Double? }
        let run = try GalleryBinary.run(["photos", "--json"], in: folder)
        return Dictionary(try JSONDecoder().decode([Photo].self, from: Data(run.stdout.utf8)).filter { $0.latitude != nil && $0.longitude != nil }
            .map { ($0.id, $0.caption) }) { a, _ in a }
    }

    @Test("the clusters drawn are the engine's at every zoom shown; a cluster tapped zooms to where it parts; a group and a photo open in the lightbox",
          arguments: BrowserEngine.allCases)
    func clustersAndLightbox(engine: BrowserEngine) throws {
        let work = try Self.work.get()
        let site = work.url.appending(path: "site")
        let probe = try EngineExportTests.probe("map.html", in: site, script: """
            const engineClusters = \(try Self.engineClusters());
            \(Self.compareScript)
            // Not `load`: it waits for the map's tiles from the tile server, which a machine
            // without a route to it may leave pending for minutes (WebKit did, twice); the
            // probe waits for the map's own "drawn" instead.
            document.addEventListener('DOMContentLoaded', async () => {
              try {
                const map = document.querySelector('.map');
                await galleryWaitFor(() => map.dataset.drawn === 'true', 'the map drawn');
                const zoomed = async (click) => {
                  const before = map.dataset.zoom;
                  click();
                  await galleryWaitFor(() => map.dataset.zoom !== before && !map.querySelector('.leaflet-zoom-anim'), 'the zoom');
                };
                const box = document.querySelector('.lightbox');
                const lightbox = async (element) => {
                  element.click();
                  await galleryWaitFor(() => !box.hidden && box.querySelector('.lightbox-caption').textContent !== '', 'the lightbox');
                  const shown = { caption: box.querySelector('.lightbox-caption').textContent, id: Number(location.hash.replace('#photo-', '')) };
                  box.querySelector('.lightbox-close').click();
                  await galleryWaitFor(() => box.hidden, 'the lightbox closed');
                  return shown;
                };
                const first = compare();
                const report = { count: Number(map.dataset.count), drawn: first.expected.reduce((sum, cluster) => sum + cluster.count, 0),
                                 attribution: map.querySelector('.leaflet-control-attribution').innerHTML, views: [first], taps: [] };
                // Clusters that part, tapped until a group that never parts and a photo's dot
                // have been drawn; each of those tapped opens in the lightbox.
                for (let i = 0; i < 12; i++) {
                  const view = report.views[report.views.length - 1];
                  const group = view.expected.find((cluster) => cluster.count > 1 && cluster.partingZoom === null && cluster.element);
                  if (group && !report.group) report.group = { photos: group.photos, shown: await lightbox(group.element) };
                  const dot = view.expected.find((cluster) => cluster.count === 1 && cluster.element);
                  if (dot && !report.dot) report.dot = { photo: dot.photos[0], shown: await lightbox(dot.element) };
                  if (report.group && report.dot) break;
                  // The one that parts deepest: it leads to a group as well as dots.
                  const parting = view.expected.filter((cluster) => cluster.partingZoom !== null && cluster.element)
                    .sort((a, b) => b.partingZoom - a.partingZoom)[0];
                  if (!parting) break;
                  await zoomed(() => parting.element.click());
                  report.taps.push({ from: view.zoom, parting: parting.partingZoom, to: Number(map.dataset.zoom) });
                  report.views.push(compare());
                }
                report.views = report.views.map((view) => ({ zoom: view.zoom, clusters: view.expected.length, problems: view.problems }));
                galleryTestReport(report);
              } catch (error) {
                galleryTestReport({ error: String(error) });
              }
            });
            """)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        struct Shown: Decodable { var caption: String; var id: Int64 }
        struct Report: Decodable {
            struct View: Decodable { var zoom: Int; var clusters: Int; var problems: [String] }
            struct Tap: Decodable { var from: Int; var parting: Int; var to: Int }
            struct Group: Decodable { var photos: [Int64]; var shown: Shown }
            struct Dot: Decodable { var photo: Int64; var shown: Shown }
            var count: Int; var drawn: Int; var attribution: String; var views: [View]; var taps: [Tap]; var group: Group?; var dot: Dot?
        }
        let report = try JSONDecoder().decode(Report.self, from: engine.open(probe, in: site, width: 390, height: 844))
        let located = try Self.located(in: work.url)
        #expect(report.count == located.count && report.drawn == located.count, "\(engine): \(report.count) points, \(report.drawn) in the engine's clusters in view, \(located.count) located photos")
        for view in report.views {
            #expect(view.clusters > 0 && view.problems.isEmpty, "\(engine): zoom \(view.zoom), \(view.clusters) clusters: \(view.problems)")
        }
        #expect(!report.taps.isEmpty, "\(engine): no cluster that parts was tapped")
        for tap in report.taps {
            #expect(tap.to > tap.from && tap.to <= tap.parting, "\(engine): a cluster parting at \(tap.parting) tapped at zoom \(tap.from) zoomed to \(tap.to)")
        }
        // The group opens at one of its photos (its first by date); the dot at its photo.
        let group = try #require(report.group, "\(engine): no group that never parts was reached")
        #expect(group.photos.contains(group.shown.id) && located[group.shown.id] == group.shown.caption, "\(engine): the group showed \(group.shown)")
        let dot = try #require(report.dot, "\(engine): no photo's dot was reached")
        #expect(dot.shown.id == dot.photo && located[dot.photo] == dot.shown.caption, "\(engine): the dot of \(dot.photo) showed \(dot.shown)")
        // The configured attribution is text, never markup.
        #expect(report.attribution.contains("&lt;b&gt;Test&lt;/b&gt; tiles"), "\(engine): \(report.attribution)")
    }

    @Test("an album's map (map.html?album=STEM) draws the engine's clusters of that album's photos and says how many")
    func albumMap() throws {
        let work = try Self.work.get()
        let site = work.url.appending(path: "site")
        let probe = try EngineExportTests.probe("map.html", in: site, script: """
            const engineClusters = \(try Self.engineClusters(album: "highlands"));
            \(Self.compareScript)
            // Not `load`: it waits for the map's tiles from the tile server, which a machine
            // without a route to it may leave pending for minutes (WebKit did, twice); the
            // probe waits for the map's own "drawn" instead.
            document.addEventListener('DOMContentLoaded', async () => {
              try {
                const map = document.querySelector('.map');
                await galleryWaitFor(() => map.dataset.drawn === 'true', 'the map drawn');
                const view = compare();
                galleryTestReport({ count: Number(map.dataset.count), drawn: view.expected.reduce((sum, cluster) => sum + cluster.count, 0),
                                    clusters: view.expected.length, problems: view.problems, said: document.querySelector('.map-count').textContent,
                                    current: document.querySelector('.map-albums a[aria-current="page"]').dataset.album });
              } catch (error) {
                galleryTestReport({ error: String(error) });
              }
            });
            """)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        struct Report: Decodable { var count: Int; var drawn: Int; var clusters: Int; var problems: [String]; var said: String; var current: String }
        let report = try JSONDecoder().decode(Report.self, from: BrowserEngine.chromium.open(probe + "?album=album-highlands", in: site, width: 390, height: 844))
        struct Photo: Decodable { var album: String; var latitude: Double?; var longitude: Double? }
        let photos = try JSONDecoder().decode([Photo].self, from: Data(try GalleryBinary.run(["photos", "--json"], in: work.url).stdout.utf8))
        let highlands = photos.filter { $0.album == "highlands" && $0.latitude != nil && $0.longitude != nil }.count
        #expect(highlands > 0 && highlands < photos.filter { $0.latitude != nil }.count)
        #expect(report.count == highlands && report.drawn == highlands, "\(report.count) points, \(report.drawn) drawn, \(highlands) located highland photos")
        #expect(report.clusters > 0 && report.problems.isEmpty, "\(report.problems)")
        #expect(report.said == "\(highlands) photos" && report.current == "album-highlands", "the header says '\(report.said)', \(report.current) current")
    }

    @Test("Leaflet comes from Debian's packages with its licences; pages link the map; an album's link shows its photos only")
    func files() throws {
        let work = try Self.work.get()
        let site = work.url.appending(path: "site")
        for file in ["leaflet/leaflet.js", "leaflet/leaflet.css", "leaflet/LICENSE-leaflet.txt", "data/map.points.js", "data/map.points-album-coast.js"] {
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
        let files = try SampleSite.exportedFiles(endingWith: [".html", ".js", ".css"])
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: site.appending(path: file), encoding: .utf8)
            #expect(!text.contains("tile.openstreetmap") && !text.contains("map.html") && !text.contains("\"location\""), "\(file) names a map, its tiles or a location")
        }
    }
}
