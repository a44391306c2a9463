import Foundation

/// The files of an export, as its manifest lists them: pages, data files, styles and fonts by
/// name, and images compactly — an image's name follows from its photo's content hash and its
/// size ("thumbs/HASH-236.webp", "large/HASH-1600x1067.jpg"), so each photo is a few bytes here
/// instead of three strings. An export of 100,000 photos keeps 300,000 image names: held as
/// strings (twice: the previous list and the new one) they were most of its memory.
struct ExportFiles: Equatable {
    /// Every file that is not an image of the compact form.
    private(set) var names: Set<String> = []
    /// By content hash: which grid images (bit i: JPEG at `thumbnailWidths[i]`, bit 8 + i: WebP
    /// at that width) and which large size (0 when none) the photo has.
    private var images: [UInt64: Entry] = [:]
    let thumbnailWidths: [Int]

    private struct Entry: Equatable {
        var thumbnails: UInt16 = 0
        var largeWidth: UInt32 = 0
        var largeHeight: UInt32 = 0
    }

    /// The same files (an image whose every size was taken out is no image).
    static func == (left: ExportFiles, right: ExportFiles) -> Bool {
        left.names == right.names && left.thumbnailWidths == right.thumbnailWidths
            && left.images.filter { $0.value != Entry() } == right.images.filter { $0.value != Entry() }
    }

    init(thumbnailWidths: [Int]) {
        self.thumbnailWidths = thumbnailWidths
    }

    /// Adds a file by name; image names of the compact form go to the compact table.
    mutating func insert(_ name: String) {
        guard let (hash, image) = parse(name) else {
            names.insert(name)
            return
        }
        var entry = images[hash] ?? Entry()
        switch image {
        case .thumbnail(let bit): entry.thumbnails |= 1 << bit
        case .large(let width, let height):
            // One large size per photo is the rule; another (an older export's) stays a name.
            if entry.largeWidth > 0, (entry.largeWidth, entry.largeHeight) != (width, height) {
                names.insert(name)
                return
            }
            (entry.largeWidth, entry.largeHeight) = (width, height)
        }
        images[hash] = entry
    }

    mutating func formUnion(_ other: some Sequence<String>) {
        for name in other { insert(name) }
    }

    /// Adds every file of `other` (of the same thumbnail widths), as inserting its names after
    /// these would: what parts made on several cores come to together.
    mutating func formUnion(_ other: ExportFiles) {
        precondition(thumbnailWidths == other.thumbnailWidths, "files of two geometries")
        for (hash, theirs) in other.images {
            var entry = images[hash] ?? Entry()
            entry.thumbnails |= theirs.thumbnails
            if theirs.largeWidth > 0 {
                if entry.largeWidth > 0, (entry.largeWidth, entry.largeHeight) != (theirs.largeWidth, theirs.largeHeight) {
                    names.insert(largeName(hash, theirs.largeWidth, theirs.largeHeight))
                } else {
                    (entry.largeWidth, entry.largeHeight) = (theirs.largeWidth, theirs.largeHeight)
                }
            }
            images[hash] = entry
        }
        // After the table: a large size `other` keeps as a name came after the one in its
        // table, and one this table holds already is no second name.
        formUnion(other.names)
    }

    mutating func subtract(_ other: some Sequence<String>) {
        for name in other {
            guard let (hash, image) = parse(name) else {
                names.remove(name)
                continue
            }
            names.remove(name)
            guard var entry = images[hash] else { continue }
            switch image {
            case .thumbnail(let bit): entry.thumbnails &= ~(1 << bit)
            case .large(let width, let height):
                if (entry.largeWidth, entry.largeHeight) == (width, height) { (entry.largeWidth, entry.largeHeight) = (0, 0) }
            }
            images[hash] = entry == Entry() ? nil : entry
        }
    }

