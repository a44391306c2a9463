import Dispatch
import Foundation
import GalleryLayout
import GalleryStore
import Imaging
import Synchronization
import TextMetrics

// gallery-bench: in-process micro-benchmarks that make bench runs (release build).
// Prints one line per figure: "name value unit".

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// ~120-character comments made from real sentences in several scripts, all different.
func comments(_ count: Int) -> [String] {
    let pieces = [
        "The ferry had just left and the bay turned the colour of a shell.",
        "Thirty seconds at f/2.8, ISO 3200, on a rock for a tripod.",
        "Die Wattenmeer-Nationalparkverwaltung bittet, auf den Wegen zu bleiben.",
        "夕方になると港の灯りが一つずつ点いていく。",
        "كان الماء ساكناً تماماً عند الفجر.",
        "Eleven kilometres, 900 m of ascent, one sandwich too few.",
        "Someone brought a guitar. Someone always brings a guitar. 🎸",
        "L'été dernier, nous avons pris le bac à l'aube.",
    ]
    return (0 ..< count).map { i in
        var text = "#\(i) "
        var k = i
        while text.count < 120 {
            text += pieces[k % pieces.count] + " "
            k = k / 3 + 7
        }
        return String(text.prefix(120))
    }
}

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "measure" {
    let texts = comments(5_000)
    let style = GalleryTextStyles.comment
    // Cold: a new measurer, every text shaped for the first time.
    let cold = TextMeasurer()
    try cold.prepare(style)
    let coldTime = try seconds { for text in texts { _ = try cold.measure(text, style: style, width: 236) } }
    // Warm: the same texts again (shaping cached), at another width, so lines are refilled.
    var rounds = 0
    let warmTime = try seconds {
        for width in [236.0, 180, 300, 236, 180, 300, 236, 180, 300, 236] {
            for text in texts { _ = try cold.measure(text, style: style, width: width) }
            rounds += 1
        }
    }
    print(String(format: "measure_cold %.0f texts/s", Double(texts.count) / coldTime))
    print(String(format: "measure_warm %.0f texts/s", Double(texts.count * rounds) / warmTime))
} else if arguments.first == "layout" {
    // 1,000,000 items of varied shapes and text heights, seeded.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state >> 33
    }
    let count = 1_000_000
    let items = (0 ..< count).map { _ in
        MasonryItem(aspectRatio: 0.4 + Double(next() % 1000) / 400, captionHeight: Double(next() % 3) * 20, commentHeight: Double(next() % 8) * 18)
    }
    var layout = try MasonryLayout(width: 1280, items: [])
    var best = Double.infinity
    for _ in 0 ..< 5 {
        let time = try seconds { layout = try MasonryLayout(width: 1280, items: items) }
        best = min(best, time)
    }
    print(String(format: "layout_compute_ns_per_item %.2f ns", best / Double(count) * 1e9))
    var robinBest = Double.infinity
    for _ in 0 ..< 5 {
        robinBest = min(robinBest, try seconds { _ = try MasonryLayout(width: 1280, items: items, options: MasonryOptions(placement: .roundRobin)) })
    }
    print(String(format: "layout_compute_round_robin_ns_per_item %.2f ns", robinBest / Double(count) * 1e9))
    if arguments.dropFirst().first == "probe" {
        var oneBest = Double.infinity
        for _ in 0 ..< 5 {
            oneBest = min(oneBest, try seconds { _ = try MasonryLayout(width: 1280, items: items, options: MasonryOptions(columns: .count(1))) })
        }
        print(String(format: "one_column %.2f ns", oneBest / Double(count) * 1e9))
        var copyBest = Double.infinity
        for _ in 0 ..< 5 {
            copyBest = min(copyBest, seconds {
                var a = [Double](); a.reserveCapacity(count)
                for item in items { a.append(item.aspectRatio * 2) }
                precondition(a.count == count)
            })
        }
        print(String(format: "plain_copy %.2f ns", copyBest / Double(count) * 1e9))
        exit(0)
    }
    if arguments.dropFirst().first == "compute-only" {
        for _ in 0 ..< 30 { layout = try MasonryLayout(width: 1280, items: items) }
        exit(0)
    }

    // Viewport queries (1280 x 2000) at random offsets, in memory.
    let height = layout.contentSize.height
    let offsets = (0 ..< 10_000).map { _ in Double(next() % UInt64(height - 2000)) }
    // The first rect query builds the column index (once per layout); timed on its own.
    let indexTime = seconds { _ = layout.attributes(in: LayoutRect(x: 0, y: 0, width: 1280, height: 1)) }
    print(String(format: "layout_index_build_ms %.2f ms", indexTime * 1e3))
    var found = 0
    let queryTime = seconds {
        for y in offsets { found += layout.attributes(in: LayoutRect(x: 0, y: y, width: 1280, height: 2000)).count }
    }
    print(String(format: "layout_rect_query_us %.3f us (%ld items per viewport)", queryTime / Double(offsets.count) * 1e6, found / offsets.count))

    // Persisting the layout, then viewport queries from SQLite.
    let folder = FileManager.default.temporaryDirectory.appending(path: "gallery-bench-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try GalleryDatabase(path: folder.appending(path: "bench.db").path)
    let stored = (0 ..< count).map { i -> StoredLayoutItem in
        let a = layout.attributes(at: i)!
        return StoredLayoutItem(index: i, photoID: Int64(i + 1), column: a.column ?? 0, y: a.frame.y, height: a.frame.height,
                                photoHeight: a.photoHeight ?? 0, captionHeight: items[i].captionHeight, commentHeight: items[i].commentHeight, photoTop: 0)
    }
    let header = StoredMasonryLayout(
        layout: StoredLayout(key: LayoutKey(scope: .library, kind: .masonry, width: 1280, options: "bench"),
                             contentWidth: layout.contentSize.width, contentHeight: height, itemCount: count,
                             revision: 0, computedAt: GalleryDatabase.timestamp()),
        geometry: MasonryGeometry(columns: layout.columnCount, columnWidth: layout.columnWidth, gutter: layout.gutter, innerWidth: layout.innerWidth),
        cellPadding: 8, columnHeights: layout.columnHeights)
    var saved = header
    let persistTime = try seconds { saved = try database.saveLayout(header, items: stored) }
    print(String(format: "layout_persist_1m_s %.3f s", persistTime))
    var times: [Double] = []
    for y in offsets.prefix(200) {
        times.append(try seconds { _ = try database.layoutItems(of: saved, in: LayoutRect(x: 0, y: y, width: 1280, height: 2000)) })
    }
    times.sort()
    print(String(format: "layout_sqlite_query_ms %.3f ms median, %.3f ms p99", times[times.count / 2] * 1e3, times[times.count * 99 / 100] * 1e3))
} else if arguments.first == "steps", arguments.count == 2 {
    // gallery-bench steps DIR: where an export's time goes for the first 20 JPEGs under DIR,
    // one core: the decode, each resize and each encode the export makes, in ms a photo.
    let source = arguments[arguments.startIndex + 1]
    let files = (FileManager.default.enumerator(atPath: source)?.compactMap { $0 as? String } ?? [])
        .filter { $0.lowercased().hasSuffix(".jpg") }.sorted().prefix(20).map { source + "/" + $0 }
    var totals: [String: Double] = [:]
    var order: [String] = []
    func time(_ name: String, _ body: () throws -> Void) rethrows {
        let spent = try seconds(body)
        if totals[name] == nil { order.append(name) }
        totals[name, default: 0] += spent
    }
    for path in files {
        let probe = try PhotoProbe.probe(path: path)
        let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        let large = Thumbnailer.largeSize(format: .jpeg, storedWidth: probe.width, storedHeight: probe.height, orientation: .up, longSide: 1600)
        var decoded = RGBImage(width: 1, height: 1, pixels: [0, 0, 0])
        try time("decode (DCT-scaled to \(large.width)×\(large.height))") {
            decoded = try ImageDecoder.decode(bytes, format: .jpeg, minWidth: large.width, minHeight: large.height)
        }
        let largeImage = Resampler.resize(decoded, width: large.width, height: large.height)
        try time("large JPEG, progressive (spectral)") {
            _ = try JPEGEncoder.encode(pixels: largeImage.pixels, width: largeImage.width, height: largeImage.height, format: .rgb, options: .init(quality: 82, progressive: true))
        }
        try time("large JPEG, baseline") {
            _ = try JPEGEncoder.encode(pixels: largeImage.pixels, width: largeImage.width, height: largeImage.height, format: .rgb, options: .init(quality: 82, progressive: false))
        }
        var previous = decoded
        for width in [708, 472, 236] {
            let size = Thumbnailer.size(displayWidth: decoded.width, displayHeight: decoded.height, toWidth: width)
            let from = previous.width >= 2 * size.width ? previous : decoded
            var resized = from
            time("resize \(from.width) → \(width)") { resized = Resampler.resize(from, width: size.width, height: size.height) }
            previous = resized
            try time("WebP \(width)") { _ = try WebPEncoder.encode(rgb: resized.pixels, width: resized.width, height: resized.height, quality: 82) }
        }
    }
    var sum = 0.0
    for name in order {
        print(String(format: "%7.2f ms  %@", totals[name]! / Double(files.count) * 1e3, name))
        if !name.hasSuffix("baseline") { sum += totals[name]! }
    }
    print(String(format: "%7.2f ms  a photo, as the export makes it (%ld photos)", sum / Double(files.count) * 1e3, files.count))
} else if arguments.first == "large-tables", arguments.count >= 2 {
    // gallery-bench large-tables DIR...: each JPEG's large view as the export makes it, coded with
    // libjpeg's per-image optimal Huffman tables and with the fixed photo tables: bytes, time,
    // and whether both decode to the same pixels (they must: Huffman coding is lossless).
    // VERBOSE=1 prints each photo's ratio too.
    var optimalBytes = 0, fixedBytes = 0, optimalTime = 0.0, fixedTime = 0.0, worst = 0.0, count = 0
    for source in arguments.dropFirst() {
        let files = (FileManager.default.enumerator(atPath: source)?.compactMap { $0 as? String } ?? [])
            .filter { $0.lowercased().hasSuffix(".jpg") || $0.lowercased().hasSuffix(".jpeg") }.sorted().map { source + "/" + $0 }
        for path in files {
            let probe = try PhotoProbe.probe(path: path)
            let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
            let large = Thumbnailer.largeSize(format: .jpeg, storedWidth: probe.width, storedHeight: probe.height, orientation: .up, longSide: 1600)
            let decoded = try ImageDecoder.decode(bytes, format: .jpeg, minWidth: large.width, minHeight: large.height)
            let image = Resampler.resize(decoded, width: large.width, height: large.height)
            var optimal: [UInt8] = [], fixed: [UInt8] = []
            optimalTime += try seconds { optimal = try JPEGEncoder.encode(pixels: image.pixels, width: image.width, height: image.height, format: .rgb, options: .init(quality: 82)) }
            fixedTime += try seconds { fixed = try JPEGEncoder.encode(pixels: image.pixels, width: image.width, height: image.height, format: .rgb, options: .init(quality: 82, photoTables: .init(rgb: image.pixels, width: image.width, height: image.height))) }
            guard try ImageDecoder.decode(optimal, format: .jpeg) == ImageDecoder.decode(fixed, format: .jpeg) else {
                print("\(path): the two files decode to different pixels"); exit(1)
            }
            optimalBytes += optimal.count
            fixedBytes += fixed.count
            worst = max(worst, Double(fixed.count) / Double(optimal.count))
            if ProcessInfo.processInfo.environment["VERBOSE"] != nil { print(String(format: "%.3f %7d %@ %dx%d", Double(fixed.count) / Double(optimal.count), optimal.count, path, image.width, image.height)) }
            count += 1
        }
    }
    print(String(format: "%d photos: fixed tables %.3f× the bytes of optimal ones (largest %.3f×), %.2f ms vs %.2f ms a photo; same pixels",
                 count, Double(fixedBytes) / Double(optimalBytes), worst, fixedTime / Double(count) * 1e3, optimalTime / Double(count) * 1e3))
} else if arguments.first == "thumbs", arguments.count == 4, let jobs = Int(arguments[arguments.startIndex + 3]) {
    // gallery-bench thumbs SRC OUT JOBS: 400 px wide thumbnails of every image under SRC
    // (JPEG, HEIC, AVIF, WebP, TIFF), the export's pipeline (probe, decode — DCT-scaled for
    // JPEG, box-reduced for TIFF —, colour profile, Lanczos-3, orientation, progressive encode).
    let source = arguments[arguments.startIndex + 1], out = arguments[arguments.startIndex + 2]
    let files = FileManager.default.enumerator(atPath: source)?.compactMap { $0 as? String }.filter { name in [".jpg", ".heic", ".avif", ".webp", ".tif", ".tiff"].contains { name.lowercased().hasSuffix($0) } }.sorted() ?? []
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let next = Atomic<Int>(0)
    let time = seconds {
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            while true {
                let i = next.add(1, ordering: .relaxed).oldValue
                guard i < files.count else { return }
                let path = source + "/" + files[i]
                guard let probe = try? PhotoProbe.probe(path: path) else { continue }
                let size = Thumbnailer.size(displayWidth: probe.displayWidth, displayHeight: probe.displayHeight, toWidth: 400)
                if let jpeg = try? Thumbnailer.renderWithColor(path: path, format: probe.format, orientation: probe.orientation, sizes: [size]).images.first {
                    try? Data(jpeg).write(to: URL(fileURLWithPath: out + "/" + files[i].replacingOccurrences(of: "/", with: "_") + ".jpg"))
                }
            }
        }
    }
    print(String(format: "thumbs %ld files in %.3f s: %.1f files/s", files.count, time, Double(files.count) / time))
} else if arguments.first == "exif", arguments.count >= 2 {
    // gallery-bench exif FILE...: the EXIF blocks of these files (as the probe finds them) read
    // by EXIFReader (our directory walk) and by libexif (LibexifReader, the peer), alternating,
    // one core, best of 5 rounds; and whether both read the same values.
    let blocks = arguments.dropFirst().compactMap { try? PhotoProbe.probe(path: $0).exif }
    guard !blocks.isEmpty else { FileHandle.standardError.write(Data("no EXIF in these files\n".utf8)); exit(1) }
    let repeats = max(1, 200_000 / blocks.count)
    var ours = Double.infinity, peer = Double.infinity, sink = 0
    for _ in 0 ..< 5 {
        ours = min(ours, seconds { for _ in 0 ..< repeats { for block in blocks { sink &+= EXIFReader.read(tiff: block).iso ?? 1 } } })
        peer = min(peer, seconds { for _ in 0 ..< repeats { for block in blocks { sink &+= LibexifReader.read(tiff: block).texts.count } } })
    }
    let reads = Double(repeats * blocks.count)
    let disagreements = blocks.filter { block in
        let a = EXIFReader.read(tiff: block), b = LibexifReader.read(tiff: block)
        return a.cameraMake != b.texts[6] || a.cameraModel != b.texts[7] || a.lens != b.texts[8] || a.fNumber != b.numbers[0].first
            || a.exposureTime != b.numbers[1].first || a.focalLength != b.numbers[2].first
    }.count
    print(String(format: "exif %ld blocks (%ld bytes on average): ours %.2f µs/block, libexif %.2f µs/block, %.1f× faster; %ld disagree (%ld)",
                 blocks.count, blocks.reduce(0) { $0 + $1.count } / blocks.count, ours / reads * 1e6, peer / reads * 1e6, peer / ours, disagreements, sink & 1))
} else if arguments.first == "descriptions", arguments.count == 2 {
    // gallery-bench descriptions DIR: every JPEG under DIR probed and its description read
    // (XMP through expat, IPTC, EXIF text: what import reads), one core, warm cache; what
    // `exiftool -j` is measured against. Prints files/s and how many said something.
    let source = arguments[arguments.startIndex + 1]
    let files = FileManager.default.enumerator(atPath: source)?.compactMap { $0 as? String }.filter { $0.lowercased().hasSuffix(".jpg") }.sorted() ?? []
    var described = 0, best = Double.infinity
    for _ in 0 ..< 3 {
        described = 0
        best = min(best, seconds {
            for file in files {
                guard let probe = try? PhotoProbe.probe(path: source + "/" + file) else { continue }
                let exif = probe.exif.map(EXIFReader.read(tiff:)) ?? EXIFReading()
                if !PhotoDescription.embedded(in: probe, exif: exif).description.isEmpty { described += 1 }
            }
        })
    }
    print(String(format: "descriptions %ld files (%ld described) in %.3f s: %.0f files/s", files.count, described, best, Double(files.count) / best))
} else {
    FileHandle.standardError.write(Data("usage: gallery-bench measure | layout | thumbs SRC OUT JOBS | exif FILE... | descriptions DIR\n".utf8))
    exit(2)
}
