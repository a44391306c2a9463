import PhotoFacts

extension PhotoProbe {
    /// Camera raws known by their first bytes, named as photographers know them; nil for any
    /// other file. (DNG, NEF, ARW, PEF, SRW and the like are plain TIFF structures, told apart by
    /// their directories in `probeTIFF`.)
    static func rawKind(_ head: [UInt8]) -> String? {
        func ascii(_ range: Range<Int>) -> String? {
            guard range.upperBound <= head.count else { return nil }
            return String(decoding: head[range], as: UTF8.self)
        }
        if head.count >= 10, head.starts(with: [0x49, 0x49, 0x2A, 0x00]), head[8] == 0x43, head[9] == 0x52 { return "Canon CR2" }
        if ascii(4 ..< 12) == "ftypcrx " { return "Canon CR3" }
        if ascii(6 ..< 14) == "HEAPCCDR" { return "Canon CRW" }
        if ascii(0 ..< 15) == "FUJIFILMCCD-RAW" { return "Fujifilm RAF" }
        if let magic = ascii(0 ..< 4), ["IIRO", "IIRS", "MMOR"].contains(magic) { return "Olympus ORF" }
        if head.starts(with: [0x49, 0x49, 0x55, 0x00]) { return "Panasonic RW2" }
        if head.starts(with: [0x00, 0x4D, 0x52, 0x4D]) { return "Minolta MRW" }
        if ascii(0 ..< 4) == "FOVb" { return "Sigma X3F" }
        return nil
    }

    /// A raw not in TIFF form, by its kind: its facts as its maker stores them, then LibRaw.
    static func probeRAW(_ input: inout ProbeInput, kind: String) throws(ProbeError) -> ProbeResult {
        switch kind {
        case "Canon CR2", "Olympus ORF", "Panasonic RW2": return try probeTIFF(&input, raw: true)
        case "Canon CR3": return try probeRAW(&input, kind: kind, metadata: canonCR3Metadata(&input))
        case "Fujifilm RAF": return try probeRAW(&input, kind: kind, metadata: fujifilmRAFMetadata(&input))
        default: return try probeRAW(&input, kind: kind, metadata: nil)
        }
    }

    /// A raw's size and orientation as LibRaw develops it, with `metadata`'s EXIF, XMP and IPTC
    /// (read from the file's own structures) or, without them, the facts LibRaw read.
    static func probeRAW(_ input: inout ProbeInput, kind: String, metadata: ProbeResult?) throws(ProbeError) -> ProbeResult {
        let raw: RawFile
        do throws(RawFile.OpenFailure) {
            if let path = input.path {
                raw = try RawFile(path: path)
            } else {
                raw = try RawFile(bytes: input.memory ?? [])
            }
        } catch {
            if error.isUnsupported { throw .unsupportedRaw(kind, camera: metadata?.exif.flatMap { EXIFReader.read(tiff: $0).metadata.camera }) }
            throw .corrupt(error.codecError.description)
        }
        let facts = raw.facts()
        guard facts.storedWidth > 0, facts.storedHeight > 0 else {
            throw .corrupt("the \(kind) file declares no picture size")
        }
        var result = ProbeResult(format: .raw, width: facts.storedWidth, height: facts.storedHeight, orientation: facts.orientation,
                                 endMarker: .checkedByProbe)
        result.exif = mergedEXIF(metadata?.exif, facts: facts)
        result.xmp = metadata?.xmp ?? facts.xmp
        result.photoshopResources = metadata?.photoshopResources
        return result
    }

    /// The file's EXIF block with what LibRaw read added where the block lacks it (a Panasonic
    /// RW2 keeps its ISO in a tag of its own maker's); LibRaw's facts alone for a file without one.
    private static func mergedEXIF(_ block: [UInt8]?, facts: RawFacts) -> [UInt8]? {
        guard let block, block.count >= 8 else { return facts.exifBlock() }
        let littleEndian = block[0] == 0x49
        guard let own = directories(of: block), let read = facts.exifBlock(littleEndian: littleEndian).flatMap(directories) else { return block }
        func merged(_ kept: [TIFFStructureWriter.Entry], _ added: [TIFFStructureWriter.Entry]) -> [TIFFStructureWriter.Entry] {
            let tags = Set(kept.map(\.tag))
            return kept + added.filter { !tags.contains($0.tag) }
        }
        // A place is the file's or LibRaw's whole, never half of each.
        return TIFFStructureWriter(littleEndian: littleEndian).write(ifd0: merged(own.ifd0, read.ifd0), exif: merged(own.exif, read.exif),
                                                                    gps: own.gps.isEmpty ? read.gps : own.gps)
    }

    /// An EXIF block's three directories as entries (IFD0 without its pointers to the others).
    private static func directories(of block: [UInt8]) -> (ifd0: [TIFFStructureWriter.Entry], exif: [TIFFStructureWriter.Entry], gps: [TIFFStructureWriter.Entry])? {
        guard block.count >= 8, block[0] == block[1], block[0] == 0x49 || block[0] == 0x4D else { return nil }
        let littleEndian = block[0] == 0x49
        var input = ProbeInput(bytes: block)
        let exifPointer = 34665, gpsPointer = 34853
        guard let ifd0 = try? TIFFFileDirectory(&input, at: TIFFFileDirectory.integer(block[4 ..< 8], littleEndian: littleEndian),
                                                littleEndian: littleEndian, bigTIFF: false),
              let main = try? entries(of: ifd0, skipping: [exifPointer, gpsPointer], input: &input) else { return nil }
        func directory(_ pointer: Int, input: inout ProbeInput) -> [TIFFStructureWriter.Entry] {
            guard let at = (try? ifd0.integers(pointer, in: &input))??.first,
                  let found = try? TIFFFileDirectory(&input, at: at, littleEndian: littleEndian, bigTIFF: false) else { return [] }
            return (try? entries(of: found, skipping: [], input: &input)) ?? []
        }
        let exif = directory(exifPointer, input: &input)
        let gps = directory(gpsPointer, input: &input)
        return (main, exif, gps)
    }

