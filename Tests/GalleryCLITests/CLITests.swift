import Foundation
import GalleryStore
import GalleryTestSupport
import Testing

@Suite("The gallery binary: commands, JSON, exit codes")
struct CLITests {
    @Test("import then photos --json: the documented keys and values")
    func importAndList() throws {
        let work = try TemporaryDirectory()
        try work.write("photos/a.jpg", TestImages.jpeg(width: 64, height: 48, orientation: 6))
        try work.write("photos/album/b.png", TestImages.png(width: 40, height: 30))
        try work.write("photos/annotations.json", text: #"[{"photo": "a.jpg", "caption": "<b>Hi</b> \"there\"", "comment": "Line 1\nLine 2"}]"#)
        try work.write("photos/broken.jpg", [0xFF, 0xD8, 0xFF])

        let imported = try GalleryBinary.run(["import", "photos", "--quiet"], in: work.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "added 2, updated 0, unchanged 0, removed 0, skipped 1\n")
        #expect(imported.stderr.contains("photos/broken.jpg: truncated"))
        #expect(FileManager.default.fileExists(atPath: work.path + "/gallery.db"))

        let listed = try GalleryBinary.run(["photos", "--json"], in: work.url)
        #expect(listed.status == 0)
        let objects = try #require(JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == 2)
        let keys: Set = ["id", "path", "album", "format", "width", "height", "orientation", "displayWidth", "displayHeight", "aspectRatio", "caption", "comment"]
        for object in objects { #expect(keys.isSubset(of: Set(object.keys))) }
        let a = try #require(objects.first { $0["path"] as? String == "a.jpg" })
        #expect(a["album"] as? String == "photos")
        #expect(a["format"] as? String == "jpeg")
        #expect(a["width"] as? Int == 64 && a["height"] as? Int == 48 && a["orientation"] as? Int == 6)
        #expect(a["displayWidth"] as? Int == 48 && a["displayHeight"] as? Int == 64)
        #expect(a["aspectRatio"] as? Double == 0.75)
        #expect(a["caption"] as? String == "<b>Hi</b> \"there\"")
        #expect(a["comment"] as? String == "Line 1\nLine 2")
        let b = try #require(objects.first { $0["path"] as? String == "album/b.png" })
        #expect(b["album"] as? String == "album" && b["format"] as? String == "png")

        let albumOnly = try GalleryBinary.run(["photos", "--json", "--album", "album"], in: work.url)
        #expect((try JSONSerialization.jsonObject(with: Data(albumOnly.stdout.utf8)) as? [Any])?.count == 1)
        let table = try GalleryBinary.run(["photos"], in: work.url)
        #expect(table.stdout.contains("a.jpg") && table.stdout.contains("2 photos"))
    }

    @Test("exit codes: 2 for usage, 1 for work that cannot be done, messages that say what to do")
    func exitCodes() throws {
        let work = try TemporaryDirectory()
        let badJobs = try GalleryBinary.run(["import", "x", "--jobs", "0"], in: work.url)
        #expect(badJobs.status == 2)
        #expect(badJobs.stderr.contains("--jobs must be between 1 and 1024"))
        let unknownFlag = try GalleryBinary.run(["photos", "--nope"], in: work.url)
        #expect(unknownFlag.status == 2)
        let noFolder = try GalleryBinary.run(["import", "missing-folder"], in: work.url)
        #expect(noFolder.status == 1)
        #expect(noFolder.stderr.contains("no folder at missing-folder"))
        let noLibrary = try GalleryBinary.run(["photos", "--db", "none.db"], in: work.url)
        #expect(noLibrary.status == 1)
        #expect(noLibrary.stderr.contains("run 'gallery import PHOTOS/' first"))
        #expect(!FileManager.default.fileExists(atPath: work.path + "/none.db"))
        try work.write("p/a.jpg", TestImages.jpeg())
        _ = try GalleryBinary.run(["import", "p"], in: work.url)
        let unknownAlbum = try GalleryBinary.run(["photos", "--album", "zzz"], in: work.url)
        // Naming an album the library lacks is a usage error, as in `gallery layout`.
        #expect(unknownAlbum.status == 2 && unknownAlbum.stderr.contains("known albums: 'p'"))
        // A database that cannot be written.
        try work.write("readonly/x", text: "")
        let blocked = try GalleryBinary.run(["import", "p", "--db", "/proc/gallery.db"], in: work.url)
        #expect(blocked.status == 1 && blocked.stderr.contains("gallery.db"))
    }

    @Test("without a terminal, progress is plain lines; --quiet prints only the summary")
    func progressOutput() throws {
        let work = try TemporaryDirectory()
        for i in 0 ..< 5 { try work.write("p/\(i).jpg", TestImages.jpeg(seed: UInt8(i))) }
        let loud = try GalleryBinary.run(["import", "p"], in: work.url)
        #expect(loud.stderr.contains("import: 5/5 files"))
        #expect(!loud.stderr.contains("\u{1B}["))
        let quiet = try GalleryBinary.run(["import", "p", "--quiet", "--db", "q.db"], in: work.url)
        #expect(quiet.stderr.isEmpty)
    }
}

@Suite("gallery measure on a machine without the fonts a text needs")
struct MissingFontCLITests {
    @Test("a character no installed font has: one warning naming it, measured as a .notdef box, exit 0")
    func missingFonts() throws {
        let work = try TemporaryDirectory("no-fonts")
        // A font world with the styles' own files only: Deseret has no face at all there.
        try work.write("fonts.conf", text: """
            <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig><dir>\(work.path)/none</dir><cachedir>\(work.path)/cache</cachedir></fontconfig>
            """)
        let input = "\"𐐜𐐜𐐜 first\"\n\"𐐜 again, and 𐐲\"\n"
        let result = try GalleryBinary.run(["measure", "--width", "120"], in: work.url,
                                           environment: ["FONTCONFIG_FILE": work.url.appending(path: "fonts.conf").path], input: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 2)
        let warnings = result.stderr.split(separator: "\n")
        #expect(warnings.filter { $0.contains("U+1041C") }.count == 1, "\(result.stderr)")
        #expect(warnings.filter { $0.contains("U+10432") }.count == 1, "\(result.stderr)")
        #expect(warnings.allSatisfy { $0.hasPrefix("warning: ") && $0.contains("install") })
    }

    @Test("a run that does not end in its time limit is stopped and reported, not waited for")
    func timeLimit() throws {
        let work = try TemporaryDirectory("time-limit")
        let started = Date()
        let served = try GalleryBinary.run(["serve", "--port", "0", "--db", work.path + "/none.db"], in: work.url, timeout: 1)
        #expect(Date().timeIntervalSince(started) < 10)
        // Either serve refused the missing library at once, or it was stopped at the limit.
        #expect(served.status != 0)
        if served.status == -1 { #expect(served.stderr.contains("stopped after 1 s")) }
        let sleeper = Date()
        let slept = try GalleryBinary.run(["30"], in: work.url, executable: URL(fileURLWithPath: "/bin/sleep"), timeout: 1)
        #expect(slept.status == -1 && slept.stderr.contains("stopped after 1 s"))
        #expect(Date().timeIntervalSince(sleeper) < 10)
    }
}
