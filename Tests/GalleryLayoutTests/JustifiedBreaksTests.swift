@testable import GalleryLayout
import GalleryTestSupport
import Testing

/// Justified rows break where the whole album's deviation from the target height is least, as
/// Knuth and Plass break paragraphs: held to every possible breaking of small albums.
@Suite("Justified rows: the breaks of least total deviation, held to brute force")
struct JustifiedBreaksTests {
    /// The cost of rows starting at `starts` (then `count`), as the layout defines it: a row
    /// holds at most one photo past the point where it drops below the band (infinite otherwise).
    static func cost(_ starts: [Int], _ ratios: [Double], width: Double, options: JustifiedLayout.Options, preferredBreaks: [Int] = []) -> Double {
        // Each preferred break a row holds inside it costs `breakCost`.
        var total = Double(preferredBreaks.filter { !starts.contains($0) }.count) * JustifiedLayout.breakCost
        func fit(_ start: Int, _ end: Int) -> Double { (width - options.spacing * Double(end - start - 1)) / ratios[start ..< end].reduce(0, +) }
        for (row, (start, end)) in zip(starts, starts.dropFirst()).enumerated() {
            if end - start > 1 && fit(start, end - 1) < options.targetRowHeight * (1 - options.tolerance) { return .infinity }
            let fit = fit(start, end)
            total += row == starts.count - 2 ? JustifiedLayout.lastRowCost(fit: fit, options: options) : JustifiedLayout.rowCost(height: fit, options: options)
        }
        return total
    }

    /// The rows a layout drew, as their first indices then the count (a row is the photos at one y).
    static func starts(_ layout: JustifiedLayout) -> [Int] {
        let all = layout.allAttributes
        var starts = all.indices.filter { $0 == 0 || all[$0].frame.y != all[$0 - 1].frame.y }
        starts.append(all.count)
        return starts
    }

    @Test("with preferred breaks (chunk starts), still no breaking costs less, their cost counted; rows in the tolerance take them")
    func preferred() throws {
        var rng = SplitMix64(seed: 32)
        let shapes = [0.33, 0.56, 0.66, 0.75, 1, 1.33, 1.5, 1.78, 2, 3]
        var taken = 0, byChance = 0
        for round in 0 ..< 300 {
            let count = 2 + round % 10
            let ratios = (0 ..< count).map { _ in shapes[Int(rng.next() % UInt64(shapes.count))] }
            let preferred = (1 ..< count).filter { _ in rng.next() % 3 == 0 }
            let width = Double(320 + rng.next() % 900)
            let options = JustifiedLayout.Options(targetRowHeight: 180, tolerance: 0.25, spacing: 8)
            let layout = try JustifiedLayout(width: width, aspectRatios: ratios, options: options, preferredBreaks: preferred)
            let drawn = Self.starts(layout)
            let cost = Self.cost(drawn, ratios, width: width, options: options, preferredBreaks: preferred)
            var cheapest = Double.infinity
            for mask in 0 ..< (1 << (count - 1)) {
                let starts = [0] + (1 ..< count).filter { mask & (1 << ($0 - 1)) != 0 } + [count]
                cheapest = min(cheapest, Self.cost(starts, ratios, width: width, options: options, preferredBreaks: preferred))
            }
            #expect(cost <= cheapest * (1 + 1e-12) + 1e-12, "\(ratios) in \(width) px, preferring \(preferred): rows \(drawn) cost \(cost), the best \(cheapest)")
            let indifferent = Self.starts(try JustifiedLayout(width: width, aspectRatios: ratios, options: options))
            taken += preferred.filter(drawn.contains).count
            byChance += preferred.filter(indifferent.contains).count
        }
        // What they are for: more are taken than rows that ignore them start at (a row 32 % off
        // the target costs as much as one held; these are denser than the rows can follow).
        #expect(taken * 4 > byChance * 5, "\(taken) preferred breaks taken, \(byChance) by rows that ignore them")
    }

