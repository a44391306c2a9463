import Foundation
import GalleryTestSupport
import Testing

/// The date scrubber on the large album (its photos taken over ten years, or twenty at 100,000), in every engine
/// on a phone: the years along the edge, keys that move a year or a month, a drag, a tap on a
/// year; each lands where the engine put that month's first photo and draws what is there as
/// the engine says. Small albums have none.
@Suite("The date scrubber: years and months along the edge, by thumb and by keyboard", .serialized)
struct ScrubberTests {
    struct Report: Decodable {
        struct Step: Decodable {
            var at: String
            var month: Int?
            var text: String?
            var bubble: String?
            var fraction: Double?
            /// The year label tapped.
            var tapped: String?
        }
        /// A year's label on the rail: its text, its month and where it is on the rail (px).
        struct Year: Decodable { var text: String; var month: Int; var top: Double }
        var years: [Year]
        /// The rail's track length (px) and the window's height.
        var track: Double?
        var viewHeight: Double?
        var steps: [Step]
        var walked: [LargeAlbum.Step]
    }

    /// The month `keysThenYear`'s keys lead to from the album's first: Page Down seven times (the
    /// next year's first month), then ↓ three times (a month each), as the rail's keys are
    /// documented (README), on the album's months as `gallery photos` lists them: not April 2013
    /// of the tests' album alone, so that a library given by hand (GALLERY_LARGE_LIBRARY) is held
    /// to the same rule.
    static func keysLanding(_ months: [(month: String, index: Int, id: Int64)]) -> String {
        var m = 0
        for _ in 0 ..< 7 {
            let year = months[m].month.prefix(4)
            while m < months.count - 1 && months[m].month.prefix(4) == year { m += 1 }
        }
        return months[min(months.count - 1, m + 3)].month
    }

    /// The album's months in order: each one's first photo (id) and index.
    static func months() throws -> [(month: String, index: Int, id: Int64)] {
        let work = try LargeAlbum.work.get()
        struct Photo: Decodable { var id: Int64; var takenAt: String? }
        let photos = try GalleryBinary.run(["photos", "--db", work.database, "--album", "big", "--json"], in: work.folder)
        var months: [(month: String, index: Int, id: Int64)] = []
        for (index, photo) in try JSONDecoder().decode([Photo].self, from: Data(photos.stdout.utf8)).enumerated() {
            guard let taken = photo.takenAt else { continue }
            let month = String(taken.prefix(7))
            if months.last?.month != month { months.append((month, index, photo.id)) }
        }
        return months
    }

    /// The page side of both tests, once the scrubber shows: `rail`; `note(at)` records the
    /// month said and what is drawn (LargeAlbum's `report()`); `key(name)`; `pointer(target,
    /// type, y)`, a touch on the rail; `tapYear(label)`; `keysThenYear()` the keys' steps (seven
    /// years and three months on) and a tap on the middle year shown (`tapped`).
    static let railScript = """
        const railSteps = [], railWalked = [];
        let rail = null, tapped = null;
        const note = (at, extra = {}) => {
          railSteps.push({ at, month: Number(rail.getAttribute('aria-valuenow')), text: rail.getAttribute('aria-valuetext'), ...extra });
          railWalked.push({ at, ...report() });
        };
        const key = (name) => rail.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
        const pointer = (target, type, y) => target.dispatchEvent(new PointerEvent(type, {
          pointerId: 7, pointerType: 'touch', isPrimary: true, clientX: rail.getBoundingClientRect().left + 20, clientY: y, button: 0,
          buttons: type === 'pointerup' ? 0 : 1, bubbles: true, cancelable: true }));
        const tapYear = async (label) => {
          tapped = label.textContent;
          const middle = label.getBoundingClientRect().top + label.getBoundingClientRect().height / 2;
          pointer(label, 'pointerdown', middle);
          pointer(rail, 'pointerup', middle);
          await settle();
        };
        const railReady = async () => {
          await galleryFontsReady();
          await settle();
          rail = await galleryWaitFor(() => document.querySelector('.scrubber:not([hidden])'), 'the scrubber');
          rail.focus();
        };
        const keysThenYear = async () => {
          for (let i = 0; i < 7; i++) key('PageDown');
          for (let i = 0; i < 3; i++) key('ArrowDown');
          await settle();
          note('keys');
          const labels = [...rail.querySelectorAll('.scrubber-year')];
          await tapYear(labels[labels.length >> 1]);
          note('year', { tapped });
        };
        """

