import Foundation
import GalleryTestSupport
import Testing

@Suite("gallery layout --kind: wheel, circle, carousel, justified")
struct LayoutKindsCLITests {
    func object(_ arguments: [String], in folder: URL) throws -> [String: Any] {
        let output = try GalleryBinary.run(["layout"] + arguments + ["--json"], in: folder)
        #expect(output.status == 0, "\(arguments): \(output.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    }

    @Test("placeholders without a database: the documented keys, wheel visibleRange, carousel focusedIndex")
    func placeholders() throws {
        let work = try TemporaryDirectory()
        let keys = ["index", "x", "y", "width", "height", "centerX", "centerY", "zIndex", "angle", "anchorX", "anchorY", "translateX", "translateY"]
        for (kind, extra) in [("wheel", ["--viewport", "375x667"]), ("circle", ["--viewport", "600x420"]),
                              ("carousel", ["--viewport", "600x400", "--offset=-200"]), ("justified", ["--width", "900"])] {
            let result = try object(["--kind", kind, "--count", "12"] + extra, in: work.url)
            #expect(result["kind"] as? String == kind)
            let items = try #require(result["items"] as? [[String: Any]])
            #expect(!items.isEmpty && items.count <= 12)
            for item in items { for key in keys { #expect(item[key] != nil, "\(kind): \(key)") } }
        }
        let wheel = try object(["--kind", "wheel", "--count", "10", "--viewport", "375x667"], in: work.url)
        #expect(wheel["visibleRange"] as? [Int] == [0, 4])
        let angles = (wheel["items"] as? [[String: Any]])?.compactMap { $0["angle"] as? Double }
        // Drawn: items whose angle is within theta (1.0041): 0 ... 3; visibleRange rounds outwards.
        #expect(angles?.count == 4 && abs((angles?[1] ?? 0) - 0.259979881867593) < 1e-12)
        let carousel = try object(["--kind", "carousel", "--count", "5", "--viewport", "600x400", "--offset=-200"], in: work.url)
        #expect(carousel["focusedIndex"] as? Double == 0)
        // Negative numbers written the usual way, as a separate argument.
        let spaced = try object(["--kind", "carousel", "--count", "5", "--viewport", "600x400", "--offset", "-200"], in: work.url)
        #expect(NSDictionary(dictionary: spaced).isEqual(to: carousel))
        let leftward = try object(["--kind", "wheel", "--count", "10", "--viewport", "375x667", "--target-offset", "-40", "--velocity", "-2"], in: work.url)
        #expect(leftward["proposedOffset"] as? Double == -40 && leftward["velocity"] as? Double == -2)
        // Snapping: the answer is an object with the proposed offset, the velocity and the target.
        let target = try object(["--kind", "wheel", "--count", "10", "--viewport", "375x667", "--target-offset", "300", "--velocity", "1"], in: work.url)
        #expect(target["kind"] as? String == "wheel" && target["proposedOffset"] as? Double == 300 && target["velocity"] as? Double == 1)
        #expect((target["targetOffset"] as? Double ?? 0) >= 300)
        // 0 and 1 items are valid.
        for count in ["0", "1"] {
            for (kind, extra) in [("wheel", ["--viewport", "375x667"]), ("circle", ["--viewport", "300x300"]), ("carousel", ["--viewport", "300x300"])] {
                let result = try object(["--kind", kind, "--count", count] + extra, in: work.url)
                #expect((result["items"] as? [Any])?.count == Int(count), "\(kind) \(count)")
            }
        }
    }

    @Test("the library's photos, by id, when --count is not given")
    func fromLibrary() throws {
        let work = try TemporaryDirectory()
        for i in 0 ..< 4 { try work.write("p/\(i).jpg", TestImages.jpeg(width: 60 + 20 * i, height: 60)) }
        #expect(try GalleryBinary.run(["import", "p", "--quiet"], in: work.url).status == 0)
        let result = try object(["--kind", "justified", "--width", "700"], in: work.url)
        #expect((result["items"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [1, 2, 3, 4])
        // "rows", the view's name in the first gallery.toml files, is still taken for it.
        let aliased = try GalleryBinary.run(["layout", "--kind", "rows", "--width", "700", "--json"], in: work.url)
        let named = try GalleryBinary.run(["layout", "--kind", "justified", "--width", "700", "--json"], in: work.url)
        #expect(aliased.status == 0 && aliased.stdout == named.stdout && aliased.stdout.contains("\"kind\":\"justified\""), "\(aliased.stderr)\(aliased.stdout.prefix(200))")
    }

    @Test("bad input: zero or negative sizes, radius 0, NaN offsets, a missing viewport, rows both drawn and shaped: exit 2")
    func badInput() throws {
        let work = try TemporaryDirectory()
        let cases: [([String], String)] = [
            (["--kind", "wheel", "--count", "3", "--viewport", "0x600"], "--viewport needs a width and height above 0"),
            (["--kind", "wheel", "--count", "3", "--viewport", "375x667", "--radius", "0"], "--radius must be above 0"),
            (["--kind", "carousel", "--count", "3", "--viewport", "375x667", "--offset", "nan"], "--offset must be a finite number"),
            (["--kind", "circle", "--count", "3", "--viewport", "375x667", "--item-size=-5x5"], "--item-size needs a width and height above 0"),
            (["--kind", "wheel", "--count", "3"], "--viewport WxH is required"),
            (["--kind", "spiral", "--count", "3"], "Please provide one of 'masonry', 'justified', 'wheel', 'carousel' or 'circle'"),
            (["--kind", "carousel", "--count", "3", "--viewport", "300x300", "--spacing", "20", "--focused-spacing", "10"], "--focused-spacing must be at least --spacing"),
            (["--kind", "justified", "--count", "3"], "--width (or --viewport WxH, the justified page's) is required"),
            (["--kind", "justified", "--viewport", "390x844", "--width", "300"], "--width cannot change it"),
            (["--kind", "justified", "--viewport", "390x844", "--count", "3"], "--count has no photos to draw"),
            (["--kind", "justified", "--viewport", "390x0"], "--viewport needs a width and height above 0"),
            // Another kind's option is refused, not ignored.
            (["--kind", "wheel", "--count", "3", "--viewport", "375x667", "--columns", "3"], "--columns shapes the masonry layout, not the wheel one"),
            (["--count", "3", "--width", "800", "--row-height", "100"], "--row-height is for --kind justified, not the masonry layout"),
            (["--kind", "circle", "--count", "3", "--viewport", "375x667", "--radius", "20"], "--radius is for --kind wheel, not the circle layout"),
            (["--kind", "justified", "--count", "3", "--width", "300", "--spacing", "4"], "--spacing is for --kind carousel, not the justified layout"),
            (["--kind", "wheel", "--count", "3", "--viewport", "375x667", "--width", "300"], "the wheel layout takes its size from --viewport"),
        ]
        for (arguments, message) in cases {
            let output = try GalleryBinary.run(["layout"] + arguments, in: work.url)
            #expect(output.status == 2, "\(arguments): \(output.stderr)")
            #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)")
        }
    }

    @Test("--help: each kind's options under a heading of its own")
    func helpGroups() throws {
        let work = try TemporaryDirectory()
        let help = try GalleryBinary.run(["layout", "--help"], in: work.url)
        #expect(help.status == 0, "\(help.stderr)")
        let text = help.stdout.lowercased()
        // A heading, then its options before the next heading.
        func section(_ title: String) -> Substring? {
            guard let start = text.range(of: "\n" + title + ":\n") else { return nil }
            let rest = text[start.upperBound...]
            return rest.range(of: "\n\n").map { rest[..<$0.lowerBound] } ?? rest
        }
        let masonry = try #require(section("masonry"), "\(help.stdout)")
        #expect(["--columns", "--column-width", "--gutter", "--min-columns", "--padding", "--placement"].allSatisfy(masonry.contains))
        #expect(try #require(section("justified rows")).contains("--row-height"))
        let views = try #require(section("wheel, circle and carousel"))
        #expect(["--offset", "--item-size", "--radius", "--spacing", "--focused-spacing"].allSatisfy(views.contains))
        #expect(!masonry.contains("--radius") && !views.contains("--columns"))
    }
}
