import CTextSegmentation

/// Swift face of the ICU segmentation in `CTextSegmentation`; offsets are UTF-8 byte offsets.
enum Segmentation {
    /// Calls a C function that fills arrays up to a capacity and returns the count it needs.
    private static func collect<Element>(
        _ initial: Int, _ fill: (Int32, inout [Element]) -> Int32, zero: Element
    ) throws(TextMetricsError) -> [Element] {
        var capacity = max(initial, 8)
        while true {
            var buffer = [Element](repeating: zero, count: capacity)
            let count = Int(fill(Int32(capacity), &buffer))
            guard count >= 0 else { throw .segmentationFailed("ICU returned an error") }
            if count <= capacity { return Array(buffer.prefix(count)) }
            capacity = count
        }
    }

    /// Soft line break opportunities after position 0, ending with the text's length.
    static func lineBreaks(_ bytes: [UInt8]) throws(TextMetricsError) -> [Int32] {
        try bytes.withUnsafeBufferPointer { text throws(TextMetricsError) in
            try collect(bytes.count / 4 + 2, { capacity, buffer in
                buffer.withUnsafeMutableBufferPointer { out in
                    text.withMemoryRebound(to: CChar.self) { chars in
                        // CSS line-break: auto as Blink sets it, ICU's "normal" rules: a break may come
                        // before small kana (class CJ acts as ID), unlike ICU's strict default.
                        ts_line_breaks(chars.baseAddress, Int32(text.count), "en@lb=normal", out.baseAddress, nil, capacity)
                    }
                }
            }, zero: Int32(0))
        }
    }

    /// Grapheme cluster boundaries after position 0, ending with the text's length.
    static func graphemeBoundaries(_ bytes: [UInt8]) throws(TextMetricsError) -> [Int32] {
        try bytes.withUnsafeBufferPointer { text throws(TextMetricsError) in
            try collect(bytes.count + 1, { capacity, buffer in
                buffer.withUnsafeMutableBufferPointer { out in
                    text.withMemoryRebound(to: CChar.self) { chars in
                        ts_grapheme_boundaries(chars.baseAddress, Int32(text.count), out.baseAddress, capacity)
                    }
                }
            }, zero: Int32(0))
        }
    }

    struct Run {
        var range: Range<Int>
        /// ISO 15924, packed big-endian.
        var script: UInt32
        var rightToLeft: Bool
    }

    /// Runs of one script and one bidi level; the paragraph direction comes from its first
    /// strong character (CSS `unicode-bidi: plaintext`).
    static func scriptRuns(_ bytes: [UInt8]) throws(TextMetricsError) -> [Run] {
        guard !bytes.isEmpty else { return [] }
        var capacity = 8
        while true {
            var ends = [Int32](repeating: 0, count: capacity)
            var scripts = [UInt32](repeating: 0, count: capacity)
            var levels = [UInt8](repeating: 0, count: capacity)
            let count = bytes.withUnsafeBufferPointer { text in
                text.withMemoryRebound(to: CChar.self) { chars in
                    ts_script_runs(chars.baseAddress, Int32(text.count), -1, &ends, &scripts, &levels, Int32(capacity))
                }
            }
            guard count >= 0 else { throw .segmentationFailed("script and bidi runs") }
            if Int(count) <= capacity {
                var runs: [Run] = []
                var start = 0
                for i in 0 ..< Int(count) {
                    runs.append(Run(range: start ..< Int(ends[i]), script: scripts[i], rightToLeft: levels[i] % 2 == 1))
                    start = Int(ends[i])
                }
                return runs
            }
            capacity = Int(count)
        }
    }
}
