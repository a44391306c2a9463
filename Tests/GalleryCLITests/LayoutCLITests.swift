import Foundation
import GalleryLayout
import GalleryTestSupport
import Testing

@Suite("gallery layout: JSON, golden file, bad input")
struct LayoutCLITests {
    func library() throws -> TemporaryDirectory {
        let work = try TemporaryDirectory()
        let shapes = [(120, 80, 1), (80, 120, 1), (100, 100, 6), (240, 60, 1), (90, 120, 8), (100, 75, 1), (64, 48, 1)]
        for (i, shape) in shapes.enumerated() {
            try work.write("photos/p\(i).jpg", TestImages.jpeg(width: shape.0, height: shape.1, orientation: shape.2))
        }
        try work.write("photos/annotations.json", text: """
            [{"photo": "p0.jpg", "caption": "Harbour at dusk", "comment": "The ferry had just left. For ten minutes the whole bay turned the colour of the inside of a shell."},
             {"photo": "p1.jpg", "caption": "港の灯り", "comment": "夕方になると港の灯りが一つずつ点いていく。"},
             {"photo": "p2.jpg", "caption": "A caption long enough to need two lines, and then some more to be clamped", "comment": ""},
             {"photo": "p4.jpg", "caption": "", "comment": "كان الماء ساكناً تماماً عند الفجر."},
             {"photo": "p5.jpg", "caption": "Night swim 🌊", "comment": "Short."}]
            """)
        let result = try GalleryBinary.run(["import", "photos", "--quiet"], in: work.url)
        #expect(result.status == 0, "\(result.stderr)")
        return work
    }

    @Test("--viewport WxH: the album page's grid in that window, filling it, every item stacked in its column; shaping options refused")
    func viewport() throws {
        let work = try library()
        struct Layout: Decodable {
            struct Item: Decodable { var id: Int64; var column: Int; var x: Double; var y: Double; var width: Double; var height: Double; var photoHeight: Double }
            var width: Double; var columns: Int; var columnWidth: Double; var contentHeight: Double; var viewportWidth: Double; var band: Int; var items: [Item]
        }
        var bands = Set<Int>()
        for (width, columns) in [(320, 2), (390, 2), (768, 2), (1024, 3), (1920, 7)] {
            let output = try GalleryBinary.run(["layout", "--viewport", "\(width)x800", "--json"], in: work.url)
            #expect(output.status == 0, "\(output.stderr)")
            let layout = try JSONDecoder().decode(Layout.self, from: Data(output.stdout.utf8))
            #expect(layout.columns == columns && layout.viewportWidth == Double(width), "\(width)")
            #expect(layout.width >= 0.95 * Double(width) && layout.width < Double(width), "\(width): grid \(layout.width)")
            #expect(layout.items.count == 7)
            bands.insert(layout.band)
            // Each column's items stacked from the top: 8 px padding above the first, 16 between.
            for column in 0 ..< columns {
                let stacked = layout.items.filter { $0.column == column }.sorted { $0.y < $1.y }
                var bottom = 0.0
                for item in stacked {
                    #expect(abs(item.y - (bottom + 8)) < 1e-6 && abs(item.width - (layout.columnWidth - 16)) < 1e-6, "\(width): \(item)")
                    #expect(abs(item.x - (Double(column) * layout.columnWidth + 8)) < 1e-6)
                    #expect(item.photoHeight > 0 && item.height > item.photoHeight)
                    bottom = item.y + item.height + 8
                }
                #expect(bottom <= layout.contentHeight + 1e-6)
            }
        }
        #expect(bands.count == 5)
        // The same window twice reads the stored layout and prints the same.
        let first = try GalleryBinary.run(["layout", "--viewport", "390x844", "--json"], in: work.url)
        let second = try GalleryBinary.run(["layout", "--viewport", "390x844", "--json"], in: work.url)
        #expect(first.stdout == second.stdout && second.stderr.isEmpty)
        for extra in [["--width", "500"], ["--columns", "3"], ["--padding", "4"]] {
            let refused = try GalleryBinary.run(["layout", "--viewport", "390x844"] + extra, in: work.url)
            #expect(refused.status == 2 && refused.stderr.contains(extra[0]) && refused.stderr.contains("gallery.toml"), "\(extra): \(refused.stderr)")
        }
        let bad = try GalleryBinary.run(["layout", "--viewport", "390"], in: work.url)
        #expect(bad.status == 2 && bad.stderr.contains("--viewport"), "\(bad.stderr)")
    }

