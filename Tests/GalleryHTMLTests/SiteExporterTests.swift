import Foundation
import GalleryHTML
import GalleryImport
import GallerySitePlan
import GalleryStore
import GalleryTestSupport
import Imaging
import Testing

@Suite("Static export: files, incremental runs, safety")
struct SiteExporterTests {
    func library(_ count: Int) throws -> (TemporaryDirectory, GalleryDatabase) {
        let photos = try TemporaryDirectory("photos")
        for i in 0 ..< count {
            try photos.write("p\(i).jpg", TestImages.jpeg(width: 120 + i * 7, height: 90, orientation: i == 1 ? 6 : nil, seed: UInt8(i)))
            try photos.write("p\(i).txt", text: "Caption \(i)\nComment \(i)")
        }
        let database = try GalleryDatabase()
        _ = try Importer(database: database, folder: photos.path).run()
        return (photos, database)
    }

    @Test("albums whose names differ only by a view's name get pages of their own", arguments: [["trip", "trip wheel"], ["trip wheel", "trip"]])
    func albumNamesThatLookLikeViews(_ albums: [String]) throws {
        let photos = try TemporaryDirectory("photos")
        for (i, album) in albums.enumerated() {
            try photos.write("\(album)/p\(i).jpg", TestImages.jpeg(width: 100, height: 80, seed: UInt8(i)))
            try photos.write("\(album)/p\(i).txt", text: "Only in album \(i).")
        }
        let database = try GalleryDatabase()
        _ = try Importer(database: database, folder: photos.path).run()
        let out = try TemporaryDirectory("site")
        let summary = try SiteExporter(database: database, outFolder: out.path).run()
        // Two albums of six pages each (masonry, its four other views, one plain page), the
        // album index and the search page: fourteen different files.
        #expect(summary.pages == 14)
        let pages = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".html") }
        #expect(pages.count == 14, "\(pages.sorted())")
        for (i, album) in albums.enumerated() {
            let own = pages.filter { page in
                (try? String(contentsOf: out.url.appending(path: page), encoding: .utf8))?.contains("Only in album \(i).") == true
            }
            #expect(own.count == 6, "\(album): \(own.sorted())")
        }
    }

    @Test("writes pages, images at 1×, 2× and large, subset fonts, CSS and JS; rerun reuses everything")
    func exportAndRerun() throws {
        let (photos, database) = try library(10)
        let out = try TemporaryDirectory("site")
        let first = try SiteExporter(database: database, outFolder: out.path).run()
        // One album: the masonry page, its four other views and one plain page; the search page.
        #expect(first.photos == 10 && first.imagesWritten == 30 && first.failures.isEmpty && first.pages == 7)
        let html = try String(contentsOf: out.url.appending(path: "index.html"), encoding: .utf8)
        for view in ["justified", "wheel", "carousel", "circle"] {
            let page = try String(contentsOf: out.url.appending(path: "\(view).html"), encoding: .utf8)
            #expect(page.components(separatedBy: "data-photo-id=").count - 1 == 10, "\(view).html")
            #expect(html.contains("href=\"\(view).html\"") && page.contains("href=\"index.html\" data-view=\"masonry\""), "\(view).html is linked both ways")
        }
        #expect(html.components(separatedBy: "class=\"cell\"").count - 1 == 10)
        #expect(html.contains("srcset=\"thumbs/") && html.contains(" 236w, thumbs/") && html.contains(" 472w\""))
        // The grid images' sizes follow the column width at each column count.
        #expect(html.contains("sizes=\"(min-width:2048px) calc(12.5vw - 20px),") && html.contains("decoding=\"async\""))
        #expect(html.contains("loading=\"eager\"") && html.contains("loading=\"lazy\""))
        // A captioned photo's image has an empty alt: its caption, beside it in its link, names it.
        #expect(html.contains("<p class=\"caption\">Caption 3</p>") && !html.contains("alt=\"Caption 3\""))
        // Every cell has its place in the first band, and in the others where it differs.
        let bands = SiteGeometry().fluid.bands.count
        var written = 0
        for style in html.matches(of: #/<div class="cell" [^>]*style="(?<style>[^"]*)"/#).map({ String($0.output.style) }) {
            #expect(style.hasPrefix("--ar:"), "\(style)")
            #expect(style.contains(";--c0:") && style.contains(";--t0:") && style.contains(";--y0:"), "\(style)")
            written += style.matches(of: #/;--y\d+:/#).count
            #expect(!style.contains(";--y\(bands):"), "a band the grid does not have: \(style)")
        }
        #expect(written > 10, "the cells are placed in one band only")
        let css = try String(contentsOf: out.url.appending(path: "gallery.css"), encoding: .utf8)
        #expect(css.contains("@font-face") && css.contains("--columns: 8") && css.contains("prefers-color-scheme: dark"))
        let fonts = try FileManager.default.contentsOfDirectory(atPath: out.path + "/fonts")
        let inter = try #require(fonts.first { $0.hasPrefix("gallery-inter-") && $0.hasSuffix(".woff") }, "\(fonts)")
        #expect(css.contains("fonts/\(inter)"))
        // Only Latin text, all in the fonts' base (`FontCut`): one file a face; the Arabic,
        // Thai, CJK... fonts are not needed and not written.
        #expect(fonts.count == 2 && !fonts.contains { $0.hasPrefix("gallery-noto-sans-cjk") }, "\(fonts)")
        let interSize = try FileManager.default.attributesOfItem(atPath: out.path + "/fonts/" + inter)[.size] as? Int ?? 0
        #expect(interSize > 10_000 && interSize < 30_000)
        // Thumbnails are upright at their exact size: p1 is stored 127×90 with orientation 6.
        let thumbs = try FileManager.default.contentsOfDirectory(atPath: out.path + "/thumbs")
        #expect(thumbs.count == 20)
        let stored = try database.storedPhotos(ids: try database.photoIDs())
        for photo in stored.values {
            let key = photo.contentHash.dropFirst("xxh64:".count)
            // The test images' bright corner is the stored top-left; orientation 6 turns it
            // to the top right.
            let sidewaysCorner = photo.photo.orientation.rawValue == 6
            let (displayWidth, displayHeight) = sidewaysCorner ? (90, photo.photo.width) : (photo.photo.width, 90)
            for width in [236, 472] {
                let bytes = try [UInt8](Data(contentsOf: out.url.appending(path: "thumbs/\(key)-\(width).webp")))
                let image = try ImageDecoder.decode(bytes, format: .webp)
                let height = Int((Double(width) * Double(displayHeight) / Double(displayWidth)).rounded())
                #expect(image.width == width && image.height == height, "\(photo.photo.path) at \(width): \(image.width)×\(image.height)")
                func bright(_ x: Double, _ y: Double) -> Bool {
                    let (r, g, b) = image.pixel(Int(x * Double(image.width)), Int(y * Double(image.height)))
                    return min(r, g, b) > 230
                }
                #expect(bright(sidewaysCorner ? 0.95 : 0.05, 0.05), "\(photo.photo.path) at \(width): corner not where upright puts it")
                #expect(!bright(sidewaysCorner ? 0.05 : 0.95, 0.05) && !bright(0.05, 0.95), "\(photo.photo.path) at \(width)")
            }
        }

        let second = try SiteExporter(database: database, outFolder: out.path).run()
        #expect(second.imagesWritten == 0 && second.imagesReused == 30 && second.filesRemoved == 0)

        // An image deleted from the site (a thumbnail, or a large one) is made again: the
        // images' folders are read at each export, not trusted from the last.
        for folder in ["thumbs", "large"] {
            let gone = try #require(try FileManager.default.contentsOfDirectory(atPath: out.path + "/" + folder).sorted().first)
            try FileManager.default.removeItem(atPath: out.path + "/" + folder + "/" + gone)
            let again = try SiteExporter(database: database, outFolder: out.path).run()
            #expect(again.imagesWritten == 3 && again.imagesReused == 27, "\(folder)/\(gone): \(again.imagesWritten) written")
            #expect(FileManager.default.fileExists(atPath: out.path + "/" + folder + "/" + gone), "\(folder)/\(gone) is not there again")
        }

        // A removed photo's images go; a changed photo is encoded again.
        try photos.remove("p9.jpg")
        try photos.write("p8.jpg", TestImages.jpeg(width: 300, height: 100, seed: 99))
        _ = try Importer(database: database, folder: photos.path).run()
        func searchFiles() throws -> Set<String> { Set(try FileManager.default.contentsOfDirectory(atPath: out.path + "/data").filter { $0.hasPrefix("search.") }) }
        let searchBefore = try searchFiles()
        let third = try SiteExporter(database: database, outFolder: out.path).run()
        // Its six images, and the search index's shards of words only p9 had (its caption's
        // "9", and whatever the folder's random name begins with).
        let searchGone = searchBefore.subtracting(try searchFiles()).count
        #expect(third.imagesWritten == 3 && third.filesRemoved == 6 + searchGone,
                "\(third.imagesWritten) written, \(third.filesRemoved) removed, \(searchGone) of them the search index's")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path + "/thumbs").count == 18)
    }

    /// Sets every file of the site back to one instant long ago, so that a file written after
    /// this, however soon, has another modification date (no waiting for the file system's
    /// time resolution); returns the files.
    func backdate(_ folder: URL) throws -> [String: Date] {
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        for name in try modificationDates(folder).keys {
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: folder.appending(path: name).path)
        }
        return try modificationDates(folder)
    }

    /// Every file of the site (hidden ones included) with its modification date.
    func modificationDates(_ folder: URL) throws -> [String: Date] {
        var result: [String: Date] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.contentModificationDateKey, .isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            let values = try url.resourceValues(forKeys: [.contentModificationDateKey, .isRegularFileKey])
            if values.isRegularFile == true { result[url.path.replacingOccurrences(of: folder.path + "/", with: "")] = values.contentModificationDate }
        }
        return result
    }

    @Test("a rerun with nothing changed writes nothing; an edited comment rewrites only what shows it")
    func rerunWritesNothing() throws {
        let (photos, database) = try library(6)
        let out = try TemporaryDirectory("site")
        _ = try SiteExporter(database: database, outFolder: out.path).run()
        let before = try backdate(out.url)
        #expect(before.keys.contains(".gallery-export.json") && before.keys.contains("gallery.js"))
        #expect(Set(before.values) == [Date(timeIntervalSince1970: 1_000_000_000)])
        _ = try SiteExporter(database: database, outFolder: out.path).run()
        let after = try modificationDates(out.url)
        let touched = after.keys.filter { after[$0] != before[$0] }.sorted()
        #expect(touched.isEmpty, "a rerun with nothing changed wrote \(touched)")

        // Longer, in characters the site already has (new ones would change the fonts' files).
        try photos.write("p2.txt", text: "Caption 2\nComment 2, Comment 2, Comment 2, Comment 2, Comment 2, Comment 2.")
        _ = try Importer(database: database, folder: photos.path).run()
        _ = try SiteExporter(database: database, outFolder: out.path).run()
        let edited = try modificationDates(out.url)
        let rewritten = Set(edited.keys.filter { edited[$0] != after[$0] })
        #expect(rewritten.contains("index.html"))
        #expect(!rewritten.contains("gallery.js") && !rewritten.contains(".gallery-export.json"))
        #expect(rewritten.allSatisfy { !$0.hasPrefix("thumbs/") && !$0.hasPrefix("large/") }, "\(rewritten.sorted())")
    }

    @Test("a rerun renders only the albums whose inputs changed; a file gone, or an export that did not finish, renders again")
    func rendersOnlyChangedAlbums() throws {
        let photos = try TemporaryDirectory("photos")
        for (i, album) in ["coast", "coast", "coast", "hills", "hills", "hills"].enumerated() {
            try photos.write("\(album)/p\(i).jpg", TestImages.jpeg(width: 100 + i * 9, height: 80, seed: UInt8(i)))
            try photos.write("\(album)/p\(i).txt", text: "Caption \(i)\nComment \(i)")
        }
        let database = try GalleryDatabase()
        _ = try Importer(database: database, folder: photos.path).run()
        let out = try TemporaryDirectory("site")
        let first = try SiteExporter(database: database, outFolder: out.path).run()
        let coast = try #require(first.albumsRendered.first { $0.contains("coast") })
        let hills = try #require(first.albumsRendered.first { $0.contains("hills") })
        #expect(first.albumsKept == 0 && first.albumsRendered.contains("search"), "\(first.albumsRendered)")

        let unchanged = try SiteExporter(database: database, outFolder: out.path).run()
        #expect(unchanged.albumsRendered.isEmpty && unchanged.albumsKept == first.albumsRendered.count, "\(unchanged.albumsRendered)")
        #expect(unchanged.line.hasSuffix("; \(first.albumsRendered.count) of \(first.albumsRendered.count) albums and pages unchanged"), "\(unchanged.line)")

        // A caption in the hills: the hills and the search show it; the coast does not.
        try photos.write("hills/p4.txt", text: "Caption 4, longer now\nComment 4")
        _ = try Importer(database: database, folder: photos.path).run()
        let edited = try SiteExporter(database: database, outFolder: out.path).run()
        #expect(edited.albumsRendered.contains(hills) && edited.albumsRendered.contains("search") && !edited.albumsRendered.contains(coast),
                "\(edited.albumsRendered)")
        // The caption as the page sets it, in each band's lines (a <br data-b> where some band breaks).
        let hillsPage = try String(contentsOf: out.url.appending(path: hills), encoding: .utf8).replacing(#/<br data-b=[0-9a-zA-Z]+>/#, with: "")
        #expect(hillsPage.contains("Caption 4, longer now"))

        // A character new to the site, outside the fonts' fixed base (`FontCut`): the face's
        // rest file is cut and the style sheet names it; pages preload only the base files,
        // whose names stay, so the coast is not made again.
        let fonts = { try FileManager.default.contentsOfDirectory(atPath: out.path + "/fonts").sorted() }
        let preloads = {
            try String(contentsOf: out.url.appending(path: coast), encoding: .utf8)
                .matches(of: #/<link rel="preload" href="(?<href>fonts/[^"]+)"/#).map { String($0.output.href) }
        }
        let fontsBefore = try fonts(), preloadsBefore = try preloads()
        #expect(!preloadsBefore.isEmpty)
        try photos.write("hills/p4.txt", text: "Caption 4, at Łeba's harbour\nComment 4")
        _ = try Importer(database: database, folder: photos.path).run()
        let newCharacter = try SiteExporter(database: database, outFolder: out.path).run()
        let fontsAfter = try fonts()
        #expect(fontsAfter != fontsBefore && Set(preloadsBefore.map { String($0.dropFirst("fonts/".count)) }).isSubset(of: fontsAfter), "\(fontsBefore) → \(fontsAfter)")
        #expect(try preloads() == preloadsBefore)
        let css = try String(contentsOf: out.url.appending(path: "gallery.css"), encoding: .utf8)
        #expect(fontsAfter.allSatisfy { css.contains("fonts/" + $0) }, "\(fontsAfter)")
        #expect(newCharacter.albumsRendered.contains(hills) && !newCharacter.albumsRendered.contains(coast), "\(newCharacter.albumsRendered)")

        // One of the coast's files deleted by hand: the coast is made again, and the file is back.
        let coastFiles = try FileManager.default.subpathsOfDirectory(atPath: out.path).filter { $0.contains("coast") && !$0.hasPrefix("downloads/") }
        let gone = try #require(coastFiles.first { $0.hasPrefix("data/") })
        try FileManager.default.removeItem(at: out.url.appending(path: gone))
        let repaired = try SiteExporter(database: database, outFolder: out.path).run()
        #expect(repaired.albumsRendered == [coast], "\(repaired.albumsRendered)")
        #expect(FileManager.default.fileExists(atPath: out.path + "/" + gone))

        // An export that fails half-way (the hills changed, and a folder is where their page
        // goes) leaves its marker: the next one trusts no kept inputs and renders every album again.
        try photos.write("hills/p4.txt", text: "Caption 4, longer still\nComment 4")
        _ = try Importer(database: database, folder: photos.path).run()
        try FileManager.default.removeItem(at: out.url.appending(path: hills))
        try FileManager.default.createDirectory(at: out.url.appending(path: hills + "/in-the-way"), withIntermediateDirectories: true)
        #expect(throws: ExportError.self) { try SiteExporter(database: database, outFolder: out.path).run() }
        #expect(FileManager.default.fileExists(atPath: out.path + "/" + SiteExporter.runningMarkerName))
        try FileManager.default.removeItem(at: out.url.appending(path: hills))
        let after = try SiteExporter(database: database, outFolder: out.path).run()
        #expect(after.albumsKept == 0 && Set(after.albumsRendered) == Set(first.albumsRendered), "\(after.albumsRendered)")
        #expect(after.line.hasSuffix("every page made again: the last export into \(out.url.lastPathComponent) did not finish"), "\(after.line)")
        #expect(first.renderedAllBecause == nil && edited.renderedAllBecause == nil)
        #expect(!FileManager.default.fileExists(atPath: out.path + "/" + SiteExporter.runningMarkerName))
        let again = try SiteExporter(database: database, outFolder: out.path).run()
        #expect(again.albumsRendered.isEmpty, "\(again.albumsRendered)")
    }

    @Test("a folder that is not an export is refused, --force writes into it, foreign files are never deleted")
    func folderSafety() throws {
        let (_, database) = try library(2)
        let out = try TemporaryDirectory("site")
        try out.write("notes.txt", text: "mine")
        #expect(throws: ExportError.self) { try SiteExporter(database: database, outFolder: out.path).run() }
        #expect(!FileManager.default.fileExists(atPath: out.path + "/index.html"))
        _ = try SiteExporter(database: database, outFolder: out.path, force: true).run()
        _ = try SiteExporter(database: database, outFolder: out.path).run()  // now a previous export
        #expect(try String(contentsOf: out.url.appending(path: "notes.txt"), encoding: .utf8) == "mine")
        #expect(FileManager.default.fileExists(atPath: out.path + "/" + SiteExporter.manifestName))
    }

    @Test("an export into a folder another export is writing into stops with one error and writes nothing; once it ends, the next runs")
    func oneExportAtATime() throws {
        let (_, database) = try library(2)
        let out = try TemporaryDirectory("site")
        let first = try SiteExporter(database: database, outFolder: out.path).run()
        let before = try SiteDigest.byPath(of: out.url)
        // Another export's hold on the folder, as a running one takes it (its marker, locked).
        let marker = out.path + "/" + SiteExporter.runningMarkerName
        let other = open(marker, O_RDWR | O_CREAT, 0o644)
        try #require(other >= 0 && flock(other, LOCK_EX | LOCK_NB) == 0)
        _ = "4242\n".withCString { write(other, $0, 5) }
        #expect {
            try SiteExporter(database: database, outFolder: out.path).run()
        } throws: { error in
            "\(error)" == "another gallery export is writing into \(out.url.standardizedFileURL.path) (process 4242)"
        }
        try FileManager.default.removeItem(atPath: marker)
        #expect(try SiteDigest.byPath(of: out.url) == before)
        close(other)
        // Let go: the next export runs, and finds nothing to do.
        let next = try SiteExporter(database: database, outFolder: out.path).run()
        #expect(next.albumsRendered.isEmpty && next.albumsKept == first.albumsRendered.count, "\(next.line)")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test("a photo that cannot be decoded gets a placeholder cell and a line in the summary")
    func undecodable() throws {
        let (photos, database) = try library(3)
        // The file changes after the import: the export finds bytes it cannot decode.
        try photos.write("p2.jpg", [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0x41, count: 400) + [0xFF, 0xD9])
        let out = try TemporaryDirectory("site")
        let summary = try SiteExporter(database: database, outFolder: out.path).run()
        #expect(summary.failures.count == 1 && summary.failures[0].path.hasSuffix("p2.jpg"))
        let html = try String(contentsOf: out.url.appending(path: "index.html"), encoding: .utf8)
        #expect(html.contains("Photo unavailable"))
        #expect(html.components(separatedBy: "class=\"cell\"").count - 1 == 3)
    }
}
