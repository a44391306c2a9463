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
    static let partWindow = 511
    static let maximumPart = 4_096

    /// What the listing file holds.
    struct Listing: Encodable {
        var kind = "points"
        var count: Int
        var maxZoom: Int
        /// A part's latitudes and longitudes are in 1/`scale` of a degree (`MapPlace.digits`).
        var scale: Int
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
        /// (`level`: `MapClusters.levels`). Latitude and longitude are in 1/`scale` of a degree,
        /// each the step from the part's point before (the first's from 0): the clusters' order
        /// keeps near points together, so a step is a few digits where a place was ten
        /// (a third of the map's bytes, downloaded and rewritten).
        var points: [Int]
    }

    /// 10 to the power of `MapPlace.digits`: a place's latitude and longitude times this are
    /// whole, and a whole number divided by it is that place's latitude or longitude again, as
    /// the page divides it.
    static let scale: Int = (0 ..< MapPlace.digits).reduce(1) { power, _ in power * 10 }

    /// The map of `points` (the search's, `SiteSearch.MapPoint`) clustered as `clusters`.
    init(points: [SiteSearch.MapPoint], clusters: MapClusters) throws {
        let starts = AlbumCuts.starts(count: clusters.order.count, window: Self.partWindow, maximum: Self.maximumPart,
                                      seed: 3) { points[clusters.order[$0]].id }
        var parts: [(digest: String, script: String)] = []
        for (number, start) in starts.enumerated() {
            let end = number + 1 < starts.count ? starts[number + 1] : clusters.order.count
            var flat: [Int] = []
            flat.reserveCapacity(4 * (end - start))
            var latitude = 0, longitude = 0
            for place in start ..< end {
                let point = points[clusters.order[place]]
                let pointLatitude = Self.whole(point.latitude), pointLongitude = Self.whole(point.longitude)
                flat += [pointLatitude - latitude, pointLongitude - longitude, point.document, clusters.levels[place]]
                (latitude, longitude) = (pointLatitude, pointLongitude)
            }
            let script = try AlbumData.script(Part(points: flat))
            parts.append((Self.digest(script), script))
        }
        self.parts = parts
        script = try AlbumData.script(Listing(count: clusters.order.count, maxZoom: clusters.maxZoom, scale: Self.scale, parts: parts.map(\.digest),
                                              part: SiteFileName.mapPart(digest: "{n}").name, search: SiteFileName.search(.index).name))
    }

    /// A latitude or longitude as `MapPlace` publishes it, in 1/`scale` of a degree.
    static func whole(_ degrees: Double) -> Int { Int((degrees * Double(scale)).rounded()) }

    /// The first 16 hexadecimal digits of the SHA-256 of `text`.
    private static func digest(_ text: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        for byte in SHA256.hash(data: Data(text.utf8)).prefix(8) { hex += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        return String(decoding: hex, as: UTF8.self)
    }
}
