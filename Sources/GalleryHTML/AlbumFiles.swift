import GalleryLayout

/// Which files an album has: what an export lists and what `gallery serve` answers for one name,
/// read from the same counts (listing them to answer one name would make a served data file cost
/// as many strings as the album has pages: thousands at 100,000 photos).
struct AlbumFiles: Sendable, Equatable {
    /// A private album has its password page only.
    var isPrivate: Bool
    /// Data chunks (`AlbumData.chunkCount`), groups' shapes (`AlbumData.groupCount`) and plain
    /// pages (`AlbumData.pageCount`).
    var chunks: Int
    var groups: Int
    var plainPages: Int
    /// The views it offers; the justified view has data files of its own.
    var views: [LayoutKind]

    init(isPrivate: Bool, photoCount: Int, views: [LayoutKind]) {
        self.isPrivate = isPrivate
        chunks = AlbumData.chunkCount(photos: photoCount)
        groups = AlbumData.groupCount(photos: photoCount)
        plainPages = AlbumData.pageCount(photos: photoCount)
        self.views = views
    }

    private var hasJustified: Bool { views.contains(.justified) }

    /// The files in the order an export writes them: data before the pages that load it.
    var all: [AlbumFile] {
        if isPrivate { return [.page(.masonry)] }
        var files: [AlbumFile] = [.index, .ids, .dates] + (0 ..< groups).map(AlbumFile.shapes) + (0 ..< chunks).map(AlbumFile.chunk)
        if hasJustified { files += (0 ..< chunks).map(AlbumFile.justifiedFrames) + [.justifiedIndex] }
        files += views.map(AlbumFile.page)
        files += (0 ..< plainPages).map { .plainPage($0 + 1) }
        return files
    }

    /// Whether `file` is one of `all`.
    func contains(_ file: AlbumFile) -> Bool {
        if isPrivate { return file == .page(.masonry) }
        switch file {
        case .index, .ids, .dates: return true
        case .chunk(let number): return (0 ..< chunks).contains(number)
        case .shapes(let number): return (0 ..< groups).contains(number)
        case .justifiedFrames(let number): return hasJustified && (0 ..< chunks).contains(number)
        case .justifiedIndex: return hasJustified
        case .page(let view): return views.contains(view)
        case .plainPage(let number): return (1 ..< plainPages + 1).contains(number)
        // Which photos have pages is the library's to say (`SiteSnapshot.has`), not the counts'.
        case .photoPage: return false
        }
    }
}