    /// A CR3's EXIF, as Canon stores it: three TIFF structures in the `moov` box's Canon `uuid`
    /// box (CMT1 holds IFD0, CMT2 the Exif directory, CMT4 the GPS one), joined into one
    /// block; and its XMP (a top-level `uuid` box). Nil when it has neither.
    private static func canonCR3Metadata(_ input: inout ProbeInput) throws(ProbeError) -> ProbeResult? {
        let canonBox: [UInt8] = [0x85, 0xC0, 0xB6, 0x87, 0x82, 0x0F, 0x11, 0xE0, 0x81, 0x11, 0xF4, 0xCE, 0x46, 0x2B, 0x6A, 0x48]
        let xmpBox: [UInt8] = [0xBE, 0x7A, 0xCF, 0xCB, 0x97, 0xA9, 0x42, 0xE8, 0x9C, 0x71, 0x99, 0x94, 0x91, 0xE3, 0xAF, 0xAC]
        var records: [String: [UInt8]] = [:]
        var xmp: [UInt8]?
        for box in try isoBoxes(&input, from: 0, to: input.size) {
            if box.type == "moov" {
                for inner in try isoBoxes(&input, from: box.content, to: box.end) where inner.type == "uuid" {
                    guard try input.bytes(at: inner.content, count: 16) == canonBox else { continue }
                    for record in try isoBoxes(&input, from: inner.content + 16, to: inner.end)
                    where ["CMT1", "CMT2", "CMT4"].contains(record.type) && record.end - record.content <= 1 << 20 {
                        records[record.type] = try input.bytes(at: record.content, count: record.end - record.content)
                    }
                }
            } else if box.type == "uuid", box.end - box.content <= 4 << 20, try input.bytes(at: box.content, count: 16) == xmpBox {
                xmp = try input.bytes(at: box.content + 16, count: box.end - box.content - 16)
            }
        }
        // Each record is a TIFF structure of its own: its first directory is the one it holds.
        func entries(_ record: String, skipping: Set<Int>, littleEndian: Bool?) -> [TIFFStructureWriter.Entry] {
            guard let bytes = records[record], bytes.count >= 8, bytes[0] == bytes[1], bytes[0] == 0x49 || bytes[0] == 0x4D else { return [] }
            let little = bytes[0] == 0x49
            guard littleEndian == nil || littleEndian == little else { return [] }
            var record = ProbeInput(bytes: bytes)
            let first = TIFFFileDirectory.integer(bytes[4 ..< 8], littleEndian: little)
            guard let directory = try? TIFFFileDirectory(&record, at: first, littleEndian: little, bigTIFF: false),
                  let kept = try? Self.entries(of: directory, skipping: skipping, input: &record) else { return [] }
            return kept
        }
        var result = ProbeResult(format: .raw, width: 0, height: 0, orientation: .up, endMarker: .checkedByProbe)
        result.xmp = xmp
        if let first = records["CMT1"], first.count >= 8 {
            let little = first[0] == 0x49
            let main = entries("CMT1", skipping: pictureTags, littleEndian: nil)
            let exif = entries("CMT2", skipping: exifSkipped, littleEndian: little)
            let gps = entries("CMT4", skipping: [], littleEndian: little)
            if !main.isEmpty || !exif.isEmpty {
                result.exif = TIFFStructureWriter(littleEndian: little).write(ifd0: main, exif: exif, gps: gps)
            }
        }
        return result.exif == nil && result.xmp == nil ? nil : result
    }

    /// A RAF's EXIF and XMP, from the camera's JPEG that the file begins with (its offset and
    /// length at bytes 84 and 88). Nil when that JPEG cannot be read.
    private static func fujifilmRAFMetadata(_ input: inout ProbeInput) throws(ProbeError) -> ProbeResult? {
        guard let offset = try input.uint32BE(at: 84), let length = try input.uint32BE(at: 88),
              length > 0, length <= 16 << 20, let jpeg = try input.bytes(at: offset, count: length),
              let probe = try? probe(bytes: jpeg), probe.format == .jpeg else { return nil }
        return probe.exif == nil && probe.xmp == nil ? nil : probe
    }

    /// The ISO base media boxes between `start` and `end`: each one's type and where its content
    /// and the box end. Stops at the first box that does not fit.
    private static func isoBoxes(_ input: inout ProbeInput, from start: Int, to end: Int) throws(ProbeError)
        -> [(type: String, content: Int, end: Int)] {
        var boxes: [(type: String, content: Int, end: Int)] = []
        var offset = start
        while offset + 8 <= end, boxes.count < 1_000 {
            guard let size32 = try input.uint32BE(at: offset), let type = try input.bytes(at: offset + 4, count: 4) else { break }
            var header = 8, size = size32
            if size32 == 1 {
                guard let high = try input.uint32BE(at: offset + 8), let low = try input.uint32BE(at: offset + 12), high < 1 << 20 else { break }
                (header, size) = (16, high << 32 | low)
            } else if size32 == 0 {
                size = end - offset
            }
            guard size >= header, size <= end - offset else { break }
            boxes.append((String(decoding: type, as: UTF8.self), offset + header, offset + size))
            offset += size
        }
        return boxes
    }
}
