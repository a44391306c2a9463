/// The largest JPEG a raw in TIFF form (CR2, NEF, ARW, PEF, ORF, DNG…) carries: a strip of
/// JPEG in any of its directories (a CR2's full-size preview in IFD0), a thumbnail
/// (`JPEGInterchangeFormat`) or a SubIFD's. It is the camera's own rendering, and what is shown
/// of a raw LibRaw cannot read (a camera newer than it): our own reading of the file's
/// structure, not LibRaw's. Lossless JPEG (the sensor data of a CR2 or an old DNG) is not taken.
enum RawEmbeddedPreview {
    struct Preview {
        var jpeg: [UInt8]
        var width: Int
        var height: Int
    }

    /// Directories read at most, and the largest preview read.
    private static let directoryLimit = 32
    private static let byteLimit = 64 << 20

    static func largest(_ input: inout ProbeInput) -> Preview? {
        guard let head = try? input.bytes(at: 0, count: min(input.size, 16)), head.count >= 8,
              head[0] == head[1], head[0] == 0x49 || head[0] == 0x4D else { return nil }
        let littleEndian = head[0] == 0x49
        let bigTIFF = TIFFFileDirectory.integer(head[2 ..< 4], littleEndian: littleEndian) == 43
        guard !bigTIFF || head.count >= 16 else { return nil }
        var pending = [TIFFFileDirectory.integer(bigTIFF ? head[8 ..< 16] : head[4 ..< 8], littleEndian: littleEndian)]
        var seen = Set<Int>()
        var best: Preview?
        while let offset = pending.popLast(), seen.count < directoryLimit {
            guard offset > 0, seen.insert(offset).inserted,
                  let directory = try? TIFFFileDirectory(&input, at: offset, littleEndian: littleEndian, bigTIFF: bigTIFF) else { continue }
            if directory.next > 0 { pending.append(directory.next) }
            pending += ((try? directory.integers(PhotoProbe.Tag.subIFDs, in: &input, limit: 64)) ?? nil)?.prefix(8) ?? []
            var candidates: [(offset: Int, length: Int)] = []
            if let start = directory.integer(PhotoProbe.Tag.jpegOffset), let length = directory.integer(PhotoProbe.Tag.jpegLength) {
                candidates.append((start, length))
            }
            if [6, 7].contains(directory.integer(PhotoProbe.Tag.compression) ?? 0),
               let starts = (try? directory.integers(PhotoProbe.Tag.stripOffsets, in: &input)) ?? nil,
               let lengths = (try? directory.integers(PhotoProbe.Tag.stripByteCounts, in: &input)) ?? nil, starts.count == 1, lengths.count == 1 {
                candidates.append((starts[0], lengths[0]))
            }
            for (start, length) in candidates where length > 4 && length <= byteLimit && start >= 0 && start <= input.size - length {
                guard let bytes = try? input.bytes(at: start, count: length), bytes.starts(with: [0xFF, 0xD8]),
                      let probe = try? PhotoProbe.probe(bytes: bytes), probe.format == .jpeg,
                      probe.width * probe.height > (best.map { $0.width * $0.height } ?? 0),
                      decodes(bytes) else { continue }
                best = Preview(jpeg: bytes, width: probe.width, height: probe.height)
            }
        }
        return best
    }

    /// Whether libjpeg decodes it (at its smallest scale): a lossless JPEG's sensor data does not.
    private static func decodes(_ jpeg: [UInt8]) -> Bool {
        do {
            _ = try ImageDecoder.warnings(in: jpeg, format: .jpeg)
            return true
        } catch {
            return false
        }
    }
}
