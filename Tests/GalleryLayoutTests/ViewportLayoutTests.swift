import GalleryLayout
import GalleryTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The four corners of an attributes' frame after its rotation about its anchor point.
func rotatedCorners(_ a: LayoutAttributes) -> [LayoutPoint] {
    let f = a.frame
    let pivot = LayoutPoint(x: f.x + a.anchorPoint.x * f.width, y: f.y + a.anchorPoint.y * f.height)
    let (s, c) = (sin(a.angle), cos(a.angle))
    return [(f.minX, f.minY), (f.maxX, f.minY), (f.maxX, f.maxY), (f.minX, f.maxY)].map { x, y in
        let (dx, dy) = (x - pivot.x, y - pivot.y)
        return LayoutPoint(x: pivot.x + dx * c - dy * s + a.translation.x, y: pivot.y + dx * s + dy * c + a.translation.y)
    }
}

/// Separating axis test: does a convex quadrilateral overlap an axis-aligned rect?
func overlaps(_ polygon: [LayoutPoint], _ rect: LayoutRect) -> Bool {
    let box = [LayoutPoint(x: rect.minX, y: rect.minY), LayoutPoint(x: rect.maxX, y: rect.minY),
               LayoutPoint(x: rect.maxX, y: rect.maxY), LayoutPoint(x: rect.minX, y: rect.maxY)]
    var axes = [LayoutPoint(x: 1, y: 0), LayoutPoint(x: 0, y: 1)]
    for i in 0 ..< 4 {
        let a = polygon[i], b = polygon[(i + 1) % 4]
        axes.append(LayoutPoint(x: -(b.y - a.y), y: b.x - a.x))
    }
    for axis in axes {
        let p = polygon.map { $0.x * axis.x + $0.y * axis.y }, q = box.map { $0.x * axis.x + $0.y * axis.y }
        if p.max()! <= q.min()! || q.max()! <= p.min()! { return false }
    }
    return true
}

@Suite("Wheel, circle, carousel, justified rows")
struct ViewportLayoutTests {
    @Test("wheel: numbers worked out from the formulas (133 × 173, radius 500)")
    func wheelNumbers() throws {
        let wheel = try WheelLayout(count: 10, viewport: LayoutSize(width: 375, height: 667), offset: 0)
        // atan(133 / 500) = atan(0.266)
        #expect(abs(wheel.anglePerItem - 0.259979881867593) < 1e-12)
        #expect(abs(wheel.angleAtExtreme - -9 * 0.259979881867593) < 1e-12)
        #expect(abs(wheel.anchorPoint.y - 3.3901734104046244) < 1e-12 && wheel.anchorPoint.x == 0.5)
        #expect(wheel.contentSize == LayoutSize(width: 1330, height: 667))
        #expect(wheel.angle == 0)
        // At the end of the content the last item is upright.
        let end = try WheelLayout(count: 10, viewport: LayoutSize(width: 375, height: 667), offset: 1330 - 375)
        #expect(abs(end.angle - end.angleAtExtreme) < 1e-12)
        #expect(abs(end.attributes(at: 9)!.angle) < 1e-12)
        // Halfway, half the angle; every item centered in the viewport, zIndex growing with angle.
        let half = try WheelLayout(count: 10, viewport: LayoutSize(width: 375, height: 667), offset: 477.5)
        #expect(abs(half.angle - half.angleAtExtreme / 2) < 1e-12)
        let items = half.allAttributes
        #expect(items.allSatisfy { $0.center == LayoutPoint(x: 477.5 + 187.5, y: 333.5) })
        #expect(zip(items, items.dropFirst()).allSatisfy { $0.zIndex < $1.zIndex })
        // theta = atan2(375/2, 500 − 667/2) + atan2(133/2, 500 − 173/2) = 0.8446 + 0.1596 = 1.0042:
        // at offset 0, items 0 ... ceil(1.0042 / 0.2600) = 4 are drawn.
        #expect(wheel.visibleRange == 0 ... 4)
    }

