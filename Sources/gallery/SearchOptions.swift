import ArgumentParser
import GallerySearch
import GalleryStore

/// `--query TEXT [--publish-location]`, shared by the commands that take a search's photos
/// (`gallery photos`, `gallery layout`): what the site's search box finds, in date order.
struct SearchOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The photos a search finds (the site's search box: every word begins a word of a photo's text, in any case and accents), in date order across every listed album; with layout --viewport, where the search page draws them.", valueName: "text"))
    var query: String?

    @Flag(name: .customLong("publish-location"), help: "With --query: search the photos' places too, as a site exported with --publish-location does.")
    var publishLocation = false

    /// The search asked for, with the month names of `language` and without the albums in
    /// `unlisted`; nil without --query.
    /// - Throws: a usage error when `album` is given too (a search spans every listed album).
    func scope(language: String, unlisted: [String], album: String?) throws -> SearchScope? {
        guard let query else { return nil }
        guard album == nil else { throw ValidationError("--query searches every listed album; drop --album") }
        return SearchScope(query: SearchQuery(query), language: language, places: publishLocation, excluding: unlisted)
    }
}
