import ArgumentParser

/// `gallery layout`'s option for justified rows without a viewport.
struct JustifiedRowsOptions: ParsableArguments {
    @Option(name: .customLong("row-height"), parsing: .unconditional, help: ArgumentHelp("Justified rows' target height (default 220).", valueName: "px"))
    var rowHeight: Double?
}