    @Test("wheel culling never drops an item whose rotated frame meets the viewport (brute force, many offsets)")
    func wheelCulling() throws {
        var rng = SplitMix64(seed: 11)
        for _ in 0 ..< 300 {
            let count = Int(rng.next() % 60)
            let viewport = LayoutSize(width: Double(200 + rng.next() % 1200), height: Double(300 + rng.next() % 900))
            let radius = Double(200 + rng.next() % 900)
            let content = Double(count) * 133
            let offset = (Double(rng.next() % 10_000) / 10_000) * max(content - viewport.width, 0)
            let wheel = try WheelLayout(count: count, radius: radius, viewport: viewport, offset: offset)
            let screen = LayoutRect(x: offset, y: 0, width: viewport.width, height: viewport.height)
            let shown = Set(wheel.attributes(in: screen).map(\.index))
            for index in 0 ..< count where !shown.contains(index) {
                let corners = rotatedCorners(try #require(wheel.attributes(at: index)))
                #expect(!overlaps(corners, screen), "item \(index) of \(count) culled but visible at offset \(offset)")
            }
        }
    }

    @Test("wheel snapping lands on an item boundary and follows the velocity's sign")
    func wheelSnapping() throws {
        let wheel = try WheelLayout(count: 20, viewport: LayoutSize(width: 400, height: 700))
        let perItem = (wheel.contentSize.width - 400) / Double(19)
        for proposed in stride(from: 0.0, through: 2260, by: 37.3) {
            for velocity in [-2.0, 0, 2] {
                let target = wheel.targetContentOffset(proposed: LayoutPoint(x: proposed, y: 0), velocity: LayoutPoint(x: velocity, y: 0)).x
                let steps = target / perItem
                #expect(abs(steps - steps.rounded()) < 1e-9, "not on a boundary: \(target)")
                if velocity > 0 { #expect(target >= proposed - 1e-9) }
                if velocity < 0 { #expect(target <= proposed + 1e-9) }
                if velocity == 0 { #expect(abs(target - proposed) <= perItem / 2 + 1e-9) }
            }
        }
    }

    @Test("circle: evenly spaced on the circle, every item inside the viewport")
    func circle() throws {
        for count in [1, 2, 3, 7, 24] {
            let circle = try CircleLayout(count: count, viewport: LayoutSize(width: 600, height: 420))
            // Frame: inset 8 and half the item (50): 58...542 × 58...362, radius min(484, 304)/2 = 152.
            #expect(circle.radius == 152 && circle.center == LayoutPoint(x: 300, y: 210))
            let centers = circle.allAttributes.map(\.center)
            for (i, c) in centers.enumerated() {
                let distance = ((c.x - 300) * (c.x - 300) + (c.y - 210) * (c.y - 210)).squareRoot()
                #expect(abs(distance - 152) < 1e-9)
                let next = centers[(i + 1) % count]
                let chord = ((next.x - c.x) * (next.x - c.x) + (next.y - c.y) * (next.y - c.y)).squareRoot()
                #expect(abs(chord - 2 * 152 * sin(Double.pi / Double(count))) < 1e-9)
            }
            for a in circle.allAttributes {
                #expect(a.frame.minX >= 0 && a.frame.minY >= 0 && a.frame.maxX <= 600 && a.frame.maxY <= 420)
            }
            #expect(circle.contentSize == LayoutSize(width: 600, height: 420))
        }
        #expect(try CircleLayout(count: 0, viewport: LayoutSize(width: 300, height: 300)).count == 0)
    }

    @Test("a page's circle: as many photos as stay `spacing` apart, shrunk so that no two overlap; the largest count that fits", arguments: [0, 1, 2, 5, 16, 48])
    func fittedCircle(available: Int) throws {
        let size = LayoutSize(width: 110, height: 110)
        let steps = CircleLayout.steps(maximum: 48, itemSize: size, inset: 8, spacing: 24)
        #expect(steps.first?.count == 48 && steps.last?.count == 1)
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0.count > $1.count })
        var random = SplitMix64(seed: UInt64(available) + 7)
        for _ in 0 ..< 200 {
            let viewport = LayoutSize(width: Double(Int.random(in: 150 ... 1800, using: &random)), height: Double(Int.random(in: 150 ... 1400, using: &random)))
            let circle = try CircleLayout(fitting: available, maximum: 48, itemSize: size, viewport: viewport, inset: 8, spacing: 24)
            #expect(circle.itemSize.width <= 110 && circle.itemSize.width == circle.itemSize.height)
            let frames = circle.allAttributes.map(\.frame)
            for frame in frames { #expect(frame.minX >= -1e-9 && frame.minY >= -1e-9 && frame.maxX <= viewport.width + 1e-9 && frame.maxY <= viewport.height + 1e-9) }
            guard frames.count >= 2 else { continue }
            // Neighbours' centres at least one item apart (round items: none covers another),
            // and, unless even the fewest do not fit, `spacing` apart.
            let chord = 2 * circle.radius * sin(Double.pi / Double(frames.count))
            #expect(chord >= circle.itemSize.width - 1e-9, "\(viewport): \(frames.count) items of \(circle.itemSize.width) only \(chord) apart")
            // `spacing` apart whenever a step fits: its count of items would be, so fewer are.
            let step = steps.first { viewport.width >= $0.minimumViewport.width && viewport.height >= $0.minimumViewport.height }
            if step != nil { #expect(chord >= 24 - 1e-9, "\(viewport): \(frames.count) items \(chord) apart") }
            #expect(circle.count == min(available, step?.count ?? 1))
            // The largest step that fits: the one before it would put its items closer than `spacing`.
            if let step, let index = steps.firstIndex(of: step), index > 0, available > step.count {
                let larger = steps[index - 1], factors = CircleLayout.fitFactors(count: larger.count, itemSize: size)
                let scale = min(1, (viewport.width - 16) * factors.width, (viewport.height - 16) * factors.height)
                let apart = min(viewport.width - 16 - 110 * scale, viewport.height - 16 - 110 * scale) * sin(Double.pi / Double(larger.count))
                #expect(apart < 24 + 1e-6, "\(viewport): \(larger.count) would fit, \(apart) apart")
            }
        }
    }

    @Test("carousel: shift 0 at half-integer focus, largest at integers, continuous; snapping to the nearest item")
    func carousel() throws {
        func layout(_ offset: Double) throws -> CarouselLayout {
            try CarouselLayout(count: 12, itemSize: LayoutSize(width: 200, height: 280), spacing: 16, focusedSpacing: 48,
                               viewport: LayoutSize(width: 600, height: 400), offset: offset)
        }
        // Item 0 centered: offset = −inset = −(600 − 200) / 2 = −200 → f = 0.
        #expect(try layout(-200).focusedIndex == 0)
        #expect(try layout(-200).contentInset == 200)
        let pitch = 216.0
        // f whole: the neighbours move away by (48 − 16) × 2 × ½ = 32.
        let whole = try layout(-200 + 3 * pitch)
        #expect(abs(whole.focusedIndex - 3) < 1e-12)
        #expect(whole.shift(forItem: 3) == 0 && abs(whole.shift(forItem: 2) + 32) < 1e-9 && abs(whole.shift(forItem: 7) - 32) < 1e-9)
        // f half-integer: no shift at all.
        let between = try layout(-200 + 3.5 * pitch)
        #expect((0 ..< 12).allSatisfy { abs(between.shift(forItem: $0)) < 1e-9 })
        // Continuous: a tiny scroll changes every shift a little.
        var previous = try layout(-200)
        for step in 1 ... 3000 {
            let next = try layout(-200 + Double(step) * 0.83)
            for i in 0 ..< 12 { #expect(abs(next.shift(forItem: i) - previous.shift(forItem: i)) < 0.3) }
            previous = next
        }
        // Frames do not depend on the offset.
        #expect(try layout(0).attributes(at: 4)!.frame == layout(900).attributes(at: 4)!.frame)
        // Snapping: the item whose center is nearest the viewport's center ends up centered.
        let rest = try layout(0)
        for proposed in stride(from: -200.0, through: 2200, by: 53) {
            let target = rest.targetContentOffset(proposed: LayoutPoint(x: proposed, y: 0), velocity: LayoutPoint(x: 0, y: 0)).x
            let centered = (target + 300 - 100) / pitch
            #expect(abs(centered - centered.rounded()) < 1e-9)
            #expect(abs(target - proposed) <= pitch / 2 + 1e-9 || proposed > 11 * pitch - 200)
        }
        // Rect queries equal a brute-force filter of the shifted frames.
        let queried = try layout(777)
        for x in stride(from: -300.0, through: 2800, by: 97) {
            let rect = LayoutRect(x: x, y: 0, width: 600, height: 400)
            let brute = queried.allAttributes.filter { a in var f = a.frame; f.x += a.translation.x; return f.intersects(rect) }
            #expect(queried.attributes(in: rect) == brute)
        }
    }

    @Test("justified rows: fill the width, stay near the target height, last row not stretched")
    func justified() throws {
        var rng = SplitMix64(seed: 3)
        for round in 0 ..< 40 {
            let count = [0, 1, 2, 5, 40, 300][round % 6]
            // Even rounds: ordinary shapes in pages wide enough, where every row can be in band;
            // odd rounds: panoramas and narrow pages too (rows fill and order still hold).
            let ordinary = round % 2 == 0
            let shapes = ordinary ? [0.66, 0.75, 1, 1.33, 1.5, 2] : [0.66, 0.75, 1, 1.33, 1.5, 2, 3.75]
            let ratios = (0 ..< count).map { _ in shapes[Int(rng.next() % UInt64(shapes.count))] }
            let width = ordinary ? Double(900 + rng.next() % 1000) : Double(320 + rng.next() % 1600)
            let options = JustifiedLayout.Options(targetRowHeight: 200, tolerance: 0.3, spacing: 6)
            let layout = try JustifiedLayout(width: width, aspectRatios: ratios, options: options)
            let all = layout.allAttributes
            #expect(all.map(\.index) == Array(0 ..< count))
            var rows: [Double: [LayoutRect]] = [:]
            for a in all { rows[a.frame.y, default: []].append(a.frame) }
            let lastY = rows.keys.max()
            for (y, frames) in rows {
                let height = frames[0].height
                #expect(frames.allSatisfy { $0.height == height })
                for (left, right) in zip(frames, frames.dropFirst()) { #expect(abs(right.minX - left.maxX - 6) < 1e-6) }
                // Each photo keeps its aspect ratio (the last of a row absorbs rounding).
                if y == lastY {
                    #expect(height <= 200 + 1e-9)
                    #expect(frames.last!.maxX <= width + 1e-6)
                } else {
                    #expect(abs(frames.last!.maxX - width) < 1e-6)
                    if ordinary { #expect(height >= 200 * 0.7 - 1e-9 && height <= 200 * 1.3 + 1e-9, "row height \(height)") }
                }
            }
            for (a, b) in zip(all, all.dropFirst()) where a.frame.y == b.frame.y { #expect(!a.frame.intersects(b.frame)) }
            for y in stride(from: -50.0, through: layout.contentSize.height + 50, by: 173) {
                let rect = LayoutRect(x: 0, y: y, width: width, height: 400)
                #expect(layout.attributes(in: rect) == all.filter { $0.frame.intersects(rect) })
            }
        }
    }

    @Test("bad input: zero or negative sizes, radius 0, NaN offsets; 0 and 1 items are valid")
    func badInput() throws {
        let viewport = LayoutSize(width: 400, height: 600)
        #expect(throws: LayoutError.self) { try WheelLayout(count: 3, itemSize: LayoutSize(width: 0, height: 10), viewport: viewport) }
        #expect(throws: LayoutError.self) { try WheelLayout(count: 3, radius: 0, viewport: viewport) }
        #expect(throws: LayoutError.self) { try WheelLayout(count: 3, viewport: viewport, offset: .nan) }
        #expect(throws: LayoutError.self) { try CarouselLayout(count: 3, viewport: viewport, offset: .nan) }
        #expect(throws: LayoutError.self) { try CarouselLayout(count: 3, itemSize: LayoutSize(width: -1, height: 5), viewport: viewport) }
        #expect(throws: LayoutError.self) { try CircleLayout(count: 3, viewport: LayoutSize(width: 0, height: 5)) }
        #expect(throws: LayoutError.self) { try JustifiedLayout(width: 500, aspectRatios: [1, .nan]) }
        for count in [0, 1] {
            #expect(try WheelLayout(count: count, viewport: viewport).allAttributes.count == count)
            #expect(try CircleLayout(count: count, viewport: viewport).allAttributes.count == count)
            #expect(try CarouselLayout(count: count, viewport: viewport).allAttributes.count == count)
            #expect(try JustifiedLayout(width: 500, aspectRatios: Array(repeating: 1.5, count: count)).count == count)
        }
    }
}
