import GalleryLayout

/// The pages of each view of an album, its plain pages, and the home page of album cards.
extension SiteSnapshot {
    func page(_ view: LayoutKind, of album: AlbumSource) throws -> String {
        let geometry = context.geometry
        let renderer = try pageRenderer()
        let data = try data(of: album)
        switch view {
        case .masonry:
            let plain = PageRenderer.PageLinks(album: SiteFileName.album(stem: album.links.stem, .page(view)).name,
                                               first: album.links.hasPlainPages ? try album.cuts().chunkIDs.first.map(album.data.plainPage) : nil)
            let cells = try album.cells(startingAbove: AlbumData.firstScreenHeight)
            let description = try album.description.map { description in
                (html: description.blocks.map { "<p class=\"comment\">\($0.html)</p>" }.joined(),
                 boxes: try description.boxes(fluid: context.fluid, style: context.comment, measurer: context.measurer))
            }
            return renderer.albumPage(title: album.name, subtitle: album.subtitle, links: album.links, content: .init(
                cells: cells, count: album.count, videoCount: album.videoCount,
                data: data, pages: plain, fileName: SiteFileName.album(stem: album.links.stem, .page(view)).name,
                image: try album.cover()?.large ?? cells.first?.large, description: description))
        case .justified:
            let (firstScreen, layouts) = try album.justifiedFirstScreen(startingAbove: AlbumData.firstScreenHeight)
            return renderer.justifiedPage(title: album.name, links: album.links, cells: firstScreen, layouts: layouts,
                                          data: data.justifiedIndexFile, sizes: data.heightsFile)
        case .wheel:
            let cells = try album.cells(0 ..< renderer.wheelCardsWritten(count: album.count))
            return renderer.wheelPage(title: album.name, links: album.links, count: album.count, cells: cells,
                                      data: data.indexFile, sizes: data.heightsFile)
        case .carousel:
            let cells = try album.cells(0 ..< PageRenderer.cardWindow)
            return renderer.carouselPage(title: album.name, links: album.links, cells: cells,
                                         data: data.indexFile, sizes: data.heightsFile)
        case .circle:
            let cells = try album.cells(0 ..< geometry.circleMaximumItems)
            return renderer.circlePage(title: album.name, links: album.links, count: album.count, cells: cells, sizes: data.heightsFile)
        }
    }

    /// The plain page of the chunk whose first photo is `id`: its photos in flow, in the
    /// band's columns (`PageRenderer.GridContent.data`), so that nothing on it depends on
    /// the photos before or after it but which pages are its neighbours (adding photos to the
    /// album rewrites the plain pages they land on, and their neighbours when they start a
    /// page). Its list, its indices and its title are its own (the dates it spans, not
    /// "photos 601–650", which every photo inserted before it would change).
    ///
    /// Not a masonry layout of their own, as it was: writing every cell's place in every band
    /// made plain pages half of a site's bytes (158.6 of 301 MB at 10,000 photos), for the
    /// visitors without script, whose page nothing moves on.
    func plainPage(firstID id: Int64, of album: AlbumSource) throws -> String {
        let renderer = try pageRenderer()
        var shown = try album.cells(try album.photos(of: .plainPage(id)))
        for position in shown.indices { shown[position].index = position }
        let neighbours = try album.cuts().neighbours(firstID: id)
        let videos = shown.count { $0.kind == .video }
        let count = renderer.words.itemCount(shown.count, videos: videos)
        // Its photos' first and last days, whatever the album's order.
        let taken = shown.compactMap(\.takenAt).sorted()
        let dates = DateRangeText.text(first: taken.first, last: taken.last)
        let around = PageRenderer.PageLinks(
            album: SiteFileName.album(stem: album.links.stem, .page(.masonry)).name,
            previous: neighbours.previous.map(album.data.plainPage), next: neighbours.next.map(album.data.plainPage),
            position: dates ?? count)
        return renderer.albumPage(title: album.name, subtitle: dates.map { count + " · " + $0 } ?? count, links: album.links, content: .init(
            cells: shown, count: album.count, listCount: shown.count, data: nil, pages: around,
            fileName: album.data.plainPage(id), image: shown.first?.large))
    }

    /// The home page of a site of several albums: a card per listed album.
    func indexPage() throws -> String {
        let renderer = try pageRenderer()
        var image: String?
        // Albums with an order first (smallest first), then the others by path; unlisted ones
        // not at all; private ones by their name (or a neutral one) and a lock only.
        let listed = albums.all.filter { $0.links.isListed || $0.isPrivate }.enumerated().sorted { a, b in
            switch (a.element.settings?.order, b.element.settings?.order) {
            case let (x?, y?) where x != y: x < y
            case (_?, nil): true
            case (nil, _?): false
            default: a.offset < b.offset
            }
        }.map(\.element)
        let cards = try listed.map { album in
            if album.isPrivate {
                let name = album.settings?.hideTitle == true ? renderer.words.privateAlbum : album.title
                return PageRenderer.AlbumCard(name: name, link: album.name(.page(.masonry)), count: 0, isPrivate: true)
            }
            let source = try source(album)
            let first = try source.cover() ?? source.cells(0 ..< 1).first
            if image == nil { image = first?.large }
            return PageRenderer.AlbumCard(name: album.title, link: SiteFileName.album(stem: album.links.stem, .page(.masonry)).name, count: album.count, videoCount: album.videoCount,
                                          dates: album.dates, cover: first)
        }
        return renderer.indexPage(albums: cards, browse: browseLists(), photoCount: albums.photoCount, videoCount: albums.videoCount, image: image)
    }

    /// The list of browse pages of a one-album site.
    func browsePage() throws -> String {
        try pageRenderer().browsePage(homeLink: SiteFileName.home.name, browse: browseLists())
    }

    private func browseLists() -> [PageRenderer.BrowseList] {
        let words = renderer.words
        return albums.browse.map { kind, pages in
            PageRenderer.BrowseList(kind: kind.rawValue, heading: words.browse[kind.rawValue] ?? kind.rawValue.capitalized,
                                    pages: pages.map { ($0.title, SiteFileName.album(stem: $0.links.stem, .page(.masonry)).name, $0.count) })
        }
    }
}
