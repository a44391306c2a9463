import PhotoFacts

extension PhotoProbe {
    /// The TIFF tags the probe reads (and `RawEmbeddedPreview`).
    enum Tag {
        static let newSubfileType = 254, width = 256, height = 257, bitsPerSample = 258, compression = 259
        static let photometric = 262, stripOffsets = 273, orientation = 274, samplesPerPixel = 277
        static let stripByteCounts = 279, tileOffsets = 324, tileByteCounts = 325, subIFDs = 330
        static let jpegOffset = 513, jpegLength = 514
        static let xmp = 700, iptc = 33723, photoshop = 34377, exifIFD = 34665, gpsIFD = 34853
        static let iccProfile = 34675, dngVersion = 50706
    }

    /// Largest metadata value read (an ICC profile, an XMP packet, a directory's values).
    private static let largestTIFFValue = 4 << 20
    /// A compressed picture that would decode to over this many times its stored bytes (and
    /// over `bombFloor` bytes) is refused: no photograph or scan compresses so far, a
    /// decompression bomb does.
    private static let largestCompressionRatio = 5_000
    private static let bombFloor = 256 << 20

    /// Reads a TIFF's first directory (classic or BigTIFF): its size, orientation, colour
    /// profile, XMP, IPTC and EXIF (rebuilt as a small TIFF structure of IFD0's descriptive tags
    /// and the Exif and GPS directories, as a JPEG carries it). Checks that every strip or tile
    /// lies in the file, so a truncated file is refused here with what is missing. Camera RAW
    /// files, which are TIFF structures too, are told apart by their CFA or linear-raw
    /// directories and DNG version (and Canon's "CR" mark).
    /// - Parameter raw: the file is a camera raw whatever its directories say (Olympus ORF and
    ///   Panasonic RW2, TIFF structures under their own magic numbers).
    static func probeTIFF(_ input: inout ProbeInput, raw: Bool = false) throws(ProbeError) -> ProbeResult {
        guard let head = try input.bytes(at: 0, count: min(input.size, 16)), head.count >= 8 else {
            throw .truncated("the file ends inside the TIFF header")
        }
        let littleEndian = head[0] == 0x49
        let magic = TIFFFileDirectory.integer(head[2 ..< 4], littleEndian: littleEndian)
        let bigTIFF = magic == 43
        guard !bigTIFF || head.count >= 16 else { throw .truncated("the file ends inside the BigTIFF header") }
        let first = TIFFFileDirectory.integer(bigTIFF ? head[8 ..< 16] : head[4 ..< 8], littleEndian: littleEndian)
        let ifd0 = try TIFFFileDirectory(&input, at: first, littleEndian: littleEndian, bigTIFF: bigTIFF)
        var isRaw = raw || rawKind(head) != nil
        if !isRaw { isRaw = try isCameraRAW(ifd0, &input, littleEndian: littleEndian, bigTIFF: bigTIFF) }
        if isRaw {
            let kind = rawKind(head) ?? (ifd0.entries[Tag.dngVersion] != nil ? "DNG" : "camera raw")
            let metadata = try tiffMetadata(ifd0, &input, littleEndian: littleEndian, bigTIFF: bigTIFF)
            do throws(ProbeError) {
                return try probeRAW(&input, kind: kind, metadata: metadata)
            } catch {
                // A raw LibRaw cannot read (a camera newer than it): the camera's own JPEG
                // inside it, found by our reading of its directories, when it has one.
                guard case .unsupportedRaw = error else { throw error }
                let camera = metadata.exif.flatMap { EXIFReader.read(tiff: $0).metadata.camera }
                guard let preview = RawEmbeddedPreview.largest(&input) else { throw .unsupportedRaw(kind, camera: camera) }
                var result = ProbeResult(format: .raw, width: preview.width, height: preview.height,
                                         orientation: Orientation(exifValue: ifd0.integer(Tag.orientation) ?? 1), endMarker: .checkedByProbe)
                (result.xmp, result.photoshopResources, result.exif) = (metadata.xmp, metadata.photoshopResources, metadata.exif)
                result.notes.append("LibRaw cannot read this \(kind) file\(camera.map { " of a \($0)" } ?? ""): shown from the camera's preview inside it (\(preview.width)×\(preview.height)); convert it to DNG (Adobe DNG Converter) for the whole picture")
                return result
            }
        }
        guard let width = ifd0.integer(Tag.width), let height = ifd0.integer(Tag.height) else {
            throw .corrupt("the TIFF's first directory has no image width or length")
        }
        try checkImageData(ifd0, &input, width: width, height: height)

        var result = ProbeResult(format: .tiff, width: width, height: height,
                                 orientation: Orientation(exifValue: ifd0.integer(Tag.orientation) ?? 1),
                                 endMarker: .checkedByProbe)
        result.iccProfile = try ifd0.bytes(Tag.iccProfile, in: &input, limit: largestTIFFValue)
        let metadata = try tiffMetadata(ifd0, &input, littleEndian: littleEndian, bigTIFF: bigTIFF)
        (result.xmp, result.photoshopResources, result.exif) = (metadata.xmp, metadata.photoshopResources, metadata.exif)
        let pages = try pageCount(after: ifd0, &input, littleEndian: littleEndian, bigTIFF: bigTIFF)
        if pages > 1 { result.notes.append("a TIFF of \(pages) pages: only the first is imported") }
        return result
    }

