/// The masonry layout's index for rect queries: each column's items, top to bottom, with
/// their tops and bottoms stored beside them (in one array, so the lines a search loads are
/// the lines the walk down the column reads), and every 32nd bottom sampled again in a small
/// array.
///
/// At a million items the arrays are far bigger than the caches, and every probe of a plain
/// binary search below its first few levels is a miss. The sample (250 KB at a million items)
/// stays cached between queries; it narrows the search to one block of 32 entries, which is
/// counted without branches, its cache lines loaded at once.
///
/// Column c's items are `members[start[c] ..< start[c + 1]]`; down a column both tops and
/// bottoms increase, because items in one column never overlap.
final class MasonryColumnIndex: Sendable {
    static let block = 32

    let members: [Int32]
    let start: [Int]
    /// Top and bottom of each member's frame.
    let spans: [SIMD2<Double>]
    /// The bottom of `spans[j · block]` for every j.
    let sampledBottoms: [Double]

    /// A counting sort of the items by column, over raw buffers.
    /// - Complexity: O(n + c).
    init(columnCount: Int, itemColumn: [Int32], itemY: [Double], itemHeight: (Int) -> Double) {
        let count = itemColumn.count
        var start = [Int](repeating: 0, count: columnCount + 1)
        var members = [Int32](repeating: 0, count: count)
        var spans = [SIMD2<Double>](repeating: .zero, count: count)
        itemColumn.withUnsafeBufferPointer { columns in
            itemY.withUnsafeBufferPointer { ys in
                start.withUnsafeMutableBufferPointer { start in
                    for i in 0 ..< count { start[Int(columns[i]) + 1] += 1 }
                    for c in 0 ..< columnCount { start[c + 1] += start[c] }
                    var cursor = Array(start.prefix(columnCount))
                    members.withUnsafeMutableBufferPointer { members in
                        spans.withUnsafeMutableBufferPointer { spans in
                            cursor.withUnsafeMutableBufferPointer { cursor in
                                for i in 0 ..< count {
                                    let c = Int(columns[i])
                                    let position = cursor[c]
                                    members[position] = Int32(truncatingIfNeeded: i)
                                    spans[position] = SIMD2(ys[i], ys[i] + itemHeight(i))
                                    cursor[c] = position + 1
                                }
                            }
                        }
                    }
                }
            }
        }
        self.members = members
        self.start = start
        self.spans = spans
        sampledBottoms = stride(from: 0, to: count, by: Self.block).map { spans[$0].y }
    }

    /// For each column in `columns`, the positions in `members` of its items that reach
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
        return spans.withUnsafeBufferPointer { spans in
            // 2. Load every block's cache lines at once (a 16-byte entry, four to a line).
            var touched = 0.0
            for window in runs {
                for position in stride(from: window.lowerBound, to: window.upperBound, by: 4) { touched += spans[position].y }
            }
            // 3. Count in each block, then walk down the column to maxY.
            var total = 0
            for (offset, column) in columns.enumerated() {
                let window = runs[offset]
                var low = window.lowerBound
                for position in window { low &+= spans[position].y > minY ? 0 : 1 }
                var end = low
                let columnEnd = start[column + 1]
                while end < columnEnd, spans[end].x < maxY { end += 1 }
                runs[offset] = low ..< end
                total += end - low
            }
            // Keeps the loads of step 2 (a sum of bottoms is never NaN).
            return touched.isNaN ? 0 : total
        }
    }

    /// Where in `positions` the first position whose bottom is above `y` is: after the
    /// returned range's start − 1 and at or before its end, fewer than 32 entries.
    private func window(bottomAbove y: Double, in positions: Range<Int>) -> Range<Int> {
        let block = Self.block
        // The sampled positions j · block inside the range: the first whose bottom is above y.
        let firstSample = (positions.lowerBound + block - 1) / block, endSample = (positions.upperBound + block - 1) / block
        var low = firstSample, high = endSample
        sampledBottoms.withUnsafeBufferPointer { samples in
            while low < high {
                let middle = (low + high) / 2
                if samples[middle] > y { high = middle } else { low = middle + 1 }
            }
        }
        // The answer lies after the sample before it (whose bottom is not above y) and at or
        // before this one (whose bottom is).
        return (low == firstSample ? positions.lowerBound : (low - 1) * block + 1)
            ..< (low == endSample ? positions.upperBound : low * block)
    }
}
