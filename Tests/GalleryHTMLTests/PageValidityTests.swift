import Foundation
import GalleryTestSupport
import Testing

/// Every kind of page an export writes, checked by the Nu HTML Checker (vnu.jar, installed by
/// `make deps` into .build-tools/checkers): the sample site as it is, and the sample library
/// with everything on — `base_url` (photo pages, feeds), the map (`--publish-location`), a
/// private album's password page, an unlisted and a hidden album. No error.
@Suite("Valid HTML: every kind of page")
struct PageValidityTests {
    static let checkers = GalleryBinary.packageRoot.appending(path: ".build-tools/checkers")

    /// sample-data with every page kind on.
    static let everything: Result<TemporaryDirectory, any Error> = Result {
        let work = try TemporaryDirectory("every-page-kind")
        try FileManager.default.copyItem(at: GalleryBinary.packageRoot.appending(path: "sample-data"), to: work.url.appending(path: "photos"))
        try work.write("photos/gallery.toml", text: "[site]\nbase_url = \"https://example.org/trip/\"\n[downloads]\nalbum_zip = true\n")
        try work.write("photos/moments/album.toml", text: "access = \"private\"\n")
        try work.write("photos/highlands/album.toml", text: "access = \"unlisted\"\n")
        let build = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet", "--publish-location"], in: work.url,
                                          environment: ["GALLERY_ALBUM_PASSWORD_MOMENTS": "a long pass phrase"])
        guard build.status == 0 else { throw TestFailure(description: "gallery build: \(build.stderr)") }
        return work
    }

    static func pages(in site: URL) -> [String] {
        let all = FileManager.default.enumerator(atPath: site.path)?.compactMap { $0 as? String } ?? []
        return all.filter { $0.hasSuffix(".html") && !$0.contains("probe") && !$0.hasPrefix("private/") && !$0.hasPrefix("leaflet/") }.map { site.appending(path: $0).path }
    }

    @Test("the Nu HTML Checker finds no error on any page")
    func valid() throws {
        let jar = Self.checkers.appending(path: "vnu.jar")
        try #require(FileManager.default.fileExists(atPath: jar.path), "vnu.jar is not installed: run 'make deps'")
        let everything = try Self.everything.get().url.appending(path: "site")
        let pages = Self.pages(in: try SampleSite.site) + Self.pages(in: everything)
        // Each kind is there: album, view, plain, browse, search, map, index, photo, password pages.
        for kind in ["album-coast.html", "album-coast-wheel.html", "album-coast-carousel.html", "album-coast-circle.html", "album-coast-justified.html",
                     try AlbumIndexFile(site: everything, stem: "album-coast").plainPage(0), "year-2024.html", "search.html", "map.html", "index.html", "photo/1.html", "album-moments"] {
            #expect(pages.contains { $0.hasPrefix(everything.path) && $0.dropFirst(everything.path.count + 1).hasPrefix(kind) }, "no \(kind)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/java")
        process.arguments = ["-jar", jar.path, "--errors-only", "--format", "gnu"] + pages
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let report = ProcessOutput(errors)
        try process.run()
        process.waitUntilExit()
        let lines = report.all().split(separator: "\n").filter { $0.contains("error") }
        #expect(lines.isEmpty && process.terminationStatus == 0, "\(lines.count) errors in \(pages.count) pages:\n\(lines.prefix(20).joined(separator: "\n"))")
    }
}
