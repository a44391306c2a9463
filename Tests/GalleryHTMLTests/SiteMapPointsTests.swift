import Foundation
@testable import GalleryHTML
import GalleryLayout
import GalleryTestSupport
import Testing

/// The map's points in parts cut by content (`SiteMapPoints`), on seeded random libraries:
/// the parts end to end are every point in the clusters' order, and a day of photos taken in
/// one town rewrites the parts they land in, not the others.
@Suite("The map's points in parts: all of them in order, a new day rewriting few")
struct SiteMapPointsTests {
    /// Photos around a few towns, a few kilometres across each (ids from `firstID` on, in
    /// document order).
    static func points(_ count: Int, firstID: Int64, document: Int, towns: [(Double, Double)], random: inout SplitMix64) -> [SiteSearch.MapPoint] {
        (0 ..< count).map { i in
            let town = towns[Int(random.next() % UInt64(towns.count))]
            let latitude = town.0 + Double(random.next() % 10_000) / 10_000 * 0.09
            let longitude = town.1 + Double(random.next() % 10_000) / 10_000 * 0.13
            let place = MapPlace.of(latitude: latitude, longitude: longitude)!
            return SiteSearch.MapPoint(latitude: place.latitude, longitude: place.longitude, document: document + i, id: firstID + Int64(i), stem: "")
        }
    }

    struct Part: Decodable { var points: [Int] }

    /// A part's points as the page reads them: [latitude, longitude, document, level] each,
    /// the places summed from their steps and divided by the scale.
    static func decode(_ script: String) throws -> [Double] {
        let json = script.drop { $0 != "(" }.dropFirst().reversed().drop { $0 != ")" }.dropFirst().reversed()
        let steps = try JSONDecoder().decode(Part.self, from: Data(String(json).utf8)).points
        var points: [Double] = [], latitude = 0, longitude = 0
        for j in stride(from: 0, to: steps.count, by: 4) {
            latitude += steps[j]
            longitude += steps[j + 1]
            points += [Double(latitude) / Double(SiteMapPoints.scale), Double(longitude) / Double(SiteMapPoints.scale), Double(steps[j + 2]), Double(steps[j + 3])]
        }
        return points
    }

    @Test("parts end to end are the clusters' order; 50 photos of one day in one town rewrite only parts of that town", arguments: [1, 2, 3] as [UInt64])
    func parts(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let towns = [(48.39, -4.49), (56.82, -5.11), (38.72, -9.14), (52.52, 13.40), (35.68, 139.69)]
        let old = Self.points(12_000, firstID: 1_000, document: 0, towns: towns, random: &random)
        let clusters = MapClusters(points: old.map { ($0.latitude, $0.longitude) })
        let map = try SiteMapPoints(points: old, clusters: clusters)
        #expect(map.parts.count >= 6, "\(map.parts.count) parts of 12,000 points")
        var flat: [Double] = []
        for (number, part) in map.parts.enumerated() {
            let points = try Self.decode(part.script)
            #expect(number == map.parts.count - 1 || (SiteMapPoints.partWindow + 1 ... SiteMapPoints.maximumPart).contains(points.count / 4), "part \(number): \(points.count / 4) points")
            flat += points
        }
        let expected = zip(clusters.order, clusters.levels).flatMap { index, level in
            [old[index].latitude, old[index].longitude, Double(old[index].document), Double(level)]
        }
        #expect(flat == expected)
        #expect(map.script.contains(map.parts.map { "\"\($0.digest)\"" }.joined(separator: ",")))
        #expect(map.script.contains("\"scale\":100000"))

        // A day in the second town, after every other photo.
        let day = Self.points(50, firstID: 100_000, document: old.count, towns: [towns[1]], random: &random)
        let grown = old + day
        let after = try SiteMapPoints(points: grown, clusters: MapClusters(points: grown.map { ($0.latitude, $0.longitude) }))
        // Only parts holding a photo of that town change (their order moves nowhere else);
        // the other towns' parts keep their bytes, and so their names.
        let afterDigests = Set(after.parts.map(\.digest))
        var rewritten = 0
        for (number, part) in map.parts.enumerated() where !afterDigests.contains(part.digest) {
            rewritten += 1
            let points = try Self.decode(part.script)
            let inTown = stride(from: 0, to: points.count, by: 4).contains { abs(points[$0] - towns[1].0 - 0.045) < 0.05 && abs(points[$0 + 1] - towns[1].1 - 0.065) < 0.07 }
            #expect(inTown, "part \(number) rewritten, and holds no photo of the new day's town")
        }
        #expect(rewritten > 0 && rewritten <= map.parts.count / 2, "\(rewritten) of \(map.parts.count) parts rewritten")
    }
}
