import Foundation

/// The sample gallery (`sample-data/`), built once for the whole test run by
/// `gallery build sample-data --out site` and shared by the tests that only read it (pages in
/// browsers, the engine's numbers from its gallery.db). A test that changes the library or
/// the site builds its own. Probe pages written beside the site's pages must have names of
/// their own (`HeadlessChromium.evaluate` gives each a unique one).
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
}

struct SampleSiteFailure: Error, CustomStringConvertible {
    var description: String
}
