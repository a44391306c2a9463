/// The masonry layout's index for rect queries: each column's items, top to bottom, with
/// everything a query returns stored beside them (top, height, photo height, index: a query
/// reads nothing else), and every 16th bottom sampled again in a small array.
///
/// At a million items the arrays are far bigger than the caches, and every probe of a plain
/// binary search below its first few levels is a miss, as is every look-up elsewhere. The
/// sample (500 KB at a million items) stays cached between queries; it narrows the search to
/// one block of 16 entries, counted without branches, whose cache lines are loaded at once
/// and hold the results too.
///
/// Column c's items are `entries[start[c] ..< start[c + 1]]`; down a column both tops and
/// bottoms increase, because items in one column never overlap.
final class MasonryColumnIndex: Sendable {
    static let block = 16

    /// One item as a query returns it.
    struct Entry {
        var top: Double
        var height: Double
        var photoHeight: Double
        var item: Int
        /// The same sum as the frame's `maxY`, so comparisons agree with `intersects`.
        var bottom: Double { top + height }
    }

    let start: [Int]
    let entries: [Entry]
    /// The bottom of `entries[j · block]` for every j.
    let sampledBottoms: [Double]

    /// A counting sort of the items by column, over raw buffers.
    /// - Complexity: O(n + c).
    init(columnCount: Int, itemColumn: [Int32], itemY: [Double], heights: (Int) -> (photo: Double, item: Double)) {
        let count = itemColumn.count
        var start = [Int](repeating: 0, count: columnCount + 1)
        itemColumn.withUnsafeBufferPointer { columns in
            for i in 0 ..< count { start[Int(columns[i]) + 1] += 1 }
        }
        for c in 0 ..< columnCount { start[c + 1] += start[c] }
        var cursor = Array(start.prefix(columnCount))
        entries = [Entry](unsafeUninitializedCapacity: count) { entries, initialized in
            itemColumn.withUnsafeBufferPointer { columns in
                itemY.withUnsafeBufferPointer { ys in
                    cursor.withUnsafeMutableBufferPointer { cursor in
                        for i in 0 ..< count {
                            let c = Int(columns[i])
                            let (photo, height) = heights(i)
                            entries.initializeElement(at: cursor[c], to: Entry(top: ys[i], height: height, photoHeight: photo, item: i))
                            cursor[c] += 1
                        }
                    }
                }
            }
            initialized = count
        }
        self.start = start
        sampledBottoms = stride(from: 0, to: count, by: Self.block).map { [entries] in entries[$0].bottom }
    }

    /// For each column in `columns`, the positions in `entries` of its items that reach
    /// below `minY` and start above `maxY`, written to `runs`; returns how many in all.
    ///
    /// Done in phases across the columns, so that the cache misses of different columns are
    /// waited for together rather than one after another: at a million items a query is
    /// mostly waiting for memory.
    /// - Complexity: O(c log n + k).
    func runs(columns: ClosedRange<Int>, minY: Double, maxY: Double, into runs: UnsafeMutableBufferPointer<Range<Int>>) -> Int {
        // 1. The block of each column where its first item reaching below minY is (the
        //    sample is in cache).
        for (offset, column) in columns.enumerated() {
            runs.initializeElement(at: offset, to: window(bottomAbove: minY, in: start[column] ..< start[column + 1]))
        }
        return entries.withUnsafeBufferPointer { entries in
            // 2. Load every block's cache lines at once (a 32-byte entry, two to a line).
            var touched = 0.0
            for window in runs {
                for position in stride(from: window.lowerBound, to: window.upperBound, by: 2) { touched += entries[position].top }
            }
            // 3. Count in each block, then walk down the column to maxY.
            var total = 0
            for (offset, column) in columns.enumerated() {
                let window = runs[offset]
                var low = window.lowerBound
                for position in window { low &+= entries[position].bottom > minY ? 0 : 1 }
                var end = low
                let columnEnd = start[column + 1]
                while end < columnEnd, entries[end].top < maxY { end += 1 }
                runs[offset] = low ..< end
                total += end - low
            }
            // Keeps the loads of step 2 (a sum of tops is never NaN).
            return touched.isNaN ? 0 : total
        }
    }

    /// Where in `positions` the first position whose bottom is above `y` is: after the
    /// returned range's start − 1 and at or before its end, fewer than 16 entries.
    private func window(bottomAbove y: Double, in positions: Range<Int>) -> Range<Int> {
        let block = Self.block
        // The sampled positions j · block inside the range: the first whose bottom is above y.
        let firstSample = (positions.lowerBound + block - 1) / block, endSample = (positions.upperBound + block - 1) / block
        // Branch-free: the half is chosen by a select, not a guessed jump (half the guesses
        // of a search were wrong, each costing more than the cached probe itself). The answer
        // stays in [low, low + length].
        var low = firstSample, length = endSample - firstSample
        sampledBottoms.withUnsafeBufferPointer { samples in
            guard length > 0 else { return }
            while length > 1 {
                let half = length / 2
                low = samples[low + half] > y ? low : low + half
                length -= half
            }
            low += samples[low] > y ? 0 : 1
        }
        // The answer lies after the sample before it (whose bottom is not above y) and at or
        // before this one (whose bottom is).
        return (low == firstSample ? positions.lowerBound : (low - 1) * block + 1)
            ..< (low == endSample ? positions.upperBound : low * block)
    }
}
