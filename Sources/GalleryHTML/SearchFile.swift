/// A file of the site's search: its page, and the index the page searches in (`SiteSearch`).
enum SearchFile: Hashable, Sendable {
    /// search.html: the box, and the photos found laid out as a grid.
    case page
    /// What the page learns first: how many photos, the shards' keys, the grid's bands.
    case index
    /// The words of one shard (those beginning with its key) and the photos each is in, by its
    /// key: a shard split or added leaves the others' names, and so their files, as they were.
    case terms(key: String)
    /// A shard of the words of the photos added since the search's documents were last
    /// numbered (`SearchNumbering`), by its key: a day of photos added changes these, so that
    /// the shards of every other photo's words stay as they were.
    case recentTerms(key: String)
    /// The cells of a block of photos in search order (`SiteSearch.blocks`), by its first photo's id.
    case docs(Int64)
}
