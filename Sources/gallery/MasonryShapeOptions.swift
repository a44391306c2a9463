import ArgumentParser
import GalleryLayout

/// `gallery layout`'s options that shape a masonry layout (as `/api/layout`'s query does).
struct MasonryShapeOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Exactly this many columns sharing the width.", valueName: "n"))
    var columns: Int?

    @Option(name: .customLong("column-width"), parsing: .unconditional, help: ArgumentHelp("Fixed column width (default \(Int(MasonryOptions.defaultColumnWidth))).", valueName: "px"))
    var columnWidth: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Space between columns with --column-width (default 0).", valueName: "px"))
    var gutter: Double?

    @Option(name: .customLong("min-columns"), parsing: .unconditional, help: ArgumentHelp("Fewest columns with --column-width (default 1).", valueName: "n"))
    var minColumns: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Cell padding on every side (default \(Int(MasonryOptions.defaultCellPadding))).", valueName: "px"))
    var padding: Double?

    @Option(help: ArgumentHelp("Which column the next photo goes to (default shortest).", valueName: "placement"))
    var placement: MasonryOptions.Placement?

    /// The options given, by name: a viewport's grid is shaped by gallery.toml instead, and
    /// another kind of layout has no use for them.
    var given: [String] {
        [("--columns", columns != nil), ("--column-width", columnWidth != nil), ("--gutter", gutter != nil),
         ("--min-columns", minColumns != nil), ("--padding", padding != nil), ("--placement", placement != nil)]
            .filter(\.1).map(\.0)
    }
}
