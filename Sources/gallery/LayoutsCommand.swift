import ArgumentParser
import Foundation
import GalleryJSON
import GalleryStore

struct LayoutsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layouts",
        abstract: "List the layouts stored in the library, and whether each is stale."
    )

    @OptionGroup var library: LibraryOptions

    @Flag(help: "Print a JSON array.")
    var json = false

    /// One layout in `--json`; the keys are an interface.
    struct Listed: Encodable {
        var scope: String
        var kind: String
        var width: Double
        var options: String
        var columns: Int
        var items: Int
        var contentHeight: Double
        var stale: Bool
        var computedAt: String
    }

    func run() throws {
        let layouts = try library.open(create: false).storedLayouts()
        if json {
            let listed = layouts.map { entry in
                let layout = entry.layout
                return Listed(scope: layout.key.scope.stored, kind: layout.key.kind.rawValue, width: layout.key.width, options: layout.key.options,
                       columns: Self.columns(entry), items: layout.itemCount, contentHeight: layout.contentHeight,
                       stale: layout.isStale, computedAt: layout.computedAt)
            }
            print(try JSON.string(listed, JSONOutput(pretty: true, sortedKeys: true)))
            return
        }
        var table = TextTable(columns: ["scope", "kind", "width", "columns", "items", "content height", "state", "computed", "options"])
        for entry in layouts {
            let layout = entry.layout
            let options = layout.key.options.split(separator: ";").prefix(4).joined(separator: ";")
            table.add([layout.key.scope.stored, layout.key.kind.rawValue, String(layout.key.width), String(Self.columns(entry)), String(layout.itemCount),
                       String(format: "%.1f", layout.contentHeight), layout.isStale ? "stale" : "fresh", layout.computedAt, options])
        }
        print(table.rendered(), terminator: "")
        print("\(layouts.count) layout\(layouts.count == 1 ? "" : "s")")
    }

    /// A masonry layout's column count; 0 for a layout of free frames (the JSON key stays).
    private static func columns(_ layout: AnyStoredLayout) -> Int {
        switch layout {
        case .masonry(let masonry): masonry.geometry.columns
        case .frames: 0
        }
    }
}
