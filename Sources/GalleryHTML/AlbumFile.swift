import GalleryLayout

/// A file of one album: a view's page, a plain page, or a data file its pages load.
enum AlbumFile: Hashable, Sendable {
    /// The page of a view (`[content] views`); the masonry one is the album's page itself.
    case page(LayoutKind)
    /// The album without script, a page a data chunk (`AlbumCuts`), named by its first photo's id.
    case plainPage(Int64)
    /// The masonry grid's index, and where its columns end before each group of chunks (apart
    /// from the index: they move with any photo's height, the index only when photos come or
    /// go).
    case index, columns
    /// Where each month that begins in a run of chunks begins (the date scrubber's): a few
    /// groups', or a run of the last group's (`AlbumFiles.datesRuns`), by its first photo's id
    /// and how many chunks: a day of photos added at the end rewrites the months of the last
    /// chunk and of the runs that merge, not the album's (37 KB on a 100,000-photo site's
    /// larger pages, in each page that shows the new photos).
    case dates(Int64, chunks: Int)
    /// The masonry grid's height in each band, a style sheet its page links (apart from the
    /// page for the same reason).
    case heights
    /// The cells of a chunk of photos (`AlbumCuts`), by its first photo's id: a chunk's name
    /// stays when photos are inserted before it.
    case chunk(Int64)
    /// What the page places a group of chunks' photos from (their shapes and texts' heights):
    /// a run of `chunks` chunks of a group (`AlbumFiles.groupRuns`: a whole group, or a run of
    /// the last group's), by its first photo's id.
    case shapes(Int64, chunks: Int)
    /// The ids of a run of a group's photos (as `shapes`), which a deep link (`#photo-ID`)
    /// looks through: a group's, not the album's, so that a day of photos added at the end
    /// rewrites a few kilobytes of the last group's, not every id of the album (200 KB on a
    /// 100,000-photo site's larger pages, in each page that shows the new photos).
    case ids(Int64, chunks: Int)
    /// The justified view's index, and the frames of one chunk's photos in it.
    case justifiedIndex
    case justifiedFrames(Int64)
    /// Where each chunk of a run of a group's chunks lies in the justified view (its top and
    /// bottom in every band, from its group's top), by the run's first photo's id and how many
    /// chunks (`AlbumFiles.groupRuns`): the index holds the groups' bounds only, so that a day
    /// of photos added rewrites the last group's last runs, not every chunk's bounds (1 MB at
    /// 100,000 photos), and the page loads a group's when it comes near.
    case justifiedBounds(Int64, chunks: Int)
    /// A photo's own page (photo/ID.html, by the photo's id: the same at every export of the
    /// library), on a site with `base_url`, for a public album's photos.
    case photoPage(Int64)
    /// Part n (from 1) of its pages for search engines: its views' pages, plain pages and photo
    /// pages, at most `SiteSnapshot.sitemapURLsPerFile` a part, on a site with `base_url`, for a listed
    /// album (`sitemap.xml` lists the parts).
    case sitemap(Int)
}
