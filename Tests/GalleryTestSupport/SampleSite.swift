import Foundation

/// The sample gallery (`sample-data/`), built once for the whole test run by
/// `gallery build sample-data --out site` and shared by the tests that only read it (pages in
/// browsers, the engine's numbers from its gallery.db). A test that changes the library or
/// the site builds its own. Probe pages written beside the site's pages must have names of
/// their own (`HeadlessChromium.evaluate` gives each a unique one), with "probe" in them, so
/// that a test reading every file of the site (`exportedFiles`) can leave out those that other
/// tests are writing and removing at the same time.
public enum SampleSite {
    private static let built: Result<TemporaryDirectory, any Error> = Result {
        let work = try TemporaryDirectory("sample-site")
        let build = try GalleryBinary.run(["build", GalleryBinary.packageRoot.appending(path: "sample-data").path, "--out", "site", "--quiet"], in: work.url)
        guard build.status == 0 else { throw SampleSiteFailure(description: "gallery build sample-data failed: \(build.stderr)") }
        return work
    }

    /// The folder the build ran in: its gallery.db, and the site in `site/`.
    public static var folder: URL {
        get throws { try built.get().url }
    }

    /// The exported site.
    public static var site: URL {
        get throws { try folder.appending(path: "site") }
    }

    /// The paths, relative to the site, of the files the export wrote whose names end with one
    /// of `suffixes`: without the probe copies that tests running beside it come and go with.
    public static func exportedFiles(endingWith suffixes: [String]) throws -> [String] {
        let site = try site
        let all = FileManager.default.enumerator(atPath: site.path)?.compactMap { $0 as? String } ?? []
        return all.filter { path in
            !(path.split(separator: "/").last ?? "").contains("probe") && suffixes.contains { path.hasSuffix($0) }
        }
    }
}

struct SampleSiteFailure: Error, CustomStringConvertible {
    var description: String
}