    /// What IFD0 says of the picture in words and facts: its XMP, its IPTC (as Photoshop's
    /// resources) and its EXIF block (`exifBlock`). Only those fields of the result are set.
    private static func tiffMetadata(_ ifd0: TIFFFileDirectory, _ input: inout ProbeInput, littleEndian: Bool, bigTIFF: Bool)
        throws(ProbeError) -> ProbeResult {
        var result = ProbeResult(format: .tiff, width: 0, height: 0, orientation: .up, endMarker: .checkedByProbe)
        result.xmp = try ifd0.bytes(Tag.xmp, in: &input, limit: largestTIFFValue)
        if let resources = try ifd0.bytes(Tag.photoshop, in: &input, limit: largestTIFFValue) {
            result.photoshopResources = resources
        } else if let iim = try ifd0.bytes(Tag.iptc, in: &input, limit: largestTIFFValue) {
            result.photoshopResources = photoshopResource(iptc: iim)
        }
        result.exif = try exifBlock(ifd0, &input, littleEndian: littleEndian, bigTIFF: bigTIFF)
        return result
    }

    /// For a raw in TIFF form (DNG, NEF, ARW, PEF…): where its sensor data — the strips or
    /// tiles of its CFA or linear-raw directory — would run past the file's end, or is far too
    /// small for its pixels, said; nil when it lies in the file or the file is no such raw. (LibRaw reads past the end of such a file
    /// without a word, and develops black.)
    static func rawSensorDataProblem(_ input: inout ProbeInput) -> String? {
        guard let head = try? input.bytes(at: 0, count: min(input.size, 16)), head.count >= 8,
              head[0] == head[1], head[0] == 0x49 || head[0] == 0x4D else { return nil }
        let littleEndian = head[0] == 0x49
        let bigTIFF = TIFFFileDirectory.integer(head[2 ..< 4], littleEndian: littleEndian) == 43
        guard !bigTIFF || head.count >= 16 else { return nil }
        let first = TIFFFileDirectory.integer(bigTIFF ? head[8 ..< 16] : head[4 ..< 8], littleEndian: littleEndian)
        guard let ifd0 = try? TIFFFileDirectory(&input, at: first, littleEndian: littleEndian, bigTIFF: bigTIFF),
              let directories = try? sensorDirectories(ifd0, &input, littleEndian: littleEndian, bigTIFF: bigTIFF) else { return nil }
        for directory in directories {
            let tiled = directory.entries[Tag.tileOffsets] != nil
            guard let offsets = (try? directory.integers(tiled ? Tag.tileOffsets : Tag.stripOffsets, in: &input)) ?? nil,
                  let counts = (try? directory.integers(tiled ? Tag.tileByteCounts : Tag.stripByteCounts, in: &input)) ?? nil else { continue }
            for (offset, count) in zip(offsets, counts) where offset > input.size - count {
                return "its sensor data runs to byte \(offset + count), but the file has \(input.size) bytes (cut short or damaged)"
            }
            // No raw compresses below a bit a pixel (a lossy DNG: two or three): a few bytes for
            // millions of pixels are a picture stripped out of the file.
            let stored = counts.reduce(0, +), width = directory.integer(Tag.width) ?? 0, height = directory.integer(Tag.height) ?? 0
            if width > 0, height > 0, width <= ImageLimits.maximumPixels / height, stored < width * height / 64 {
                return "its sensor data is \(stored) bytes for \(width)×\(height) pixels (stripped out or damaged)"
            }
        }
        return nil
    }

