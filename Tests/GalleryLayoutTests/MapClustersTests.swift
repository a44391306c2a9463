@testable import GalleryLayout
import GalleryTestSupport
import Testing

@Suite("Map clusters: computed for every zoom ahead of time, each zoom's clusters runs of one order")
struct MapClustersTests {
    /// `count` points in a few clumps of different spreads (a town, a walk, one spot) over the
    /// world, seeded.
    static func clumps(_ count: Int, seed: UInt64) -> [(latitude: Double, longitude: Double)] {
        var rng = SplitMix64(seed: seed)
        let centres = (0 ..< 6).map { _ in (Double.random(in: -60 ... 70, using: &rng), Double.random(in: -179 ... 179, using: &rng)) }
        let spreads = [0.0, 0.00005, 0.002, 0.05, 1, 8]
        return (0 ..< count).map { _ in
            let clump = Int.random(in: 0 ..< centres.count, using: &rng), spread = spreads[clump]
            return (min(max(centres[clump].0 + Double.random(in: -1 ... 1, using: &rng) * spread, -89), 89),
                    min(max(centres[clump].1 + Double.random(in: -1 ... 1, using: &rng) * spread, -180), 180))
        }
    }

    @Test("every zoom's clusters split the points into runs of one order, each inside one cluster of the zoom above, at its points' mean",
          arguments: [1, 2, 3] as [UInt64])
    func partitions(seed: UInt64) {
        let points = Self.clumps(1_500, seed: seed)
        let map = MapClusters(points: points)
        #expect(map.order.sorted() == Array(points.indices), "every point once in the order")
        #expect(map.levels.first == 0 && map.levels.allSatisfy { (0 ... map.maxZoom + 1).contains($0) })
        var startsAbove: Set<Int>? = nil
        for zoom in 0 ... map.maxZoom {
            let clusters = map.clusters(zoom: zoom)
            #expect(clusters.first?.places.lowerBound == 0 && clusters.last?.places.upperBound == points.count)
            #expect(zip(clusters, clusters.dropFirst()).allSatisfy { $0.places.upperBound == $1.places.lowerBound }, "zoom \(zoom): runs meet")
            let starts = Set(clusters.map(\.places.lowerBound))
            if let startsAbove { #expect(startsAbove.isSubset(of: starts), "zoom \(zoom): a cluster of zoom \(zoom - 1) is split across two") }
            startsAbove = starts
            for cluster in clusters.prefix(200) {
                let members = cluster.places.map { map.order[$0] }
                let x = members.map { MapClusters.projectX(points[$0].longitude) }.reduce(0, +) / Double(members.count)
                let y = members.map { MapClusters.projectY(points[$0].latitude) }.reduce(0, +) / Double(members.count)
                #expect(abs(MapClusters.projectX(cluster.longitude) - x) < 1e-9 && abs(MapClusters.projectY(cluster.latitude) - y) < 1e-9,
                        "zoom \(zoom): a cluster of \(cluster.count) is not at its points' mean")
            }
        }
        // The deepest zoom holds a cluster of one for every point apart from the rest.
        #expect(map.clusters(zoom: map.maxZoom).count > map.clusters(zoom: 0).count)
    }

    @Test("two photos 100 px apart at a zoom are two there and one at the zoom above (50 px, within the 60 px radius), parting where they part")
    func radius() throws {
        let zoom = 10
        // On the equator x is linear in the longitude: 100 px at zoom 10.
        let apart = 100 / (256 * Double(1 << zoom)) * 360
        let map = MapClusters(points: [(0, 10), (0, 10 + apart)])
        #expect(map.clusters(zoom: zoom).map(\.count) == [1, 1])
        let merged = try #require(map.clusters(zoom: zoom - 1).first)
        #expect(merged.count == 2 && map.clusters(zoom: zoom - 1).count == 1)
        #expect(abs(merged.longitude - (10 + apart / 2)) < 1e-9 && abs(merged.latitude) < 1e-9)
        #expect(map.partingZoom(merged) == zoom)
        #expect(map.clusters(zoom: 0).count == 1 && map.partingZoom(map.clusters(zoom: 0)[0]) == zoom)
    }

    @Test("photos in one spot stay one group at every zoom; no points, the poles and the antimeridian are no trouble")
    func edges() throws {
        let spot = MapClusters(points: Array(repeating: (48.8566, 2.3522), count: 40) + [(48.9, 2.4)])
        let deepest = spot.clusters(zoom: spot.maxZoom)
        #expect(deepest.map(\.count).sorted() == [1, 40])
        let group = try #require(deepest.first { $0.count == 40 })
        #expect(spot.partingZoom(group) == nil)
        #expect(abs(group.latitude - 48.8566) < 1e-9 && abs(group.longitude - 2.3522) < 1e-9)

        #expect(MapClusters(points: []).clusters(zoom: 5).isEmpty)
        let edges = MapClusters(points: [(90, 0), (-90, 0), (0, 180), (0, -180), (85.1, 179.99999), (-85.1, -179.99999)])
        for zoom in 0 ... edges.maxZoom {
            let clusters = edges.clusters(zoom: zoom)
            #expect(clusters.reduce(0) { $0 + $1.count } == 6)
            #expect(clusters.allSatisfy { $0.latitude.isFinite && $0.longitude.isFinite && abs($0.latitude) <= 85.06 && abs($0.longitude) <= 180 })
        }
        // The same points in the same order cluster the same way.
        let points = Self.clumps(300, seed: 9)
        #expect(MapClusters(points: points).levels == MapClusters(points: points).levels)
    }
}
