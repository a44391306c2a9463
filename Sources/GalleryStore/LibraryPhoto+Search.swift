import GallerySearch

extension LibraryPhoto {
    /// The words search finds this photo by (`SearchDocument`): `places` where the site
    /// publishes locations, dates by `monthNames` (`SearchScope.monthNames`). The server's
    /// search, `gallery layout --query` and the site's search index all take them from here.
    public func searchTokens(places: Bool, monthNames: [[String]]) -> [String] {
        let place = places ? [self.place?.sublocation, self.place?.city, self.place?.state, self.place?.country].compactMap { $0 } : []
        let camera = [metadata.cameraMake, metadata.cameraModel].compactMap { $0 }.joined(separator: " ")
        return SearchDocument.tokens(
            caption: caption, comment: comment, keywords: keywords.flatMap { $0.split(separator: "|").map(String.init) },
            people: people, place: place, camera: camera.isEmpty ? nil : camera,
            fileName: String(path.split(separator: "/").last ?? ""), album: album, takenAt: metadata.takenAt, monthNames: monthNames)
    }
}