    /// RAW files keep their sensor data in a directory of CFA or linear-raw pixels (IFD0 or
    /// one of its SubIFDs: DNG, NEF, ARW, PEF) or say they are DNG.
    private static func isCameraRAW(_ ifd0: TIFFFileDirectory, _ input: inout ProbeInput, littleEndian: Bool, bigTIFF: Bool)
        throws(ProbeError) -> Bool {
        if ifd0.entries[Tag.dngVersion] != nil { return true }
        return try !sensorDirectories(ifd0, &input, littleEndian: littleEndian, bigTIFF: bigTIFF).isEmpty
    }

    /// The directories of sensor data (CFA or linear-raw pixels): IFD0 or its first SubIFDs.
    private static func sensorDirectories(_ ifd0: TIFFFileDirectory, _ input: inout ProbeInput, littleEndian: Bool, bigTIFF: Bool)
        throws(ProbeError) -> [TIFFFileDirectory] {
        var directories = [ifd0]
        for offset in (try ifd0.integers(Tag.subIFDs, in: &input, limit: 64) ?? []).prefix(8) {
            if let sub = try? TIFFFileDirectory(&input, at: offset, littleEndian: littleEndian, bigTIFF: bigTIFF) { directories.append(sub) }
        }
        return directories.filter { [32803, 34892].contains($0.integer(Tag.photometric) ?? 0) }
    }

    /// Every strip or tile must lie in the file, and the picture must not decode to
    /// thousands of times what it is stored in.
    private static func checkImageData(_ ifd0: TIFFFileDirectory, _ input: inout ProbeInput, width: Int, height: Int) throws(ProbeError) {
        let tiled = ifd0.entries[Tag.tileOffsets] != nil
        let offsetsTag = tiled ? Tag.tileOffsets : Tag.stripOffsets, countsTag = tiled ? Tag.tileByteCounts : Tag.stripByteCounts
        guard let offsets = try ifd0.integers(offsetsTag, in: &input), !offsets.isEmpty else {
            throw .corrupt("the TIFF's first directory says nowhere where its picture's \(tiled ? "tiles" : "strips") are")
        }
        guard let counts = try ifd0.integers(countsTag, in: &input), counts.count == offsets.count else {
            throw .corrupt("the TIFF's first directory lacks the byte counts of its \(tiled ? "tiles" : "strips")")
        }
        var stored = 0
        for (offset, count) in zip(offsets, counts) {
            guard count > 0 else { continue }  // an empty strip decodes as blank
            guard offset <= input.size else {
                throw .corrupt("a \(tiled ? "tile" : "strip") of the TIFF starts at byte \(offset), past the file's end (\(input.size) bytes)")
            }
            guard count <= input.size - offset else {
                throw .truncated("the TIFF's picture data runs to byte \(offset + min(count, Int(Int32.max))), but the file has \(input.size) bytes")
            }
            stored += count
        }
        let compression = ifd0.integer(Tag.compression) ?? 1
        let samples = ifd0.integer(Tag.samplesPerPixel) ?? 1
        let bits = max(1, try ifd0.integers(Tag.bitsPerSample, in: &input, limit: 64)?.first ?? 1)
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        let decoded = overflow ? Int.max : pixels.multipliedReportingOverflow(by: samples * bits).partialValue / 8
        if compression != 1, decoded > bombFloor, decoded / max(stored, 1) > largestCompressionRatio {
            throw .corrupt("the TIFF declares \(width)×\(height) pixels (\(decoded >> 20) MB) stored in \(stored) bytes, "
                + "a ratio no picture has: refused as a decompression bomb")
        }
    }

