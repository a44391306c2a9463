import GRDB

extension GalleryDatabase {
    /// The photos `search` finds, in display order across albums (by date), without those of
    /// the albums it leaves out.
    public func photos(search: SearchScope) throws -> [LibraryPhoto] {
        try read { db in try Self.found(db, search) }
    }

    /// The photos `search` finds, in display order across albums: each photo's words
    /// (`SearchDocument`) against the query's tokens, every listed photo read once.
    static func found(_ db: Database, _ search: SearchScope) throws -> [LibraryPhoto] {
        let query = search.query
        guard !query.isEmpty else { return [] }
        let months = search.monthNames
        let sql: SQL = "\(sql: PhotoRow.select) WHERE \(BrowseSelection.listed(search.excluding)) AND p.live_still_id IS NULL ORDER BY \(sql: try photoOrder(db).acrossAlbumsOrderBy)"
        var found: [LibraryPhoto] = []
        for photo in try PhotoRow.fetchAll(db, sql).map(\.libraryPhoto) where query.matches(photo.searchTokens(places: search.places, monthNames: months)) {
            found.append(photo)
        }
        return found
    }
}
