import Crypto
import Foundation
import GalleryLayout
import GalleryService

/// A map's points as its page loads them: a small file that lists its parts
/// (data/map.points.js, an album's data/map.points-STEM.js) and the parts, each named by a
/// digest of its bytes (data/map.part-DIGEST.js).
///
/// The points are in the clusters' order (`MapClusters.order`), which photos added anywhere
/// reorder only where they land: cut into runs by content (`AlbumCuts.starts` on the photos'
/// ids, about 1,000 points and 27 KB a part), the runs they do not land in keep their bytes
/// and names, where one file of every point was rewritten whole (2.7 MB at 100,000 photos)
/// for a day of photos added.
struct SiteMapPoints: Sendable {
    /// The parts' files, in the clusters' order: each one's name's digest and its bytes.
    let parts: [(digest: String, script: String)]
    /// The file that lists them.
    let script: String

    /// A part's points: fewer parts, fewer requests before the map draws (a host without
    /// HTTP/2 asks six at a time), more bytes rewritten by a point that lands in one.
    static let minimumPart = 256
    static let maximumPart = 4_096
    static let partSpread: UInt64 = 768

    /// What the listing file holds.
    struct Listing: Encodable {
        var kind = "points"
        var count: Int
        var maxZoom: Int
        /// The parts' digests, in order: each one's file is `part` with {n} = its digest.
        var parts: [String]
        var part: String
        /// The search's index, whose blocks of cells the map's lightbox shows photos from.
        var search: String
    }

    /// One part's points.
    struct Part: Encodable {
        var kind = "points"
        /// [latitude, longitude, document, level] a point, flat, in the clusters' order
        /// (`level`: `MapClusters.levels`), latitude and longitude as `MapPlace` publishes them.
        var points: [Double]
    }

    /// The map of `points` (the search's, `SiteSearch.MapPoint`) clustered as `clusters`.
    init(points: [SiteSearch.MapPoint], clusters: MapClusters) throws {
        let starts = AlbumCuts.starts(count: clusters.order.count, minimum: Self.minimumPart, maximum: Self.maximumPart,
                                      spread: Self.partSpread, seed: 3) { points[clusters.order[$0]].id }
        var parts: [(digest: String, script: String)] = []
        for (number, start) in starts.enumerated() {
            let end = number + 1 < starts.count ? starts[number + 1] : clusters.order.count
            var flat: [Double] = []
            flat.reserveCapacity(4 * (end - start))
            for place in start ..< end {
                let point = points[clusters.order[place]]
                flat += [point.latitude, point.longitude, Double(point.document), Double(clusters.levels[place])]
            }
            let script = try AlbumData.script(Part(points: flat))
            parts.append((Self.digest(script), script))
        }
        self.parts = parts
        script = try AlbumData.script(Listing(count: clusters.order.count, maxZoom: clusters.maxZoom, parts: parts.map(\.digest),
                                              part: SiteFileName.mapPart(digest: "{n}").name, search: SiteFileName.search(.index).name))
    }

    /// The first 16 hexadecimal digits of the SHA-256 of `text`.
    private static func digest(_ text: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        for byte in SHA256.hash(data: Data(text.utf8)).prefix(8) { hex += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        return String(decoding: hex, as: UTF8.self)
    }
}
