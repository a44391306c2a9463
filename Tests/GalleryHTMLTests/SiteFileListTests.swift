import Foundation
@testable import GalleryHTML
import GalleryService
import GalleryLayout
import GalleryStore
import GalleryTestSupport
import Testing

/// The site's one list of files (`SiteSnapshot.fileList`) against what `gallery build` wrote
/// and what `gallery serve` answers (`SiteSnapshot.render`, the renderer its cache calls): the
/// export writes exactly the listed files, serve makes each with the export's bytes, and names
/// the list does not have are answered with nothing.
@Suite("One list of the site's files: export writes it, serve answers it")
struct SiteFileListTests {
    /// The written files the list covers: not images, videos and originals (named by content,
    /// made by `PhotoImages`), album ZIPs, private albums' sealed sites, nor hidden files.
    static func exportedFiles(in site: URL) -> Set<String> {
        let all = FileManager.default.enumerator(atPath: site.path)?.compactMap { $0 as? String } ?? []
        return Set(all.filter { path in
            var isFolder: ObjCBool = false
            let parts = path.split(separator: "/")
            guard FileManager.default.fileExists(atPath: site.appending(path: path).path, isDirectory: &isFolder), !isFolder.boolValue,
                  !parts.contains(where: { $0.hasPrefix(".") || $0.contains("probe") }) else { return false }
            return !["thumbs", "large", "originals", "videos", "downloads", "private"].contains(String(parts[0]))
        })
    }

    static func listedNames(_ site: SiteSnapshot) throws -> [String] {
        try site.fileList().flatMap { entry -> [String] in
            switch entry {
            case .files(let files): files.map(\.name)
            case .album(let album): try site.files(of: album).map(\.name)
            case .search: try site.search().files.map { SiteFileName.search($0).name }
            case .map: try site.mapFiles().map(\.name)
            }
        }
    }

    @Test("sample-data: the list is the exported files, and each renders to the exported bytes")
    func sampleSite() throws {
        let folder = try SampleSite.folder, exported = try SampleSite.site
        let site = try SiteSnapshot(database: try GalleryDatabase(path: folder.appending(path: "gallery.db").path))
        let listed = try Self.listedNames(site)
        #expect(listed.count == Set(listed).count, "a file is listed twice")
        let written = Self.exportedFiles(in: exported)
        #expect(Set(listed) == written, "listed, not written: \(Set(listed).subtracting(written).sorted()); written, not listed: \(written.subtracting(listed).sorted())")
        for name in listed {
            let bytes = try site.render(name)
            #expect(bytes.map { Data($0) } == FileManager.default.contents(atPath: exported.appending(path: name).path), "\(name): serve's bytes differ from the export's")
        }
    }

    @Test("a chunk's justified frames from the album's, read in one pass (the export's digests), are those read for the chunk alone (its file)")
    func justifiedFramesInOnePass() throws {
        let folder = try SampleSite.folder
        let site = try SiteSnapshot(database: try GalleryDatabase(path: folder.appending(path: "gallery.db").path))
        var chunks = 0
        for album in site.albums.all + site.albums.browsePages where !album.isPrivate && site.views(of: album).contains(.justified) {
            let source = try site.source(album), cuts = try source.cuts(), every = try source.everyJustifiedFrame()
            #expect(every.count == (try source.justifiedLayouts()).count && every.allSatisfy { $0.count == source.count }, "\(album.title)")
            for chunk in 0 ..< cuts.chunkCount {
                let alone = try source.justifiedChunkFrames(cuts.chunkRange(chunk))
                #expect(try source.justifiedChunkFrames(cuts.chunkRange(chunk), every: every) == alone, "\(album.title), chunk \(chunk)")
                #expect(alone.allSatisfy { $0.count == 4 * every.count && $0.contains { $0 != 0 } }, "\(album.title), chunk \(chunk): a photo without its frames")
                chunks += 1
            }
        }
        #expect(chunks >= 2, "the sample site has \(chunks) chunks with justified frames")
    }

    @Test("names the list does not have: serve makes nothing")
    func unlistedNames() throws {
        let folder = try SampleSite.folder
        let site = try SiteSnapshot(database: try GalleryDatabase(path: folder.appending(path: "gallery.db").path))
        let listed = Set(try Self.listedNames(site))
        var asked: [String] = ["map.html", "data/map.points.js", "data/map.part-0123456789abcdef.js", "browse.html", "sitemap.xml", "sitemap-pages.xml", "data/search.terms-9999.js", "data/search.terms-7a7a7a7a7a.js",
                               "data/search.docs-9999.js", "gallery-private.js", "gallery-sw.js", "fonts/none.woff2", "leaflet/leaflet.js"]
        for album in site.albums.all + site.albums.browsePages {
            // Files named by a photo of the album that starts no chunk, and by no photo.
            let ids = album.isPrivate ? [] : try site.source(album).photoIDs()
            let cuts = AlbumCuts(ids: ids)
            for id in (ids.filter { cuts.chunk(firstID: $0) == nil }.prefix(2) + [0, 999_999]) {
                asked += [album.name(.chunk(id)), album.name(.justifiedFrames(id)), album.name(.plainPage(id)), album.name(.shapes(id, chunks: 1)), album.name(.shapes(id, chunks: 3)), album.name(.sitemap(Int(id % 3)))]
            }
            asked += LayoutKind.allCases.filter { !site.views(of: album).contains($0) }.map { album.name(.page($0)) }
        }
        for name in asked where !listed.contains(name) {
            #expect(try site.render(name) == nil, "\(name) is not in the list, yet serve makes it")
        }
    }