    @Test("--json at 800 px matches the golden file (RECORD_SNAPSHOTS=1 re-records it)")
    func golden() throws {
        let work = try library()
        let output = try GalleryBinary.run(["layout", "--width", "800", "--json"], in: work.url)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr == "layout: computed and stored\n")
        let golden = GalleryBinary.packageRoot.appending(path: "Tests/GalleryCLITests/Golden/layout-800.json")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try Data(output.stdout.utf8).write(to: golden)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(output.stdout == expected)
        // The second query reads the store and prints the same.
        let again = try GalleryBinary.run(["layout", "--width", "800", "--json"], in: work.url)
        #expect(again.stdout == expected && again.stderr.hasPrefix("layout: read from the store"))
        // The documented keys.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        for key in ["kind", "width", "columns", "columnWidth", "contentWidth", "contentHeight", "placement", "items"] {
            #expect(object[key] != nil, "\(key)")
        }
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.count == 7)
        for item in items {
            for key in ["id", "index", "column", "x", "y", "width", "height", "photoHeight", "captionHeight", "commentHeight"] {
                #expect(item[key] != nil, "\(key)")
            }
        }
        // --rect keeps the items whose frame intersects it.
        let rect = try GalleryBinary.run(["layout", "--width", "800", "--json", "--rect", "0,0,100,50"], in: work.url)
        let rectItems = (try JSONSerialization.jsonObject(with: Data(rect.stdout.utf8)) as? [String: Any])?["items"] as? [[String: Any]]
        #expect(rectItems?.map { $0["index"] as? Int } == [0])
        // A viewport reaching above and left of the grid, written with its minus signs.
        let above = try GalleryBinary.run(["layout", "--width", "800", "--json", "--rect", "-100,-100,200,150"], in: work.url)
        #expect(above.status == 0, "\(above.stderr)")
        let aboveItems = (try JSONSerialization.jsonObject(with: Data(above.stdout.utf8)) as? [String: Any])?["items"] as? [[String: Any]]
        #expect(aboveItems?.map { $0["index"] as? Int } == [0])
        // The table and the list of stored layouts.
        let table = try GalleryBinary.run(["layout", "--width", "800"], in: work.url)
        #expect(table.stdout.hasPrefix("masonry, 800 px: 3 columns of 252 px"))
        let layouts = try GalleryBinary.run(["layouts", "--json"], in: work.url)
        let list = try JSONSerialization.jsonObject(with: Data(layouts.stdout.utf8)) as? [[String: Any]]
        // Import stored the layouts the site's pages show (masonry in every band of the grid,
        // the justified view in every band of its own); this command added the masonry one at 800 px.
        // None is stale.
        func widths(_ kind: String) -> [Double] { (list ?? []).filter { $0["kind"] as? String == kind }.compactMap { $0["width"] as? Double }.sorted() }
        let fluid = FluidMasonry.standard
        #expect(widths("masonry") == (fluid.bands.map(fluid.layoutWidth) + [800]).sorted(), "\(widths("masonry"))")
        #expect(widths("justified") == FluidJustified.standard.bands.map(\.rowWidth), "\(widths("justified"))")
        #expect(widths("justified").first == 269)  // a 300 px window less its margins and a cell's padding
        #expect(list?.allSatisfy { $0["stale"] as? Bool == false } == true)
    }

    @Test("bad input: exit code 2 and a message that names the problem")
    func badInput() throws {
        let work = try library()
        let cases: [([String], String)] = [
            (["--width", "0"], "--width must be"),
            (["--width=-5"], "--width must be"),
            (["--width", "-5"], "--width must be"),
            (["--width", "800", "--rect", "-10,-10,-1,10"], "--rect needs a width and height of 0 or more"),
            (["--width", "nan"], "--width must be"),
            (["--width", "100001"], "--width must be"),
            (["--width", "800", "--columns", "0"], "--columns must be at least 1"),
            (["--width", "800", "--columns", "60"], "60 columns in 800.0 px leave no room"),
            (["--width", "800", "--rect", "0,0,-1,10"], "--rect needs a width and height of 0 or more"),
            (["--width", "800", "--rect", "0,0,10"], "--rect must be four finite numbers"),
            (["--width", "800", "--placement", "random"], "Please provide one of 'shortest' and 'round-robin'"),
            (["--width", "800", "--album", "nope"], "no album named 'nope'; known albums: 'photos'"),
            (["--width", "800", "--columns", "3", "--gutter", "5"], "--columns cannot be combined"),
        ]
        for (arguments, message) in cases {
            let output = try GalleryBinary.run(["layout"] + arguments, in: work.url)
            #expect(output.status == 2, "\(arguments): \(output.stderr)")
            #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)")
        }
    }
}
