/// A GIF made ready for FFmpeg's GIF decoder where it draws otherwise than browsers do.
///
/// A frame disposed "to the background" leaves its rectangle transparent in every browser
/// (the page shows through); FFmpeg's decoder (5.1, `gifdec.c`) paints it in the logical
/// screen's background colour instead when the frame has no transparent colour — a box that
/// should vanish stays as a coloured block. The same decoder fills the screen around a first
/// frame smaller than it in that colour, where browsers leave it transparent. Giving such a
/// frame a transparent colour that none of its pixels can have (an index past its palette)
/// changes no pixel and makes FFmpeg clear to transparent as browsers do.
enum GIFBackgroundDisposal {
    /// `bytes` with those frames' graphic control extensions given an unused transparent
    /// index, or nil when no frame needs it (or the GIF cannot be walked: FFmpeg reads it as it is).
    /// A frame whose palette has all 256 entries has no unused index, and a first frame without
    /// a graphic control extension has nowhere to say one: both are left as they are.
    static func asBrowsersDraw(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 13, bytes.starts(with: Array("GIF8".utf8)) else { return nil }
        let screenWidth = Int(bytes[6]) | Int(bytes[7]) << 8, screenHeight = Int(bytes[8]) | Int(bytes[9]) << 8
        let globalEntries = bytes[10] & 0x80 != 0 ? 1 << (Int(bytes[10] & 7) + 1) : 0
        var at = 13 + 3 * globalEntries
        var patched = bytes
        var changed = false
        var control: Int?  // where the pending graphic control extension's packed byte is
        var frames = 0
        /// Skips data sub-blocks up to their terminator; false when the file ends first.
        func skipBlocks() -> Bool {
            while at < bytes.count {
                let size = Int(bytes[at])
                at += 1 + size
                if size == 0 { return true }
            }
            return false
        }
        while at < bytes.count {
            switch bytes[at] {
            case 0x21:
                guard at + 2 < bytes.count else { return changed ? patched : nil }
                if bytes[at + 1] == 0xF9, bytes[at + 2] == 4, at + 7 < bytes.count { control = at + 3 }
                at += 2
                guard skipBlocks() else { return changed ? patched : nil }
            case 0x2C:
                guard at + 10 < bytes.count else { return changed ? patched : nil }
                let left = Int(bytes[at + 1]) | Int(bytes[at + 2]) << 8, top = Int(bytes[at + 3]) | Int(bytes[at + 4]) << 8
                let width = Int(bytes[at + 5]) | Int(bytes[at + 6]) << 8, height = Int(bytes[at + 7]) | Int(bytes[at + 8]) << 8
                let flags = bytes[at + 9]
                let entries = flags & 0x80 != 0 ? 1 << (Int(flags & 7) + 1) : globalEntries
                at += 10 + (flags & 0x80 != 0 ? 3 * entries : 0)
                guard at < bytes.count else { return changed ? patched : nil }
                let minimumCodeSize = Int(bytes[at])
                at += 1
                if let packed = control, patched[packed] & 1 == 0 {
                    let disposedToBackground = (patched[packed] >> 2) & 7 == 2
                    let uncoveredScreen = frames == 0 && (left > 0 || top > 0 || width < screenWidth || height < screenHeight)
                    // LZW codes of `minimumCodeSize` bits reach indices below 1 << minimumCodeSize only.
                    let unused = max(entries, 1 << minimumCodeSize)
                    if (disposedToBackground || uncoveredScreen), unused < 256 {
                        patched[packed] |= 1
                        patched[packed + 3] = UInt8(unused)
                        changed = true
                    }
                }
                control = nil
                frames += 1
                guard skipBlocks() else { return changed ? patched : nil }
            default:
                return changed ? patched : nil
            }
        }
        return changed ? patched : nil
    }
}
