import Foundation
import GalleryTestSupport
import Testing

/// The engine's numbers for an album page's grid (or its justified page) in a window: `gallery
/// layout --album A [--kind justified] --viewport WxH --json`, run on the library the page was
/// made from. Browser tests compare
/// what is drawn with these, never with values the page carries.
struct GridOracle {
    struct Expected: Decodable {
        struct Item: Decodable {
            var id: Int64
            var index: Int
            var column: Int
            var x: Double
            var y: Double
            var width: Double
            var height: Double
            var photoHeight: Double
            var captionHeight: Double
            var commentHeight: Double
        }
        var width: Double
        var columns: Int
        var columnWidth: Double
        var contentHeight: Double
        var band: Int
        var items: [Item]
    }

    /// `gallery layout --kind justified --viewport WxH --json`: the justified page in a window,
    /// relative to the rows' top-left corner (`contentWidth`: the rows' width).
    struct Justified: Decodable {
        struct Item: Decodable { var id: Int64; var index: Int; var x: Double; var y: Double; var width: Double; var height: Double }
        var contentWidth: Double
        var contentHeight: Double
        var items: [Item]
    }

    /// The folder `gallery` ran in (its gallery.db).
    var folder: URL
    /// The album's name; nil for a one-album library.
    var album: String?
    /// More options, as the site was made with them (`--config FILE`, `--db PATH`).
    var arguments: [String] = []

    func expected(width: Int, height: Int) throws -> Expected {
        var command = ["layout", "--viewport", "\(width)x\(height)", "--json"] + arguments
        if let album { command += ["--album", album] }
        let run = try GalleryBinary.run(command, in: folder)
        #expect(run.status == 0, "gallery \(command.joined(separator: " ")): \(run.stderr)")
        return try JSONDecoder().decode(Expected.self, from: Data(run.stdout.utf8))
    }

    func justified(width: Int, height: Int) throws -> Justified {
        var command = ["layout", "--kind", "justified", "--viewport", "\(width)x\(height)", "--json"] + arguments
        if let album { command += ["--album", album] }
        let run = try GalleryBinary.run(command, in: folder)
        #expect(run.status == 0, "gallery \(command.joined(separator: " ")): \(run.stderr)")
        return try JSONDecoder().decode(Justified.self, from: Data(run.stdout.utf8))
    }
}
