import GalleryLayout

/// A file of one album: a view's page, a plain page, or a data file its pages load.
enum AlbumFile: Hashable, Sendable {
    /// The page of a view (`[content] views`); the masonry one is the album's page itself.
    case page(LayoutKind)
    /// The album without script, `AlbumData.pageSize` photos a page, from 1.
    case plainPage(Int)
    /// The masonry grid's index, the photo ids a deep link needs, and where each month begins
    /// (the date scrubber's).
    case index, ids, dates
    /// The cells of `AlbumData.chunkSize` photos, from 0.
    case chunk(Int)
    /// What the page places `AlbumData.groupSize` photos from (their shapes and texts'
    /// heights), from 0.
    case shapes(Int)
    /// The justified view's index, and the frames of one chunk's photos in it.
    case justifiedIndex
    case justifiedFrames(Int)
    /// A photo's own page (photo/ID.html, by the photo's id: the same at every export of the
    /// library), on a site with `base_url`, for a public album's photos.
    case photoPage(Int64)
}