    /// The years on the rail: each album year's label where the engine puts its first month's
    /// first photo (its top over the grid's scroll, along the track 22 px in from each end),
    /// one left out only when closer than 18 px to the label above it.
    static func checkYears(_ report: Report, tops: [Int64: Double], months: [(month: String, index: Int, id: Int64)], label: String) throws {
        let track = try #require(report.track, "\(label): no track"), viewHeight = try #require(report.viewHeight)
        let content = try #require(report.walked.first?.gridHeight)
        var expected: [Report.Year] = [], last = -Double.infinity
        for (m, month) in months.enumerated() where m == 0 || months[m - 1].month.prefix(4) != month.month.prefix(4) {
            let top = try #require(tops[month.id], "\(label): \(month.month)'s first photo not in the layout")
            let at = 22 + min(1, top / max(1, content - viewHeight)) * track
            if at - last < 18 { continue }
            last = at
            expected.append(.init(text: String(month.month.prefix(4)), month: m, top: at))
        }
        // The first year always; at 1,200 photos (eleven years, none much fuller) every year, at
        // 100,000 (a library growing year by year: 2025 holds four fifths) the early years share 18 px.
        let years = Set(months.map { $0.month.prefix(4) })
        #expect(expected.first?.text == months.first.map { String($0.month.prefix(4)) } && expected.count >= 2,
                "\(label): the album's years shown \(expected.map(\.text))")
        if LargeAlbum.given == nil { #expect(expected.count == years.count, "\(label): \(expected.map(\.text)), \(years.count) years in the album") }
        #expect(report.years.map(\.text) == expected.map(\.text) && report.years.map(\.month) == expected.map(\.month),
                "\(label): the rail shows \(report.years.map(\.text)), the engine's years \(expected.map(\.text))")
        for (shown, wanted) in zip(report.years, expected) {
            #expect(abs(shown.top - wanted.top) <= 1, "\(label): \(shown.text) at \(shown.top) px on the rail, the engine's \(wanted.top)")
        }
    }

    /// The keys' step lands where its keys lead (`keysLanding`: April 2013 in the 1,200-photo
    /// album) and the tap on the first month of the year tapped: the month said, the window's top
    /// 8 px above the month's first photo where the engine put it (`tops`: photo id → y), that
    /// photo drawn.
    static func checkLandings(_ report: Report, tops: [Int64: Double], months: [(month: String, index: Int, id: Int64)], label: String) throws {
        let byStep = Dictionary(zip(report.steps.map(\.at), zip(report.steps, report.walked)).map { ($0, $1) }) { a, _ in a }
        let tapped = try #require(byStep["year"]?.0.tapped, "\(label): no year tapped")
        for (step, expected) in [("keys", Self.keysLanding(months)), ("year", months.first { $0.month.hasPrefix(tapped + "-") }?.month ?? "\(tapped): not a year of the album")] {
            let (said, walked) = try #require(byStep[step], "\(label): no step \(step)")
            let month = try #require(months.firstIndex { $0.month == expected })
            #expect(said.month == month, "\(label) \(step): month \(said.month ?? -1) (\(said.text ?? "")), expected \(month) (\(expected))")
            let top = try #require(tops[months[month].id])
            #expect(abs(walked.viewTop - (top - 8)) <= 1, "\(label) \(step): the window's top at \(walked.viewTop), the month's first photo at \(top)")
            #expect(walked.cells.contains { $0.id == months[month].id }, "\(label) \(step): the month's first photo is not drawn")
        }
    }

    /// Photo id → its top, as `gallery layout --viewport 390x844` (and `arguments`) places it.
    static func tops(_ arguments: [String] = []) throws -> [Int64: Double] {
        let work = try LargeAlbum.work.get()
        let layout = try GalleryBinary.run(["layout", "--db", work.database, "--album", "big"] + arguments + ["--viewport", "390x844", "--json"], in: work.folder)
        return Dictionary(try JSONDecoder().decode(LargeAlbum.Layout.self, from: Data(layout.stdout.utf8)).items.map { ($0.id, $0.y) }) { a, _ in a }
    }

    @Test("keys, a drag and a tap on a year land on the month's first photo where the engine put it", arguments: BrowserEngine.allCases)
    func scrub(engine: BrowserEngine) throws {
        let site = try LargeAlbum.work.get().site
        let script = LargeAlbum.reportScript(container: ".grid", item: ".cell") + Self.railScript + """
            window.addEventListener('load', async () => {
              try {
                await railReady();
                // Each label's centre on the rail, as drawn.
                const railTop = rail.getBoundingClientRect().top;
                const years = [...rail.querySelectorAll('.scrubber-year')].map((label) => {
                  const r = label.getBoundingClientRect();
                  return { text: label.textContent, month: Number(label.dataset.month), top: r.top + r.height / 2 - railTop };
                });
                const track = rail.getBoundingClientRect().height - 44;
                await keysThenYear();
                key('End');
                await settle();
                note('end');
                // A finger down near the top of the rail, dragged to three quarters of it.
                const box = rail.getBoundingClientRect();
                const along = (fraction) => box.top + 22 + fraction * (box.height - 44);
                pointer(rail, 'pointerdown', along(0.1));
                pointer(rail, 'pointermove', along(0.5));
                pointer(rail, 'pointermove', along(0.75));
                const bubble = rail.querySelector('.scrubber-bubble');
                const shown = bubble.hidden ? null : bubble.textContent;
                pointer(rail, 'pointerup', along(0.75));
                await settle();
                const grid = document.querySelector('.grid').getBoundingClientRect();
                note('drag', { bubble: shown, fraction: -grid.top / (grid.height - innerHeight) });
                galleryTestReport({ years, track, viewHeight: innerHeight, steps: railSteps, walked: railWalked });
              } catch (error) {
                galleryTestReport({ error: String(error) });
              }
            });
            """
        let probe = try LargeAlbum.probe(script: script)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let report = try JSONDecoder().decode(Report.self, from: engine.open(probe, in: site, width: 390, height: 844))
        let months = try Self.months()
        let tops = try Self.tops()
        try Self.checkYears(report, tops: tops, months: months, label: "\(engine)")
        try LargeAlbum.check(report.walked, label: "\(engine) scrubber", justified: false)
        try Self.checkLandings(report, tops: tops, months: months, label: "\(engine)")
        let byStep = Dictionary(zip(report.steps.map(\.at), zip(report.steps, report.walked)).map { ($0, $1) }) { a, _ in a }
        #expect(byStep["end"]?.0.month == months.count - 1, "\(engine): End")
        let drag = try #require(byStep["drag"])
        #expect(abs((drag.0.fraction ?? 0) - 0.75) <= 0.01, "\(engine): dragged to 0.75 of the rail, the grid at \(drag.0.fraction ?? 0)")
        // The month shown is the one begun at the line 8 px below the window's top.
        let line = drag.1.viewTop + 8 + 1
        let shown = try #require(months.lastIndex { (tops[$0.id] ?? .infinity) <= line })
        #expect(drag.0.month == shown, "\(engine): the drag shows month \(drag.0.month ?? -1), the engine's is \(shown) (\(months[shown].month))")
        #expect(drag.0.bubble != nil && drag.0.bubble == drag.0.text, "\(engine): the bubble said \(drag.0.bubble ?? "nothing") for \(drag.0.text ?? "")")
    }

    @Test("on the justified page, keys and a tap on a year land on the month's first photo where the engine's rows put it", arguments: BrowserEngine.allCases)
    func scrubRows(engine: BrowserEngine) throws {
        let site = try LargeAlbum.work.get().site
        let script = LargeAlbum.reportScript(container: ".justified", item: ".justified-item") + Self.railScript + """
            window.addEventListener('load', async () => {
              try {
                await railReady();
                await keysThenYear();
                galleryTestReport({ years: [], steps: railSteps, walked: railWalked });
              } catch (error) {
                galleryTestReport({ error: String(error) });
              }
            });
            """
        let probe = try LargeAlbum.probe(script: script, page: "justified.html")
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let report = try JSONDecoder().decode(Report.self, from: engine.open(probe, in: site, width: 390, height: 844))
        try LargeAlbum.check(report.walked, label: "\(engine) justified scrubber", justified: true)
        try Self.checkLandings(report, tops: try Self.tops(["--kind", "justified"]), months: try Self.months(), label: "\(engine) rows")
    }

    @Test("a grid that fits two screens, or of one month, has no scrubber")
    func onlyWhereItHelps() throws {
        let site = try SampleSite.site
        // The sample's year page has three months: a phone's long grid has the rail, a wide
        // window's short one not; an album of one month never.
        for (page, width, height, shown) in [("year-2024.html", 390, 844, true), ("year-2024.html", 1920, 1080, false), ("album-coast.html", 390, 844, false)] {
            let probe = try EngineExportTests.probe(page, in: site, script: """
                window.addEventListener('load', async () => {
                  const grid = document.querySelector('.grid[data-layout]');
                  // The scrubber is decided once the album's months are in (its data file).
                  const index = await galleryLoad(grid.dataset.layout);
                  const months = await galleryAlbumMonths(index);
                  await galleryWaitFor(() => months.length < 2 || document.querySelector('.scrubber'), 'the scrubber made');
                  const rail = document.querySelector('.scrubber');
                  galleryTestReport({ shown: !!rail && !rail.hidden, months: months.length });
                });
                """)
            defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
            struct Shown: Decodable { var shown: Bool; var months: Int }
            let result = try JSONDecoder().decode(Shown.self, from: BrowserEngine.chromium.open(probe, in: site, width: width, height: height))
            #expect(result.shown == shown, "\(page) at \(width)×\(height) (\(result.months) months): scrubber \(result.shown ? "shown" : "not shown")")
        }
    }
}
