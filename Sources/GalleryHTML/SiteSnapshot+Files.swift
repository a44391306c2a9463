/// One step of the site's list of files (`SiteSnapshot.fileList`).
enum SiteFileListEntry: Sendable {
    /// Files of the site as a whole, by name.
    case files([SiteFileName])
    /// An album's or a browse page's files (`SiteSnapshot.files(of:)`): its data, then its pages.
    case album(SiteAlbums.Album)
    /// The search page and its index (`SiteSearch.files`: known once the index is made).
    case search
    /// The map's page and points (`SiteSnapshot.mapFiles`: their parts known once the
    /// clusters are made).
    case map
}

extension SiteSnapshot {
    /// The site's files, but its images, album ZIPs and private albums' sealed sites (each made
    /// by its own writer), in the order an export writes them: fonts, style sheet, script and
    /// the browse pages' links first, then each album's data before its pages, the search, the
    /// map, and the pages that link to all the rest last. The one list of the site's files: `gallery export` writes
    /// exactly these and `render(name)` (what `gallery serve` answers) makes exactly these.
    func fileList() throws -> [SiteFileListEntry] {
        let fonts = try style().fonts.keys.sorted().map { SiteFileName.font(String($0.dropFirst("fonts/".count))) }
        var list: [SiteFileListEntry] = [.files(fonts + [.stylesheet, .script] + (browseLinks.isEmpty ? [] : [.browseLinks]))]
        list += (albums.all + albums.browsePages).map(SiteFileListEntry.album)
        if hasSearch { list.append(.search) }
        if hasMap { list.append(.map) }
        list.append(.files(siteWideLastFiles))
        return list
    }

    /// The map's points' parts (`SiteMapPoints`: the site's map first, then each album's),
    /// each part once, the files that list them and the map's page, in the order an export
    /// writes them: a page that loads a listing finds every part it names.
    func mapFiles() throws -> [SiteFileName] {
        guard hasMap else { return [] }
        var parts: [SiteFileName] = [], seen = Set<String>()
        for stem in [nil] + mapStems {
            for part in try mapPoints(stem: stem).parts where seen.insert(part.digest).inserted { parts.append(.mapPart(digest: part.digest)) }
        }
        return parts + ([nil] + mapStems).map { SiteFileName.mapPoints(stem: $0) } + [.mapPage]
    }

    /// The site-wide files written after the albums and the map's points: Leaflet's, the
    /// index, what opens private albums, the browse list, the sitemap and the feeds, each when
    /// the site has it.
    private var siteWideLastFiles: [SiteFileName] {
        var files: [SiteFileName] = []
        if hasMap { files += SiteLeaflet.files.sorted().map(SiteFileName.leaflet) }
        if hasIndexPage { files.append(.home) }
        if hasPrivateAlbums { files += [.privateScript, .serviceWorker] }
        if hasBrowsePage { files.append(.browse) }
        if context.configuration.site.baseURL != nil { files += [.sitemapPages, .sitemap] }
        return files + feedFiles
    }

    /// Whether the site-wide file `name` is in the list (`fileList`).
    func hasSiteWide(_ name: SiteFileName) throws -> Bool {
        switch name {
        case .stylesheet, .script: return true
        case .browseLinks: return !browseLinks.isEmpty
        case .font(let file): return try style().fonts["fonts/" + file] != nil
        case .mapPage, .mapPoints, .mapPart: return try mapFiles().contains(name)
        default: return siteWideLastFiles.contains(name)
        }
    }

    /// Whether `album` has the file `file`: one of `files(of:)`, answered without listing them.
    func has(_ file: AlbumFile, of album: SiteAlbums.Album) throws -> Bool {
        if case .photoPage(let id) = file {
            guard hasPhotoPages(album) else { return false }
            let path = try context.database.albumPath(ofPhoto: id)
            return path == album.path
        }
        return try albumFiles(of: album).contains(file)
    }
}
