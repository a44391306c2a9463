/// The raw and JPEG pairs of a folder: a camera set to RAW+JPEG writes `IMG_0412.CR2` beside
/// `IMG_0412.JPG` (any case; HEIF for some cameras), two files of one picture. Told by their
/// names, as cameras and Lightroom pair them: one raw and one JPEG of one name in one folder.
struct RawJPEGPairs {
    /// Camera raws' extensions (what LibRaw reads), lowercased.
    static let rawExtensions: Set<String> = [
        "dng", "cr2", "cr3", "crw", "nef", "nrw", "arw", "srf", "sr2", "raf", "orf", "rw2", "rwl", "pef", "srw", "mrw",
        "x3f", "3fr", "fff", "erf", "iiq", "mos", "kdc", "dcr",
    ]
    /// The camera's own renderings beside them.
    static let renderedExtensions: Set<String> = ["jpg", "jpeg", "heic", "heif", "hif"]

    /// Each pair's raw and rendered file (paths relative to the imported folder), in path order.
    private(set) var pairs: [(raw: String, rendered: String)] = []

    init(paths: [String]) {
        // The raws first: most libraries hold none, or a few among many JPEGs, and only a
        // JPEG whose stem a raw has is looked at again (every JPEG kept by stem was a third of
        // a second at 100,000 photos).
        var raws: [String: [String]] = [:]
        for path in paths {
            guard let dot = Self.extensionDot(path), Self.rawExtensions.contains(Self.lowercasedExtension(path, dot)) else { continue }
            raws[path[..<dot].lowercased(), default: []].append(path)
        }
        guard !raws.isEmpty else { return }
        var rendered: [String: [String]] = [:]
        for path in paths {
            guard let dot = Self.extensionDot(path), Self.renderedExtensions.contains(Self.lowercasedExtension(path, dot)) else { continue }
            let stem = path[..<dot].lowercased()
            if raws[stem] != nil { rendered[stem, default: []].append(path) }
        }
        for (stem, raw) in raws {
            guard raw.count == 1, let shown = rendered[stem], shown.count == 1 else { continue }
            pairs.append((raw[0], shown[0]))
        }
        pairs.sort { $0.raw < $1.raw }
    }

    /// Where the extension's dot is in `path`; nil for a name without one.
    private static func extensionDot(_ path: String) -> String.Index? {
        let bytes = path.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), !bytes[dot...].contains(UInt8(ascii: "/")) else { return nil }
        return dot
    }

    private static func lowercasedExtension(_ path: String, _ dot: String.Index) -> String {
        path[path.index(after: dot)...].lowercased()
    }
}
