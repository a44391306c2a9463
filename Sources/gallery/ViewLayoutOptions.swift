import ArgumentParser
import GalleryLayout

/// `gallery layout`'s options for the tutorials' scrolling views (wheel, circle, carousel).
struct ViewLayoutOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("The horizontal content offset, as a scroll view reports it (negative ones as they are: --offset -200).", valueName: "x"))
    var offset: Double?

    @Option(name: .customLong("item-size"), parsing: .unconditional, help: ArgumentHelp("Item size (wheel 133x173, circle 100x100, carousel 200x280).", valueName: "WxH"))
    var itemSize: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Wheel radius (default 500).", valueName: "px"))
    var radius: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Carousel spacing (default 16).", valueName: "px"))
    var spacing: Double?

    @Option(name: .customLong("focused-spacing"), parsing: .unconditional, help: ArgumentHelp("Carousel spacing around the focused item (default 48).", valueName: "px"))
    var focusedSpacing: Double?

    @Option(name: .customLong("target-offset"), parsing: .unconditional, help: ArgumentHelp("Print where scrolling proposed to stop here comes to rest (any kind computed without the store).", valueName: "x"))
    var targetOffset: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("The scroll velocity for --target-offset (its sign matters).", valueName: "v"))
    var velocity: Double = 0

    /// Each option given, by name, with the kinds it applies to.
    var given: [(name: String, kinds: [LayoutKind])] {
        [("--offset", offset != nil, [.wheel, .carousel]), ("--item-size", itemSize != nil, [.wheel, .circle, .carousel]),
         ("--radius", radius != nil, [.wheel]), ("--spacing", spacing != nil, [.carousel]), ("--focused-spacing", focusedSpacing != nil, [.carousel])]
            .filter(\.1).map { ($0.0, $0.2) }
    }
}
