import GRDB

/// A browse page the library has photos for, as the index lists it.
public struct BrowsePageSummary: Sendable, Hashable {
    public var selection: BrowseSelection
    public var photoCount: Int
    /// How many of them are videos (Live Photos count as photos).
    public var videoCount: Int
    /// The earliest and latest capture times of its photos, nil when none has a date.
    public var firstTakenAt: String?
    public var lastTakenAt: String?
}

extension GalleryDatabase {
    /// The browse pages of each kind that some photo outside `excluding` (paths of albums
    /// whose photos no browse page gathers) is on: years in order; places, people and
    /// keywords (a hierarchical keyword by its leaf, which has a page of its own) by how many
    /// photos they hold, then by name, a name in several cases once; the favourites when there
    /// are any.
    ///
    /// A place's, person's or keyword's page found in one spelling has its revision kept as
    /// well: its photos were just counted, grouped as its page gathers them, and a build asks for
    /// every page's (one scan of each page's photos otherwise, 1.3 s at 100,000 photos).
    /// `BrowsePageCountTests` holds the two counts equal.
    public func browsePages(favoritesRating: Int, excluding: [String]) throws -> (years: [BrowsePageSummary], months: [BrowsePageSummary],
                                                                                 places: [BrowsePageSummary],
                                                                                 people: [BrowsePageSummary], keywords: [BrowsePageSummary],
                                                                                 favorites: BrowsePageSummary?) {
        try read { db in
            let listed = BrowseSelection.listed(excluding)
            let photos: SQL = "photos p JOIN albums a ON a.id = p.album_id"
            let counts: SQL = """
                count(DISTINCT p.id) AS photo_count, count(DISTINCT p.id) FILTER (WHERE p.kind = 'video') AS video_count,
                min(p.taken_at) AS first_taken, max(p.taken_at) AS last_taken, coalesce(max(p.changed), 0) AS latest
                """
            let shown: SQL = "p.live_still_id IS NULL AND \(listed)"
            let library = try Self.libraryRevision(db), sortedExcluding = excluding.sorted()
            // `spellings`, when a query gives it: how many ways its page's name is written.
            func summaries(_ sql: SQL, _ selection: (String) -> BrowseSelection?) throws -> [BrowsePageSummary] {
                try SQLRequest<Row>(literal: sql).fetchAll(db).compactMap { row in
                    guard let name = row["name"] as String?, let selection = selection(name) else { return nil }
                    if row["spellings"] as Int? == 1 {
                        let scope = LayoutScope.browse(selection, excluding: sortedExcluding)
                        scopeRevisions.keep(Self.browseRevision(photos: row["photo_count"], latest: row["latest"]), of: scope.stored, at: library)
                    }
                    return BrowsePageSummary(selection: selection, photoCount: row["photo_count"], videoCount: row["video_count"],
                                             firstTakenAt: row["first_taken"], lastTakenAt: row["last_taken"])
                }
            }
            let years = try summaries("""
                SELECT substr(p.taken_at, 1, 4) AS name, \(counts) FROM \(photos)
                WHERE p.taken_at IS NOT NULL AND \(shown) GROUP BY 1 ORDER BY 1
                """) { Int($0).map(BrowseSelection.year) }
            let months = try summaries("""
                SELECT substr(p.taken_at, 1, 7) AS name, \(counts) FROM \(photos)
                WHERE p.taken_at IS NOT NULL AND \(shown) GROUP BY 1 ORDER BY 1
                """) { BrowseSelection(name: "month:" + $0, favoritesRating: favoritesRating) }
            let levels = ["place_sublocation", "place_city", "place_state", "place_country"]
            let named = levels.map { level -> SQL in "SELECT photo_id, \(sql: level) AS place FROM annotations WHERE \(sql: level) IS NOT NULL" }.joined(separator: " UNION ")
            let places = try summaries("""
                SELECT min(n.place) AS name, count(DISTINCT n.place) AS spellings, \(counts) FROM (\(named)) n JOIN photos p ON p.id = n.photo_id JOIN albums a ON a.id = p.album_id
                WHERE \(shown) GROUP BY n.place COLLATE NOCASE ORDER BY photo_count DESC, name
                """) { .place($0) }
            let people = try summaries("""
                SELECT min(e.name) AS name, count(DISTINCT e.id) AS spellings, \(counts) FROM people e JOIN photo_people pp ON pp.person_id = e.id JOIN photos p ON p.id = pp.photo_id JOIN albums a ON a.id = p.album_id
                WHERE \(shown) GROUP BY e.name COLLATE NOCASE ORDER BY photo_count DESC, name
                """) { .person($0) }
            let keywords = try summaries("""
                SELECT min(k.name) AS name, count(DISTINCT k.id) AS spellings, \(counts) FROM keywords k JOIN photo_keywords pk ON pk.keyword_id = k.id JOIN photos p ON p.id = pk.photo_id JOIN albums a ON a.id = p.album_id
                WHERE instr(k.name, '|') = 0 AND \(shown) GROUP BY k.name COLLATE NOCASE ORDER BY photo_count DESC, name
                """) { .keyword($0) }
            let condition = BrowseSelection.favorites(minimumRating: favoritesRating).condition
            let favorites = try SQLRequest<Row>(literal: """
                SELECT \(counts) FROM \(photos) LEFT JOIN annotations n ON n.photo_id = p.id WHERE \(condition) AND \(shown)
                """).fetchOne(db).flatMap { row -> BrowsePageSummary? in
                    let count: Int = row["photo_count"]
                    return count == 0 ? nil : BrowsePageSummary(selection: .favorites(minimumRating: favoritesRating), photoCount: count,
                                                                 videoCount: row["video_count"], firstTakenAt: row["first_taken"], lastTakenAt: row["last_taken"])
                }
            return (years, months, places, people, keywords, favorites)
        }
    }
}
