import GRDB
import GallerySearch

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
        let sql = PhotoRow.select + " WHERE \(BrowseSelection.listed(search.excluding)) AND p.live_still_id IS NULL ORDER BY "
            + (try photoOrder(db).acrossAlbumsOrderBy)
        var found: [LibraryPhoto] = []
        for photo in try PhotoRow.fetchAll(db, sql: sql).map(\.libraryPhoto) {
            let place = search.places ? [photo.place?.sublocation, photo.place?.city, photo.place?.state, photo.place?.country].compactMap { $0 } : []
            let camera = [photo.metadata.cameraMake, photo.metadata.cameraModel].compactMap { $0 }.joined(separator: " ")
            let tokens = SearchDocument.tokens(
                caption: photo.caption, comment: photo.comment, keywords: photo.keywords.flatMap { $0.split(separator: "|").map(String.init) },
                people: photo.people, place: place, camera: camera.isEmpty ? nil : camera,
                fileName: String(photo.path.split(separator: "/").last ?? ""), album: photo.album, takenAt: photo.metadata.takenAt, monthNames: months)
            if query.matches(tokens) { found.append(photo) }
        }
        return found
    }
}
