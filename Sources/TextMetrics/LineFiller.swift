/// Greedy line filling as a browser does it for `overflow-wrap: anywhere`: each line takes as
/// many break opportunities as fit; spaces at the end of a line hang (they do not count); a
/// word wider than the line is broken between grapheme clusters, only when not even one whole
/// word fits.
///
/// Widths are compared as Blink compares them: the shaped advance sum rounded up to 1/64 px
/// (a LayoutUnit) against the available width.
struct LineFiller {
    let bytes: [UInt8]
    let prefix: [Int64]
    let breaks: [Int32]
    /// Computed on first need: most paragraphs never break inside a word.
    let graphemes: () throws(TextMetricsError) -> [Int32]

    /// Line start offsets (the first is 0) for `width` px.
    func lineStarts(width: Double) throws(TextMetricsError) -> [Int] {
        let available = Int64((width * 64).rounded(.down))  // in 1/64 px
        var starts: [Int] = []
        var position = 0
        var breakIndex = 0
        var graphemeCache: [Int32]?
        while position < bytes.count {
            // Collapsible spaces at the start of a line are removed.
            while position < bytes.count, bytes[position] == 0x20 { position += 1 }
            if position >= bytes.count { break }
            starts.append(position)
            while breakIndex < breaks.count, Int(breaks[breakIndex]) <= position { breakIndex += 1 }
            var end: Int?
            var candidate = breakIndex
            while candidate < breaks.count {
                let next = Int(breaks[candidate])
                if fits(position, next, available) {
                    end = next
                    candidate += 1
                } else {
                    break
                }
            }
            if let end {
                position = end
                breakIndex = candidate
                continue
            }
            // Not even the first word fits: break it between grapheme clusters.
            if graphemeCache == nil { graphemeCache = try graphemes() }
            let clusters = graphemeCache ?? []
            let wordEnd = breakIndex < breaks.count ? Int(breaks[breakIndex]) : bytes.count
            var cut: Int?
            for boundary in clusters where Int(boundary) > position && Int(boundary) <= wordEnd {
                if cut == nil || fits(position, Int(boundary), available) {
                    cut = Int(boundary)  // at least one cluster per line
                } else {
                    break
                }
            }
            position = cut ?? wordEnd
        }
        return starts
    }

    /// Whether bytes start ..< end, less trailing spaces, fit in `available` (1/64 px).
    private func fits(_ start: Int, _ end: Int, _ available: Int64) -> Bool {
        var last = end
        while last > start, bytes[last - 1] == 0x20 { last -= 1 }
        let units = prefix[last] - prefix[start]  // 1/65536 px
        let layoutUnits = (units + 1023) >> 10    // rounded up to 1/64 px
        return layoutUnits <= available
    }
}
