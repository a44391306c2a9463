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
        var raws: [String: [String]] = [:], rendered: [String: [String]] = [:]
        for path in paths {
            guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { continue }
            let stem = path[..<dot].lowercased(), ext = path[path.index(after: dot)...].lowercased()
            if Self.rawExtensions.contains(ext) { raws[stem, default: []].append(path) }
            if Self.renderedExtensions.contains(ext) { rendered[stem, default: []].append(path) }
        }
        for (stem, raw) in raws {
            guard raw.count == 1, let shown = rendered[stem], shown.count == 1 else { continue }
            pairs.append((raw[0], shown[0]))
        }
        pairs.sort { $0.raw < $1.raw }
    }
}
