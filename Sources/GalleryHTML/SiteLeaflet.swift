import Foundation

/// Leaflet, as Debian packages its maintained release (`libjs-leaflet`: `make demo` installs
/// it), copied into a site that has a map with its licence beside it. Never written by hand,
/// never fetched from a CDN: the map works from `file://` and any static host, and its
/// visitors ask no one else for code. (Its clusters are the export's, `MapClusters`: a
/// clustering plugin in the page took 3 s to cluster 100,000 photos before it drew one.)
enum SiteLeaflet {
    /// Where Debian installs them.
    static let folder = "/usr/share/javascript/leaflet/"
    /// The files a site's `leaflet/` holds, by name, and where each comes from.
    static let sources: [String: String] = [
        "leaflet.js": folder + "leaflet.min.js",
        "leaflet.css": folder + "leaflet.css",
        // leaflet.css names these (its controls' and default markers' pictures).
        "images/layers.png": folder + "images/layers.png",
        "images/layers-2x.png": folder + "images/layers-2x.png",
        "images/marker-icon.png": folder + "images/marker-icon.png",
        "images/marker-icon-2x.png": folder + "images/marker-icon-2x.png",
        "images/marker-shadow.png": folder + "images/marker-shadow.png",
        "LICENSE-leaflet.txt": "/usr/share/doc/libjs-leaflet/copyright",
    ]
    static var files: Set<String> { Set(sources.keys) }

    /// The packages to install when a file is missing.
    static let packages = "libjs-leaflet"

    /// The bytes of `file` (one of `files`), or nil when its package is not installed.
    static func contents(_ file: String) -> [UInt8]? {
        guard let path = sources[file], let data = FileManager.default.contents(atPath: path) else { return nil }
        return [UInt8](data)
    }

    /// Whether every file is there.
    static var isInstalled: Bool { sources.values.allSatisfy { FileManager.default.isReadableFile(atPath: $0) } }
}