    /// The pages after the first: directories in the chain that are not reduced-resolution
    /// copies (NewSubfileType bit 0), counted up to a bound and never round a loop.
    private static func pageCount(after ifd0: TIFFFileDirectory, _ input: inout ProbeInput, littleEndian: Bool, bigTIFF: Bool)
        throws(ProbeError) -> Int {
        var pages = 1, next = ifd0.next
        var seen: Set<Int> = []
        while next != 0, seen.count < 10_000, seen.insert(next).inserted {
            guard let directory = try? TIFFFileDirectory(&input, at: next, littleEndian: littleEndian, bigTIFF: bigTIFF) else { break }
            if (directory.integer(Tag.newSubfileType) ?? 0) & 1 == 0 { pages += 1 }
            next = directory.next
        }
        return pages
    }

    /// Raw IPTC-IIM (TIFF tag 33723) as the one Photoshop image resource (0x0404) that holds it.
    private static func photoshopResource(iptc: [UInt8]) -> [UInt8] {
        let length = iptc.count
        var block = Array("8BIM".utf8) + [0x04, 0x04, 0, 0]
        block += [UInt8(length >> 24 & 0xFF), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
        block += iptc
        if length % 2 == 1 { block.append(0) }
        return block
    }

    /// IFD0's tags an EXIF block leaves out: the picture's own (strips, tiles, colour map,
    /// SubIFDs) and the metadata blocks read on their own.
    static let pictureTags: Set<Int> = [
        Tag.stripOffsets, Tag.stripByteCounts, Tag.tileOffsets, Tag.tileByteCounts, Tag.subIFDs, 320, 347,
        Tag.xmp, Tag.iptc, Tag.photoshop, Tag.iccProfile, Tag.exifIFD, Tag.gpsIFD, 0x8773, 0x935C,
    ]
    /// The Exif directory's tag an EXIF block leaves out: the interoperability IFD's pointer.
    static let exifSkipped: Set<Int> = [0xA005]

    /// A directory's entries with their values, in tag order, as `TIFFStructureWriter` takes
    /// them: values over 64 KB and BigTIFF's 8-byte types left out.
    static func entries(of directory: TIFFFileDirectory, skipping: Set<Int>, input: inout ProbeInput) throws(ProbeError)
        -> [TIFFStructureWriter.Entry] {
        var kept: [TIFFStructureWriter.Entry] = []
        for tag in directory.order.sorted() where !skipping.contains(tag) {
            guard let entry = directory.entries[tag], entry.type < 16,
                  let bytes = try directory.bytes(of: entry, in: &input, limit: 64 * 1024) else { continue }
            kept.append((tag, entry.type, entry.count, bytes))
        }
        return kept
    }

    /// IFD0's descriptive tags and the Exif and GPS directories, as a compact TIFF structure in
    /// the file's byte order (what `EXIFReader` reads from a JPEG's APP1). The picture's own
    /// tags (strips, tiles, colour map, metadata blocks read above) are left out; so are values
    /// over 64 KB and BigTIFF's 8-byte types, which a classic structure cannot hold.
    private static func exifBlock(_ ifd0: TIFFFileDirectory, _ input: inout ProbeInput, littleEndian: Bool, bigTIFF: Bool)
        throws(ProbeError) -> [UInt8]? {
        let main = try entries(of: ifd0, skipping: pictureTags, input: &input)
        var exif: [TIFFStructureWriter.Entry] = []
        var gps: [TIFFStructureWriter.Entry] = []
        if let at = try ifd0.integers(Tag.exifIFD, in: &input)?.first,
           let directory = try? TIFFFileDirectory(&input, at: at, littleEndian: littleEndian, bigTIFF: bigTIFF) {
            exif = try entries(of: directory, skipping: exifSkipped, input: &input)
        }
        if let at = try ifd0.integers(Tag.gpsIFD, in: &input)?.first,
           let directory = try? TIFFFileDirectory(&input, at: at, littleEndian: littleEndian, bigTIFF: bigTIFF) {
            gps = try entries(of: directory, skipping: [], input: &input)
        }
        guard !main.isEmpty || !exif.isEmpty || !gps.isEmpty else { return nil }
        return TIFFStructureWriter(littleEndian: littleEndian).write(ifd0: main, exif: exif, gps: gps)
    }
}
