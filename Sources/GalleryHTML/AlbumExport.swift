/// What an export did with one album, browse page or the search (`SiteExporter.exportAlbum`):
/// made on any thread, merged into the summary and the next export's inputs in the site's
/// list order.
struct AlbumExport: Sendable {
    /// The files of it the site now has, written or kept.
    var names: [String]
    /// How many of them are pages.
    var pages: Int
    /// Of the files of an album made again, those kept (their run of photos did not change).
    var filesKept = 0
    /// Its key in the export's inputs (`ExportInputs`) and what it was made from; nil for a
    /// private album's password page, made each time.
    var key: String?
    var inputs: ExportInputs.Entry?
    /// Nothing it is made from changed: none of its files was even rendered.
    var isKept = false
}