    @Test("an album's dates files: the groups before the last datesSpan at a time, then the last group's runs; their chunks the album's end to end")
    func datesFiles() {
        for count in [0, 1, 700, 3_000, 40_000] {
            let cuts = AlbumCuts(ids: (0 ..< Int64(count)).map { 10_000 + ($0 * 7_919) % 100_003 })
            let runs = AlbumFiles.datesRuns(cuts)
            #expect(runs.first?.lowerBound ?? 0 == 0 && runs.last?.upperBound ?? 0 == cuts.chunkCount && zip(runs, runs.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound },
                    "\(count) photos: \(runs)")
            guard cuts.groupCount > 0 else { continue }
            let last = cuts.groupCount - 1
            #expect(runs.suffix(AlbumFiles.groupRuns(cuts, group: last).count) == ArraySlice(AlbumFiles.groupRuns(cuts, group: last)))
            #expect(runs.count == (last + AlbumFiles.datesSpan - 1) / AlbumFiles.datesSpan + AlbumFiles.groupRuns(cuts, group: last).count, "\(count) photos: \(runs)")
            // 40,000 photos (about 40 groups) have several files of a few groups each.
            #expect(count < 40_000 || runs.count >= 10, "\(runs.count) dates files of \(count) photos")
        }
    }

    @Test("a group's runs of chunks: all its chunks in one, the last group's in runs of powers of two and its last chunk alone")
    func groupRuns() {
        for count in [1, 8, 9, 200, 700, 701, 750, 3_000, 3_050] {
            let cuts = AlbumCuts(ids: (0 ..< Int64(count)).map { 10_000 + $0 })
            var all: [Range<Int>] = []
            for group in 0 ..< cuts.groupCount {
                let runs = AlbumFiles.groupRuns(cuts, group: group)
                all += runs
                let first = cuts.groupStarts[group], end = group + 1 < cuts.groupCount ? cuts.groupStarts[group + 1] : cuts.chunkCount
                #expect(runs.first?.lowerBound == first && runs.last?.upperBound == end && zip(runs, runs.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound },
                        "\(count) photos, group \(group): \(runs)")
                if group < cuts.groupCount - 1 {
                    #expect(runs.count == 1)
                } else {
                    #expect(runs.last?.count == 1 && runs.dropLast().allSatisfy { $0.count.nonzeroBitCount == 1 } && zip(runs, runs.dropFirst().dropLast()).allSatisfy { $0.count > $1.count },
                            "\(count) photos, the last group: \(runs)")
                }
            }
            #expect(all.count == Set(all).count && all.reduce(0) { $0 + $1.count } == cuts.chunkCount, "\(count) photos: \(all)")
        }
    }

    @Test("an album's files: contains answers exactly what all lists, at every size and set of views")
    func albumFilesContains() {
        let viewSets: [[LayoutKind]] = [[.masonry], [.masonry, .justified], LayoutKind.allCases, [.justified]]
        for count in [0, 1, AlbumCuts.minimumChunk, AlbumCuts.maximumChunk + 1, 700, 3_000] {
            // Ids as a library gives them: not in album order, not from 1.
            let ids = (0 ..< Int64(count)).map { 10_000 + ($0 * 7_919) % 100_003 }
            let cuts = AlbumCuts(ids: ids)
            for views in viewSets {
                for isPrivate in [false, true] {
                    var files = AlbumFiles(isPrivate: isPrivate, cuts: isPrivate ? AlbumCuts(ids: []) : cuts, views: views, hasPlainPages: count % 2 == 0)
                    files.sitemapParts = isPrivate ? 0 : count % 3
                    let listed = Set(files.all)
                    #expect(listed.count == files.all.count, "a file listed twice")
                    var candidates: [AlbumFile] = [.index, .justifiedIndex] + LayoutKind.allCases.map(AlbumFile.page)
                    for id in ids + [-1, 0, 1] {
                        candidates += [.chunk(id), .justifiedFrames(id), .plainPage(id), .sitemap(Int(id))]
                            candidates += (1 ... 5).flatMap { [AlbumFile.shapes(id, chunks: $0), .ids(id, chunks: $0), .dates(id, chunks: $0)] }
                    }
                    for file in candidates {
                        #expect(files.contains(file) == listed.contains(file), "\(file) of \(count) photos, views \(views), private \(isPrivate)")
                    }
                }
            }
        }
    }
}
