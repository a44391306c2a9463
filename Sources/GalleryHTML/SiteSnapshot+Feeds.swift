import Foundation
import GalleryConfig
import GalleryStore

extension SiteSnapshot {
    /// The albums feeds may show: public ones (not hidden, unlisted or private), never on a
    /// private album's own sealed site.
    var feedAlbums: [SiteAlbums.Album] { Self.feedAlbums(albums, configuration: context.configuration) }

    static func feedAlbums(_ albums: SiteAlbums, configuration: GalleryConfiguration) -> [SiteAlbums.Album] {
        hasFeeds(configuration) ? albums.all.filter(isPublicFolder) : []
    }

    /// Whether the site has feeds: it knows its address, and `[feeds] entries` is not 0.
    static func hasFeeds(_ configuration: GalleryConfiguration) -> Bool {
        configuration.site.baseURL != nil && configuration.feeds.entries > 0
    }

    /// A public folder's album (not hidden, unlisted or private, nor a private album's own
    /// site, nor a browse page): what feeds show and what has photo pages.
    static func isPublicFolder(_ album: SiteAlbums.Album) -> Bool {
        album.visibility == .public && !album.isOwnSite && album.path != nil
    }

    /// Whether `album` has a feed of its own (feeds/STEM.atom): one of `feedFiles`, answered
    /// without listing the others.
    func hasFeed(_ album: SiteAlbums.Album) -> Bool {
        album.links.stem != nil && Self.isPublicFolder(album) && Self.hasFeeds(context.configuration)
    }

    /// The site's feeds: the site's (feed.atom) and, on a site of several albums, each public
    /// album's (feeds/STEM.atom); none without `base_url` or with `[feeds] entries = 0`.
    var feedFiles: [SiteFileName] {
        let shown = feedAlbums
        guard !shown.isEmpty else { return [] }
        return [.feed(stem: nil)] + shown.compactMap(\.links.stem).map { SiteFileName.feed(stem: $0) }
    }

    /// The feed `stem` names (nil: the site's): the newest photos, and on the site's feed the
    /// albums, newest first, `[feeds] entries` at most.
    func feed(stem: String?) throws -> String {
        guard let base = context.configuration.site.baseURL else { return "" }
        let limit = context.configuration.feeds.entries
        let shown = stem.map { stem in feedAlbums.filter { $0.links.stem == stem } } ?? feedAlbums
        let byPath = Dictionary(shown.compactMap { album in album.path.map { ($0, album) } }, uniquingKeysWith: { first, _ in first })
        let paths = Array(byPath.keys)
        let newest = try context.database.newestPhotos(albums: paths, limit: limit)
        let stored = try context.database.storedPhotos(ids: newest.map(\.id))
        var entries: [AtomFeed.Entry] = []
        for (id, path, modified) in newest {
            guard let photo = stored[id], let album = byPath[path] else { continue }
            let page = base + album.name(.page(.masonry))
            // Its permanent id: its file's path in the library (unique, and unchanged by an edit of
            // its caption or a new export), digested.
            var file = Digest64()
            file.add(photo.photo.path)
            let plan = context.imageFailures[id] == nil
                ? ImagePlan(photo.photo, contentHash: photo.contentHash, geometry: context.geometry, content: context.configuration.content) : nil
            let fileName = String(photo.photo.path.split(separator: "/").last ?? "")
            entries.append(AtomFeed.Entry(
                id: page + "#file-" + file.hex, title: photo.photo.caption.isEmpty ? fileName : photo.photo.caption,
                link: hasPhotoPages(album) ? base + album.name(.photoPage(id)) : page + "#photo-\(id)", updated: Self.date(nanoseconds: modified),
                image: plan.flatMap { plan in plan.names.last.map { (base + $0, plan.large.width, plan.large.height) } },
                paragraphs: [photo.photo.caption, photo.photo.comment], category: album.title))
        }
        if stem == nil {
            // The albums themselves, as of their newest photo: a site that gains an album says so.
            let modified = try context.database.newestModification(albums: paths)
            for album in shown {
                guard let path = album.path, let time = modified[path] else { continue }
                let cover = try source(album).cover() ?? source(album).cells(0 ..< 1).first
                let page = base + album.name(.page(.masonry))
                entries.append(AtomFeed.Entry(
                    id: page, title: album.title, link: page, updated: Self.date(nanoseconds: time),
                    image: cover.flatMap { cell in
                        guard let large = cell.large, let width = cell.largeWidth else { return nil }
                        return (base + large, width, Int((Double(width) / cell.aspectRatio).rounded()))
                    },
                    paragraphs: [album.title, context.words.itemCount(album.count, videos: album.videoCount)], category: nil))
            }
            entries.sort { ($0.updated, $0.id) > ($1.updated, $1.id) }
        }
        let feedName = SiteFileName.feed(stem: stem).name
        let title = stem == nil ? albums.title : (shown.first?.title ?? albums.title)
        let page = stem == nil ? base : base + (shown.first?.name(.page(.masonry)) ?? "")
        let site = context.configuration.site
        return AtomFeed(id: base + feedName, title: title, selfLink: base + feedName, page: page,
                        author: site.author.isEmpty ? albums.title : site.author, rights: site.copyright,
                        entries: Array(entries.prefix(limit))).xml
    }

    static func date(nanoseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(nanoseconds / 1_000_000_000))
    }
}

extension SiteSnapshot {
    /// Whether the site has photo pages: it knows its address (`base_url`; they are for link
    /// previews), and is not a private album's own sealed site.
    var hasPhotoPages: Bool { Self.hasPhotoPages(context) }

    static func hasPhotoPages(_ context: SiteContext) -> Bool { context.configuration.site.baseURL != nil && context.onlyAlbum == nil }

    /// Whether `album`'s photos have pages of their own: a public folder's album.
    func hasPhotoPages(_ album: SiteAlbums.Album) -> Bool {
        hasPhotoPages && Self.isPublicFolder(album)
    }

    /// The stem of the album photo `id` has its page in (`.some(nil)`: a one-album site's), or
    /// nil when it has none.
    func photoPageAlbum(_ id: Int64) -> String?? {
        guard hasPhotoPages, let path = try? context.database.albumPath(ofPhoto: id),
              let album = albums.all.first(where: { $0.path == path }), hasPhotoPages(album) else { return nil }
        return .some(album.links.stem)
    }

    /// Photo `id`'s page (`PageRenderer.photoPage`), of `album`'s photos.
    func photoPage(_ id: Int64, of album: AlbumSource) throws -> String {
        guard let stored = try context.database.storedPhotos(ids: [id])[id] else { return "" }
        let photo = stored.photo
        let plan = context.imageFailures[id] == nil
            ? ImagePlan(photo, contentHash: stored.contentHash, geometry: context.geometry, content: context.configuration.content) : nil
        let large = plan.flatMap { plan in plan.names.last.map { (name: $0, width: plan.large.width, height: plan.large.height) } }
        return try pageRenderer().photoPage(id: id, caption: photo.caption, comment: photo.comment, large: large, albumTitle: album.name,
                                            albumPage: SiteFileName.album(stem: album.links.stem, .page(.masonry)).name,
                                            page: SiteFileName.album(stem: album.links.stem, .photoPage(id)).name)
    }
}
