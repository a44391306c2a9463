import Foundation

/// Leaflet and its marker clustering, as Debian packages their maintained releases
/// (`libjs-leaflet`, `libjs-leaflet.markercluster`: `make demo` installs them), copied into a
/// site that has a map with their licences beside them. Never written by hand, never fetched
/// from a CDN: the map works from `file://` and any static host, and its visitors ask no one
/// else for code.
enum SiteLeaflet {
    /// Where Debian installs them.
    static let folder = "/usr/share/javascript/leaflet/"
    /// The files a site's `leaflet/` holds, by name, and where each comes from.
    static let sources: [String: String] = [
        "leaflet.js": folder + "leaflet.min.js",
        "leaflet.css": folder + "leaflet.css",
        "leaflet.markercluster.js": folder + "leaflet.markercluster.min.js",
        "MarkerCluster.css": folder + "MarkerCluster.css",
        "MarkerCluster.Default.css": folder + "MarkerCluster.Default.css",
        // leaflet.css names these (its controls' and default markers' pictures).
        "images/layers.png": folder + "images/layers.png",
        "images/layers-2x.png": folder + "images/layers-2x.png",
        "images/marker-icon.png": folder + "images/marker-icon.png",
        "images/marker-icon-2x.png": folder + "images/marker-icon-2x.png",
        "images/marker-shadow.png": folder + "images/marker-shadow.png",
        "LICENSE-leaflet.txt": "/usr/share/doc/libjs-leaflet/copyright",
        "LICENSE-leaflet.markercluster.txt": "/usr/share/doc/libjs-leaflet.markercluster/copyright",
    ]
    static var files: Set<String> { Set(sources.keys) }

    /// The packages to install when a file is missing.
    static let packages = "libjs-leaflet libjs-leaflet.markercluster"

    /// The bytes of `file` (one of `files`), or nil when its package is not installed.
    static func contents(_ file: String) -> [UInt8]? {
        guard let path = sources[file], let data = FileManager.default.contents(atPath: path) else { return nil }
        return [UInt8](data)
    }

    /// Whether every file is there.
    static var isInstalled: Bool { sources.values.allSatisfy { FileManager.default.isReadableFile(atPath: $0) } }
}