    @Test("on 300 seeded small albums, no breaking of any kind costs less than the layout's")
    func optimal() throws {
        var rng = SplitMix64(seed: 24)
        let shapes = [0.33, 0.56, 0.66, 0.75, 1, 1.33, 1.5, 1.78, 2, 3]
        var beatGreedy = 0
        for round in 0 ..< 300 {
            let count = 1 + round % 11
            let ratios = (0 ..< count).map { _ in shapes[Int(rng.next() % UInt64(shapes.count))] }
            let width = Double(320 + rng.next() % 900)
            let options = JustifiedLayout.Options(targetRowHeight: 180, tolerance: 0.25, spacing: 8)
            let layout = try JustifiedLayout(width: width, aspectRatios: ratios, options: options)
            let drawn = Self.starts(layout)
            let cost = Self.cost(drawn, ratios, width: width, options: options)
            // Every breaking: bit i set puts a break before photo i + 1.
            var cheapest = Double.infinity
            for mask in 0 ..< (1 << (count - 1)) {
                let starts = [0] + (1 ..< count).filter { mask & (1 << ($0 - 1)) != 0 } + [count]
                cheapest = min(cheapest, Self.cost(starts, ratios, width: width, options: options))
            }
            #expect(cost <= cheapest * (1 + 1e-12) + 1e-12, "\(ratios) in \(width) px: rows \(drawn) cost \(cost), the best \(cheapest)")
            let greedy = Self.cost(Self.greedyStarts(ratios, width: width, options: options), ratios, width: width, options: options)
            if cost < greedy - 1e-9 { beatGreedy += 1 }
        }
        // The point of it: albums where filling greedily leaves a worse set of rows.
        #expect(beatGreedy > 10, "only \(beatGreedy) albums broken better than greedily")
    }

    /// Rows filled greedily (what the layout did before): a photo joins while the row stays
    /// above the target, and the one that takes it below joins if that is closer.
    static func greedyStarts(_ ratios: [Double], width: Double, options: JustifiedLayout.Options) -> [Int] {
        var starts = [0], sum = 0.0
        func height(_ sum: Double, _ n: Int) -> Double { (width - options.spacing * Double(n - 1)) / sum }
        var index = 0
        while index < ratios.count {
            let start = starts.last!, count = index - start
            let with = height(sum + ratios[index], count + 1)
            if with > options.targetRowHeight { sum += ratios[index]; index += 1; continue }
            let without = count > 0 ? height(sum, count) : .infinity
            if count == 0 || abs(with - options.targetRowHeight) <= abs(without - options.targetRowHeight) { index += 1 }
            if index < ratios.count { starts.append(index) }
            sum = 0
        }
        starts.append(ratios.count)
        return starts
    }

    @Test("a lonely last photo keeps the target height, left-aligned; a last row too wide for it shrinks to fit")
    func lastRow() throws {
        let options = JustifiedLayout.Options(targetRowHeight: 200, tolerance: 0.25, spacing: 8)
        // However many 3:2 photos, wherever the breaks fall, the last row is never stretched
        // past the target, nor past the width.
        for count in 1 ... 12 {
            let layout = try JustifiedLayout(width: 1000, aspectRatios: Array(repeating: 1.5, count: count), options: options)
            let starts = Self.starts(layout)
            let last = layout.allAttributes[starts[starts.count - 2]...]
            #expect(last.allSatisfy { $0.frame.height <= 200 + 1e-9 }, "\(count) photos: last row \(last.map(\.frame))")
            #expect((last.last?.frame.maxX ?? 0) <= 1000 + 1e-6)
        }
        // A single panorama wider than the page at the target height: shrunk to fill the width.
        let wide = try JustifiedLayout(width: 400, aspectRatios: [3], options: options)
        #expect(abs(wide.allAttributes[0].frame.width - 400) < 1e-9 && abs(wide.allAttributes[0].frame.height - 400.0 / 3) < 1e-9)
    }

    @Test("100,000 photos are broken in one pass, every row of ordinary shapes within the tolerance")
    func large() throws {
        var rng = SplitMix64(seed: 7)
        let shapes = [0.66, 0.75, 1, 1.33, 1.5, 2]
        let ratios = (0 ..< 100_000).map { _ in shapes[Int(rng.next() % UInt64(shapes.count))] }
        let options = JustifiedLayout.Options(targetRowHeight: 220, tolerance: 0.25, spacing: 8)
        let layout = try JustifiedLayout(width: 1200, aspectRatios: ratios, options: options)
        let starts = Self.starts(layout)
        let all = layout.allAttributes
        for (start, _) in zip(starts, starts.dropFirst()).dropLast() {
            let height = all[start].frame.height
            #expect(height >= 220 * 0.75 - 1e-9 && height <= 220 * 1.25 + 1e-9, "row at \(start): \(height) px")
        }
    }
}
