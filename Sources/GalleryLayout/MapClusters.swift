/// Photos on a map, clustered for every zoom ahead of time, as the album grid is laid out
/// ahead of time: the map page draws a zoom's clusters without computing any, so its first
/// draw costs the same at 100 photos and at 100,000 (a clustering plugin in the page spends
/// seconds on 100,000 before it draws one).
///
/// The rule is Supercluster's: from the deepest zoom up, each cluster of the zoom below, in
/// turn, takes in every cluster not yet taken that lies within `radius` CSS px of it at this
/// zoom; the new cluster sits at its photos' mean (in Web Mercator, as Leaflet projects).
/// Every zoom's clusters split the ones above them, so the clusters form a tree, and laid out
/// leaf by leaf (`order`) every cluster of every zoom is one run of places: a zoom is
/// described by where its runs start, and the whole tree by one number a place (`levels`).
public struct MapClusters: Sendable {
    /// How close two clusters may be at a zoom, in CSS px, before they are one: a 40 px
    /// bubble's width with room between two.
    public static let defaultRadius = 60.0
    /// The deepest zoom (about 0.6 m a px at the equator): the photos still within `radius`
    /// of each other there stay together, and the page shows them as one group.
    public static let defaultMaxZoom = 18

    public let radius: Double
    public let maxZoom: Int
    /// The points' indices (as given to `init`) in the order of the tree's leaves.
    public let order: [Int]
    /// For each place `p` in `order`, the first zoom at which a cluster starts there: 0 at
    /// place 0; `maxZoom + 1` where the points before and after stay together at every zoom.
    public let levels: [Int]
    /// The points' Web Mercator coordinates in `order`, in [0, 1] over the world.
    let x: [Double], y: [Double]

    /// One cluster at a zoom: `places` is its run of `order`; a cluster of one is a photo.
    public struct Cluster: Equatable, Sendable {
        public var latitude: Double
        public var longitude: Double
        public var places: Range<Int>
        public var count: Int { places.count }
    }

    /// Clusters `points` (latitude, longitude in degrees; latitudes beyond Web Mercator's
    /// ±85.05° are drawn at its edge, as Leaflet draws them).
    public init(points: [(latitude: Double, longitude: Double)], radius: Double = defaultRadius, maxZoom: Int = defaultMaxZoom) {
        precondition(radius > 0 && (0 ... 30).contains(maxZoom), "MapClusters: radius > 0, maxZoom 0...30")
        self.radius = radius
        self.maxZoom = maxZoom
        // A level's clusters: their centre, how many points, and the clusters of the level
        // below they hold (the deepest level's clusters are the points).
        struct Node { var x: Double; var y: Double; var count: Int; var children: [Int32] }
        var level = points.map { Node(x: Self.projectX($0.longitude), y: Self.projectY($0.latitude), count: 1, children: []) }
        var tree: [[Node]] = [level]
        for zoom in stride(from: maxZoom, through: 0, by: -1) {
            let reach = radius / (256 * Double(sign: .plus, exponent: zoom, significand: 1))
            let cell = { (value: Double) in Int64((value / reach).rounded(.down)) }
            var grid: [Int64: [Int32]] = [:]
            for (index, node) in level.enumerated() { grid[cell(node.x) << 32 | cell(node.y) & 0xFFFF_FFFF, default: []].append(Int32(index)) }
            var taken = [Bool](repeating: false, count: level.count)
            var above: [Node] = []
            for index in level.indices where !taken[index] {
                taken[index] = true
                let node = level[index]
                var members: [Int32] = [Int32(index)]
                var sumX = node.x * Double(node.count), sumY = node.y * Double(node.count), count = node.count
                let column = cell(node.x), row = cell(node.y)
                for dx in -1 ... 1 {
                    for dy in -1 ... 1 {
                        for other in grid[(column + Int64(dx)) << 32 | (row + Int64(dy)) & 0xFFFF_FFFF] ?? [] where !taken[Int(other)] {
                            let near = level[Int(other)]
                            let distanceX = near.x - node.x, distanceY = near.y - node.y
                            guard distanceX * distanceX + distanceY * distanceY <= reach * reach else { continue }
                            taken[Int(other)] = true
                            members.append(other)
                            sumX += near.x * Double(near.count)
                            sumY += near.y * Double(near.count)
                            count += near.count
                        }
                    }
                }
                members.sort()
                above.append(Node(x: sumX / Double(count), y: sumY / Double(count), count: count, children: members))
            }
            tree.append(above)
            level = above
        }
        // tree[0] is the points, tree[maxZoom + 1 - z] zoom z's clusters. Leaf by leaf from
        // zoom 0's clusters: a place starts a cluster first at the zoom of the level where it
        // left its elder sibling.
        var order: [Int] = [], levels: [Int] = []
        order.reserveCapacity(points.count)
        levels.reserveCapacity(points.count)
        func visit(_ depth: Int, _ index: Int, startsAt zoom: Int) {
            guard depth > 0 else {
                order.append(index)
                levels.append(zoom)
                return
            }
            // This node is zoom (maxZoom + 1 - depth)'s; its children part at the next zoom.
            let childZoom = maxZoom + 2 - depth
            for (number, child) in tree[depth][index].children.enumerated() {
                visit(depth - 1, Int(child), startsAt: number == 0 ? zoom : childZoom)
            }
        }
        for index in tree[maxZoom + 1].indices { visit(maxZoom + 1, index, startsAt: 0) }
        self.order = order
        self.levels = levels
        x = order.map { tree[0][$0].x }
        y = order.map { tree[0][$0].y }
    }

    /// The clusters at `zoom` (clamped to 0...maxZoom), in `order`; each at its points' mean,
    /// summed in `order` as the page sums them.
    public func clusters(zoom: Int) -> [Cluster] {
        guard !order.isEmpty else { return [] }
        let zoom = min(max(zoom, 0), maxZoom)
        var clusters: [Cluster] = []
        var start = 0
        for place in 0 ... order.count where place == order.count || (place > start && levels[place] <= zoom) {
            var sumX = 0.0, sumY = 0.0
            for member in start ..< place {
                sumX += x[member]
                sumY += y[member]
            }
            let count = Double(place - start)
            clusters.append(Cluster(latitude: Self.latitude(y: sumY / count), longitude: Self.longitude(x: sumX / count), places: start ..< place))
            start = place
        }
        return clusters
    }

    /// The zoom at which `cluster` first parts (tapping it zooms there), or nil when its
    /// photos stay together at every zoom.
    public func partingZoom(_ cluster: Cluster) -> Int? {
        let parting = levels[cluster.places].dropFirst().min() ?? maxZoom + 1
        return parting > maxZoom ? nil : parting
    }

    /// Leaflet's spherical Mercator, over [0, 1]: latitudes held within its ±85.0511287798°.
    static let latitudeLimit = 85.0511287798
    static func projectX(_ longitude: Double) -> Double { longitude / 360 + 0.5 }
    static func projectY(_ latitude: Double) -> Double {
        let limited = min(max(latitude, -latitudeLimit), latitudeLimit) * Double.pi / 180
        return 0.5 - Elementary.log((1 + Elementary.sin(limited)) / (1 - Elementary.sin(limited))) / (4 * Double.pi)
    }
    static func longitude(x: Double) -> Double { (x - 0.5) * 360 }
    static func latitude(y: Double) -> Double { (2 * Elementary.atan(Elementary.exp((0.5 - y) * 2 * Double.pi)) - Double.pi / 2) * 180 / Double.pi }
}
