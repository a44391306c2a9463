/// The two files a site ships of each face, by character: the **base** (Basic Latin, Latin-1,
/// the rest of Windows-1252, the common punctuation and the pages' own arrows and signs), cut
/// from everything the face has in that range whatever the site's texts are, so its bytes and
/// its name stay the same from one export to the next and every page can preload it; and the
/// **rest**, cut to what the site's texts use outside it, which changes whenever a caption
/// brings a new character but is named only by the style sheet (`unicode-range`), never by a
/// page. A caption with a first "ł" or "Ω" then rewrites the style sheet and one font file,
/// not every page.
///
/// A browser shapes the two files of a family as two fonts (Blink answers a glyph lookup
/// outside a face's `unicode-range` with "none", and shapes what is left with the next face),
/// so kerning and ligatures do not cross from a base character to a rest one. The measurement
/// shapes the same way (`LoadedFont.cutFonts`), whole fonts and cut ones alike: the CSS for the
/// system's own font files declares each of them twice, with the same two ranges.
public enum FontCut: Int, Sendable, CaseIterable {
    case base
    case rest

    /// The base range, sorted, as closed ranges of code points.
    static let baseRanges: [ClosedRange<UInt32>] = [
        0x00 ... 0x7E, 0xA0 ... 0xFF,
        // Windows-1252's letters and signs beyond Latin-1 (Œ œ Š š Ÿ Ž ž ƒ ˆ ˜).
        0x152 ... 0x153, 0x160 ... 0x161, 0x178 ... 0x178, 0x17D ... 0x17E, 0x192 ... 0x192, 0x2C6 ... 0x2C6, 0x2DC ... 0x2DC,
        // Spaces, joiners, dashes, quotes, bullets, the ellipsis, per mille, primes, ‹ ›; the
        // fraction slash, the invisible operators.
        0x2000 ... 0x203A, 0x2044 ... 0x2044, 0x205F ... 0x2064,
        // €, ™, ← ↑ → ↓, the minus sign.
        0x20AC ... 0x20AC, 0x2122 ... 0x2122, 0x2190 ... 0x2193, 0x2212 ... 0x2212,
    ]

    /// Marks, joiners and selectors, which shape with the character before them, whichever
    /// file has it: both files hold those the texts use, so a ZWJ emoji sequence, a keycap
    /// (a base digit, U+FE0F, U+20E3) or a letter with a combining accent stays one cluster
    /// of one file, as the font designed it. They are not part of the fixed base: every
    /// combining mark Inter has would double the base file.
    static let glueRanges: [ClosedRange<UInt32>] = [
        0x300 ... 0x36F, 0x1AB0 ... 0x1AFF, 0x1DC0 ... 0x1DFF, 0x200C ... 0x200D, 0x20D0 ... 0x20FF,
        0xFE00 ... 0xFE0F, 0xFE20 ... 0xFE2F, 0xE0020 ... 0xE007F, 0xE0100 ... 0xE01EF,
    ]

    /// Whether this cut's file may hold `value`.
    func holds(_ value: UInt32) -> Bool {
        if Self.contains(Self.glueRanges, value) { return true }
        return Self.contains(Self.baseRanges, value) == (self == .base)
    }

    func holds(_ scalar: Unicode.Scalar) -> Bool { holds(scalar.value) }

    /// Whether `value` is glue (`glueRanges`): in either file.
    static func isGlue(_ scalar: Unicode.Scalar) -> Bool { contains(glueRanges, scalar.value) }

    private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(value)
    }

    /// Its CSS `unicode-range` ("U+0-7E, U+A0-FF, …"): what `holds` says, as ranges.
    var unicodeRange: String {
        var ranges: [ClosedRange<UInt32>]
        switch self {
        case .base:
            ranges = Self.baseRanges
        case .rest:
            ranges = []
            var next: UInt32 = 0
            for range in Self.baseRanges {
                if range.lowerBound > next { ranges.append(next ... range.lowerBound - 1) }
                next = range.upperBound + 1
            }
            ranges.append(next ... 0x10FFFF)
        }
        ranges = Self.merged(ranges + Self.glueRanges)
        return ranges.map { range in
            let low = String(range.lowerBound, radix: 16, uppercase: true)
            return range.count == 1 ? "U+" + low : "U+\(low)-" + String(range.upperBound, radix: 16, uppercase: true)
        }.joined(separator: ", ")
    }

    private static func merged(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound &+ 1 {
                result[result.count - 1] = last.lowerBound ... max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
