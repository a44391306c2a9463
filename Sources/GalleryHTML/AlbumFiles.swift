import GalleryLayout
import GalleryService

/// Which files an album has: what an export lists and what `gallery serve` answers for one name,
/// read from the same cuts (`AlbumCuts`: a name is looked up, not found in a list, which would
/// make a served data file cost as many strings as the album has pages: thousands at 100,000
/// photos).
struct AlbumFiles: Sendable, Equatable {
    /// A private album has its password page only.
    var isPrivate: Bool
    /// Its data chunks (each with its plain page and, in the justified view, its frames) and
    /// groups' shapes; none for a private album.
    var cuts: AlbumCuts
    /// The views it offers; the justified view has data files of its own.
    var views: [LayoutKind]
    /// The first photos' ids of its chunks that are runs of the search's blocks: no files of
    /// its own (`SharedChunks`).
    var sharedChunks: Set<Int64>
    /// Whether its photos have plain pages of its own: a year's are its months' plain pages,
    /// which its header links (`AlbumLinks.parts`), so it has none (a year's plain pages were
    /// a copy of its months', 95 MB of a 100,000-photo site).
    var hasPlainPages: Bool
    /// Whether its data files are its own: not a browse page's that shows exactly an earlier
    /// page's photos, whose page loads that page's (`DataTwins`).
    var hasDataFiles: Bool

    init(isPrivate: Bool, cuts: AlbumCuts, views: [LayoutKind], sharedChunks: Set<Int64> = [], hasPlainPages: Bool = true, hasDataFiles: Bool = true) {
        self.isPrivate = isPrivate
        self.cuts = cuts
        self.views = views
        self.sharedChunks = sharedChunks
        self.hasPlainPages = hasPlainPages
        self.hasDataFiles = hasDataFiles
    }

    /// How many parts its pages for search engines take (`AlbumFile.sitemap`; none without
    /// `base_url`, for an unlisted or a private album).
    var sitemapParts = 0

    /// The first photos' ids of its plain pages, in order.
    var plainPageIDs: [Int64] { hasPlainPages && !isPrivate ? cuts.chunkIDs : [] }

    private var hasJustified: Bool { views.contains(.justified) }

    /// The files in the order an export writes them: data before the pages that load it.
    var all: [AlbumFile] {
        if isPrivate { return [.page(.masonry)] }
        var files: [AlbumFile] = []
        if hasDataFiles { files += dataFiles }
        files += views.map(AlbumFile.page)
        files += plainPageIDs.map(AlbumFile.plainPage)
        files += (0 ..< sitemapParts).map { AlbumFile.sitemap($0 + 1) }
        return files
    }

    /// Its data files, in the order an export writes them.
    private var dataFiles: [AlbumFile] {
        var files: [AlbumFile] = [.index, .columns, .heights] + Self.datesRuns(cuts).map { .dates(cuts.chunkIDs[$0.lowerBound], chunks: $0.count) }
            + (0 ..< cuts.groupCount).flatMap { group in
                Self.groupRuns(cuts, group: group).flatMap { run -> [AlbumFile] in
                    [.shapes(cuts.chunkIDs[run.lowerBound], chunks: run.count), .ids(cuts.chunkIDs[run.lowerBound], chunks: run.count)]
                }
            }
            + cuts.chunkIDs.filter { !sharedChunks.contains($0) }.map(AlbumFile.chunk)
        if hasJustified {
            files += cuts.chunkIDs.map(AlbumFile.justifiedFrames)
                + (0 ..< cuts.groupCount).flatMap { Self.groupRuns(cuts, group: $0) }.map { .justifiedBounds(cuts.chunkIDs[$0.lowerBound], chunks: $0.count) }
                + [.justifiedIndex]
        }
        return files
    }

    /// The runs of chunks of group `group` whose shapes and ids are a file each
    /// (`AlbumFile.shapes`, `.ids`): a group's chunks, all in one, but the last group's, which
    /// photos added at the end grow: its chunks but the last in runs of powers of two (the
    /// binary digits of their count, the largest first), and its last chunk alone. A day of
    /// photos added then rewrites the last chunk's files and the runs it closes merge into (a
    /// few chunks, on average), not the whole group's (about 1,000 photos); when a group starts
    /// after it, the last group's runs become one file.
    static func groupRuns(_ cuts: AlbumCuts, group: Int) -> [Range<Int>] {
        let first = cuts.groupStarts[group], end = group + 1 < cuts.groupCount ? cuts.groupStarts[group + 1] : cuts.chunkCount
        guard group == cuts.groupCount - 1 else { return [first ..< end] }
        let closed = end - 1 - first
        var runs: [Range<Int>] = [], start = first
        for bit in (0 ..< Int.bitWidth - 1).reversed() where closed & (1 << bit) != 0 {
            runs.append(start ..< start + (1 << bit))
            start += 1 << bit
        }
        return runs + [end - 1 ..< end]
    }

    /// How many groups' months a dates file holds (`AlbumFile.dates`): few files for the date
    /// scrubber to load (27 on the bench's 100,100-photo album: 107 groups).
    static let datesSpan = 4

    /// The runs of chunks whose months are a dates file each: the groups before the last,
    /// `datesSpan` at a time, then the last group's runs (`groupRuns`), which photos added at
    /// the end grow.
    static func datesRuns(_ cuts: AlbumCuts) -> [Range<Int>] {
        guard cuts.groupCount > 0 else { return [] }
        let last = cuts.groupCount - 1
        let spans = stride(from: 0, to: last, by: datesSpan).map { group in
            cuts.groupStarts[group] ..< cuts.groupStarts[min(group + datesSpan, last)]
        }
        return spans + groupRuns(cuts, group: last)
    }

    /// Whether `file` is one of `all`.
    func contains(_ file: AlbumFile) -> Bool {
        if isPrivate { return file == .page(.masonry) }
        switch file {
        case .index, .columns, .heights, .dates, .chunk, .shapes, .ids, .justifiedFrames, .justifiedIndex, .justifiedBounds:
            return hasDataFiles && containsData(file)
        case .plainPage(let id): return hasPlainPages && cuts.chunk(firstID: id) != nil
        case .page(let view): return views.contains(view)
        case .sitemap(let part): return part >= 1 && part <= sitemapParts
        // Which photos have pages is the library's to say (`SiteSnapshot.has`), not the cuts'.
        case .photoPage: return false
        }
    }

    /// Whether the data file `file` is one of `dataFiles`.
    private func containsData(_ file: AlbumFile) -> Bool {
        switch file {
        case .index, .columns, .heights: return true
        case .dates(let id, let chunks): return cuts.chunk(firstID: id).map { Self.datesRuns(cuts).contains($0 ..< $0 + chunks) } ?? false
        case .chunk(let id): return cuts.chunk(firstID: id) != nil && !sharedChunks.contains(id)
        case .shapes(let id, let chunks), .ids(let id, let chunks):
            guard let chunk = cuts.chunk(firstID: id) else { return false }
            return Self.groupRuns(cuts, group: cuts.group(containingChunk: chunk)).contains(chunk ..< chunk + chunks)
        case .justifiedFrames(let id): return hasJustified && cuts.chunk(firstID: id) != nil
        case .justifiedIndex: return hasJustified
        case .justifiedBounds(let id, let chunks):
            guard hasJustified, let chunk = cuts.chunk(firstID: id) else { return false }
            return Self.groupRuns(cuts, group: cuts.group(containingChunk: chunk)).contains(chunk ..< chunk + chunks)
        case .plainPage, .page, .sitemap, .photoPage: return false
        }
    }
}
