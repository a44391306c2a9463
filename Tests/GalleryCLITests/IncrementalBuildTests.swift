import Foundation
import GalleryTestSupport
import Testing

/// A rebuild after a change must write the site a first build of the changed folder writes
/// (the search's numbered files finding the same photos at the same places):
/// whatever a rebuild keeps (stored layouts, pages not rendered again, files not written again)
/// is only a shortcut to the same bytes. The guard for every shortcut issue 51 takes.
@Suite("A rebuild after a change writes what a first build of the changed folder writes")
struct IncrementalBuildTests {
    /// Two albums whose photos share keywords, people, places, years and ratings, with captions.
    static func library(in work: TemporaryDirectory) throws {
        try TestMetadata.jpeg("lib/coast/a.jpg", in: work, exiftool: [
            "-DateTimeOriginal=2024:07:14 18:00:00", "-XMP-dc:Subject=sunset", "-XMP-iptcExt:PersonInImage=Anna Berg",
            "-XMP-photoshop:City=Brest", "-XMP-photoshop:Country=France", "-XMP-xmp:Rating=5",
        ])
        try TestMetadata.jpeg("lib/coast/b.jpg", in: work, exiftool: ["-DateTimeOriginal=2023:05:01 09:00:00", "-XMP-dc:Subject=boats", "-XMP-xmp:Rating=3"])
        try TestMetadata.jpeg("lib/hills/c.jpg", in: work, exiftool: [
            "-DateTimeOriginal=2024:07:02 07:30:00", "-XMP-dc:Subject=sunset", "-XMP-photoshop:Country=France", "-XMP-xmp:Rating=4",
        ])
        try TestMetadata.jpeg("lib/hills/d.jpg", in: work, exiftool: ["-DateTimeOriginal=2024:12:31 23:59:00", "-XMP-iptcExt:PersonInImage=anna berg"])
        try work.write("lib/coast/a.txt", text: "Evening at the harbour\nThe boats came in one after another as the light went.")
        try work.write("lib/hills/d.txt", text: "New Year's Eve\n")
    }

    /// Builds `lib` into `out` with the library `database`; returns what the build printed.
    @discardableResult
    static func build(_ work: TemporaryDirectory, database: String, out: String) throws -> String {
        let built = try GalleryBinary.run(["build", "lib", "--db", database, "--out", out], in: work.url)
        #expect(built.status == 0, "gallery build --out \(out): \(built.stderr)")
        return built.stdout
    }

    /// The albums (and browse pages, and the search) a build kept unchanged and how many it had,
    /// from its summary ("; 12 of 15 albums and pages unchanged"), (0, 0) when it kept none; and
    /// how many files of the albums made again it kept ("; 40 files of the others unchanged").
    static func kept(_ output: String) -> (kept: Int, of: Int, files: Int) {
        let files = output.firstMatch(of: /; (\d+) files of the others unchanged/).flatMap { Int($0.1) } ?? 0
        guard let match = output.firstMatch(of: /; (\d+) of (\d+) albums and pages unchanged/) else { return (0, 0, files) }
        return (Int(match.1) ?? -1, Int(match.2) ?? -1, files)
    }

    @Test("after a caption, a keyword, a date, a rating and a place changed, one after another: the same files, byte for byte")
    func sameAsFirstBuild() throws {
        let work = try TemporaryDirectory("incremental")
        try Self.library(in: work)
        try Self.build(work, database: "kept.db", out: "site")
        // Nothing changed, in another process: every album's inputs read the same (no digest
        // may depend on a process's hashing seed or a dictionary's order).
        let unchanged = Self.kept(try Self.build(work, database: "kept.db", out: "site"))
        #expect(unchanged.kept > 5 && unchanged.kept == unchanged.of, "\(unchanged)")
        let changes: [(String, () throws -> Void)] = [
            // With characters new to the site, in the fonts' fixed base (—, Ø) and outside it
            // (Ł: the rest file is cut again, which only the style sheet names).
            ("a caption", { try work.write("lib/coast/a.txt", text: "Evening at the harbour\nThe last boat came in after dark — Ørsted's, from Łeba, long after the others.") }),
            ("a keyword", { try TestMetadata.write(["-XMP-dc:Subject=boats"], to: work.path + "/lib/hills/c.jpg") }),
            ("a date", { try TestMetadata.write(["-DateTimeOriginal=2023:05:02 10:00:00"], to: work.path + "/lib/hills/d.jpg") }),
            ("a rating", { try TestMetadata.write(["-XMP-xmp:Rating=5"], to: work.path + "/lib/coast/b.jpg") }),
            ("a place", { try TestMetadata.write(["-XMP-photoshop:City=Quimper"], to: work.path + "/lib/coast/a.jpg") }),
            // Last in the folder's order and last removed: a first build numbers the photos as
            // the kept library does, so their pages are comparable byte for byte.
            ("a photo added", {
                try TestMetadata.jpeg("lib/hills/e.jpg", in: work, exiftool: ["-DateTimeOriginal=2024:07:20 12:00:00", "-XMP-dc:Subject=sunset"])
                try work.write("lib/hills/e.txt", text: "A last look at the hills")
            }),
            ("the configuration", { try work.write("lib/gallery.toml", text: "[site]\ntitle = \"Shores and hills\"\n[look]\naccent = \"#2a6f97\"\n") }),
            ("a photo removed", {
                try FileManager.default.removeItem(at: work.url.appending(path: "lib/hills/e.jpg"))
                try FileManager.default.removeItem(at: work.url.appending(path: "lib/hills/e.txt"))
            }),
        ]
        for (number, (change, make)) in changes.enumerated() {
            try make()
            let kept = Self.kept(try Self.build(work, database: "kept.db", out: "site"))
            // Only the configuration touches every file; the rest, some albums.
            if change == "the configuration" {
                #expect(kept.kept == 0 && kept.files == 0, "after \(change): \(kept)")
            } else {
                #expect(kept.kept > 0, "after \(change): \(kept)")
            }
            // A first build of the folder as it is now: a new library, a new site.
            try Self.build(work, database: "fresh-\(number).db", out: "fresh-\(number)")
            // (The search's numbered files are compared by what they find: a rebuild keeps its
            // documents' numbers, `SearchNumbering`.)
            let site = work.url.appending(path: "site")
            let differences = try SiteDigest.differences(rebuilt: site, fresh: work.url.appending(path: "fresh-\(number)"))
            #expect(try SiteDigest.byPath(of: site).count > 20 && differences.isEmpty, "after \(change), unlike a first build's: \(differences)")
        }
    }
}
