/// The site's pages for search engines, on a site that knows its address (`base_url`).
///
/// sitemap.xml is a sitemap index: it names sitemap-pages.xml (the home page, or the browse list
/// of a one-album site) and each listed album's and browse page's parts (`AlbumFile.sitemap`:
/// its views' pages, plain pages and photo pages). One list of every page was rewritten by any
/// page added and, with a page for every photo, passed the protocol's 50,000 addresses a file
/// at 50,000 photos; parts by album are rewritten only when their album's pages come or go,
/// and hold `sitemapURLsPerFile` addresses at most. Unlisted and private albums have none.
extension SiteSnapshot {
    /// The sitemap protocol's limit of addresses a file.
    static let sitemapURLsPerFile = 50_000

    /// How many parts `album`'s pages take (`files`: its other files, `source`: its photos).
    func sitemapParts(of album: SiteAlbums.Album, files: AlbumFiles, source: AlbumSource) -> Int {
        guard context.configuration.site.baseURL != nil, album.links.isListed, !album.isPrivate else { return 0 }
        let count = files.views.count + files.plainPageIDs.count + (hasPhotoPages(album) ? source.count : 0)
        return (count + Self.sitemapURLsPerFile - 1) / Self.sitemapURLsPerFile
    }

    /// Part `part` (from 1) of `album`'s pages: its views' pages, its plain pages, its photos' pages.
    func sitemapPart(_ part: Int, of album: SiteAlbums.Album) throws -> String {
        let files = try albumFiles(of: album)
        var pages = files.views.map { album.name(.page($0)) } + files.plainPageIDs.map { album.name(.plainPage($0)) }
        if hasPhotoPages(album) { pages += try source(album).photoIDs().map { album.name(.photoPage($0)) } }
        let start = min(pages.count, (part - 1) * Self.sitemapURLsPerFile)
        return urlSet(pages[start ..< min(pages.count, start + Self.sitemapURLsPerFile)])
    }

    /// sitemap-pages.xml: the site's own pages, beside its albums'.
    func sitemapPages() throws -> String {
        urlSet(hasIndexPage ? [SiteFileName.home.name] : hasBrowsePage ? [SiteFileName.browse.name] : [])
    }

    /// sitemap.xml: the site's sitemaps.
    func sitemapIndex() throws -> String {
        guard let base = context.configuration.site.baseURL else { return "" }
        var names = [SiteFileName.sitemapPages.name]
        // Which albums have parts is `sitemapParts`' to say (not an unlisted or private one).
        for album in albums.all + albums.browsePages {
            names += (0 ..< (try albumFiles(of: album)).sitemapParts).map { album.name(.sitemap($0 + 1)) }
        }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for name in names { xml += "<sitemap><loc>\(HTML.escape(base + name))</loc></sitemap>\n" }
        return xml + "</sitemapindex>\n"
    }

    /// A sitemap of `pages`, at the site's address (its home page as the address itself).
    private func urlSet(_ pages: some Sequence<String>) -> String {
        let base = context.configuration.site.baseURL ?? ""
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages {
            xml += "<url><loc>\(HTML.escape(base + (page == SiteFileName.home.name ? "" : page)))</loc></url>\n"
        }
        return xml + "</urlset>\n"
    }
}