    var count: Int { names.count + images.values.reduce(0) { $0 + $1.thumbnails.nonzeroBitCount + ($1.largeWidth > 0 ? 1 : 0) } }

    /// The names in `self` that `other` lacks.
    func subtracting(_ other: ExportFiles) -> [String] {
        var result = names.subtracting(other.names).filter { !other.contains($0) }.sorted()
        for (hash, entry) in images {
            let kept = other.images[hash] ?? Entry()
            for bit in 0 ..< 16 where entry.thumbnails & (1 << bit) != 0 {
                let name = thumbnailName(hash, bit: bit)
                if kept.thumbnails & (1 << bit) == 0 && !other.names.contains(name) { result.append(name) }
            }
            if entry.largeWidth > 0, (kept.largeWidth, kept.largeHeight) != (entry.largeWidth, entry.largeHeight) {
                let name = largeName(hash, entry.largeWidth, entry.largeHeight)
                if !other.names.contains(name) { result.append(name) }
            }
        }
        return result
    }

    func contains(_ name: String) -> Bool {
        guard let (hash, image) = parse(name) else { return names.contains(name) }
        if names.contains(name) { return true }
        guard let entry = images[hash] else { return false }
        switch image {
        case .thumbnail(let bit): return entry.thumbnails & (1 << bit) != 0
        case .large(let width, let height): return (entry.largeWidth, entry.largeHeight) == (width, height)
        }
    }

    /// Every name, sorted, one at a time.
    func forEachSorted(_ body: (String) throws -> Void) rethrows {
        let named = names.sorted()
        let hashes = images.keys.sorted()
        // "large/…" and "thumbs/…" names sort by hash (16 hex digits), then by what follows.
        var large: [String] = []
        var position = 0
        func flush(upTo limit: String?) throws {
            while position < named.count, limit.map({ named[position] < $0 }) ?? true {
                try body(named[position])
                position += 1
            }
        }
        for hash in hashes {
            let entry = images[hash]!
            if entry.largeWidth > 0 { large.append(largeName(hash, entry.largeWidth, entry.largeHeight)) }
        }
        for name in large {
            try flush(upTo: name)
            try body(name)
        }
        large = []
        for hash in hashes {
            let entry = images[hash]!
            let thumbnails = (0 ..< 16).filter { entry.thumbnails & (1 << $0) != 0 }
                .map { thumbnailName(hash, bit: $0) }.sorted()
            for name in thumbnails {
                try flush(upTo: name)
                try body(name)
            }
        }
        try flush(upTo: nil)
    }

    // MARK: - Names

    private enum Image {
        case thumbnail(bit: Int)
        case large(width: UInt32, height: UInt32)
    }

    private func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private func thumbnailName(_ hash: UInt64, bit: Int) -> String {
        ImageFileName(key: hex(hash), size: .grid(width: thumbnailWidths[bit % 8]), isWebP: bit >= 8).name
    }
    private func largeName(_ hash: UInt64, _ width: UInt32, _ height: UInt32) -> String {
        ImageFileName(key: hex(hash), size: .large(width: Int(width), height: Int(height))).name
    }

    /// A grid image at one of the grid widths or a large image, of the default quality and a
    /// 16-digit hash; anything else is nil (kept as a plain name).
    private func parse(_ name: String) -> (UInt64, Image)? {
        guard let image = ImageFileName(parsing: name), image.quality == nil, image.key.utf8.count == 16,
              let hash = UInt64(image.key, radix: 16) else { return nil }
        switch image.size {
        case .grid(let width):
            guard let index = thumbnailWidths.firstIndex(of: width), index < 8 else { return nil }
            return (hash, .thumbnail(bit: index + (image.isWebP ? 8 : 0)))
        case .large(let width, let height):
            guard let width = UInt32(exactly: width), let height = UInt32(exactly: height) else { return nil }
            return (hash, .large(width: width, height: height))
        case .original, .video:
            return nil
        }
    }
}
