import CExif

/// The same twelve values `EXIFReader` takes, read with libexif, as the import read them until
/// the reader walked the directories itself: the peer of `gallery-bench exif`. Raw values only
/// (the date and range checks are the same code either way and cost next to nothing).
enum LibexifReader {
    struct Values: Equatable {
        var texts: [String?] = []
        var numbers: [[Double]] = []
    }

    /// The tags read, by directory: 0 = IFD0, 2 = Exif, 3 = GPS (libexif's indices).
    static let textTags: [(Int, UInt32)] = [(2, 0x9003), (2, 0x9291), (2, 0x9011), (2, 0x9004), (2, 0x9292), (2, 0x9012),
                                            (0, 0x010F), (0, 0x0110), (2, 0xA434), (3, 0x0001), (3, 0x0003)]
    static let numberTags: [(Int, UInt32)] = [(2, 0x829D), (2, 0x829A), (2, 0x920A), (2, 0x8827), (3, 0x0002), (3, 0x0004)]

    static func read(tiff: [UInt8]) -> Values {
        var values = Values()
        let bytes: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        guard let data = exif_data_new() else { return values }
        defer { exif_data_unref(data) }
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        bytes.withUnsafeBufferPointer { exif_data_load_data(data, $0.baseAddress, UInt32($0.count)) }
        let order = exif_data_get_byte_order(data)
        let ifds = data.pointee.ifd
        func content(_ index: Int) -> UnsafeMutablePointer<ExifContent>? {
            switch index {
            case 0: ifds.0
            case 2: ifds.2
            default: ifds.3
            }
        }
        for (ifd, tag) in textTags {
            guard let entry = content(ifd).flatMap({ exif_content_get_entry($0, ExifTag(rawValue: tag)) }),
                  entry.pointee.format == EXIF_FORMAT_ASCII || entry.pointee.format == EXIF_FORMAT_UNDEFINED,
                  let raw = entry.pointee.data, entry.pointee.size > 0 else { values.texts.append(nil); continue }
            let buffer = UnsafeBufferPointer(start: raw, count: Int(entry.pointee.size))
            let text = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self).trimmingCharacters(in: " \t\r\n")
            values.texts.append(text.isEmpty ? nil : text)
        }
        for (ifd, tag) in numberTags {
            guard let entry = content(ifd).flatMap({ exif_content_get_entry($0, ExifTag(rawValue: tag)) }), let raw = entry.pointee.data else {
                values.numbers.append([]); continue
            }
            let count = Int(entry.pointee.components)
            let size = Int(exif_format_get_size(entry.pointee.format))
            guard size > 0, count * size <= Int(entry.pointee.size) else { values.numbers.append([]); continue }
            values.numbers.append((0 ..< count).compactMap { i -> Double? in
                let at = raw + i * size
                switch entry.pointee.format {
                case EXIF_FORMAT_RATIONAL:
                    let value = exif_get_rational(at, order)
                    return value.denominator == 0 ? nil : Double(value.numerator) / Double(value.denominator)
                case EXIF_FORMAT_SRATIONAL:
                    let value = exif_get_srational(at, order)
                    return value.denominator == 0 ? nil : Double(value.numerator) / Double(value.denominator)
                case EXIF_FORMAT_SHORT: return Double(exif_get_short(at, order))
                case EXIF_FORMAT_LONG: return Double(exif_get_long(at, order))
                case EXIF_FORMAT_SSHORT: return Double(exif_get_sshort(at, order))
                case EXIF_FORMAT_SLONG: return Double(exif_get_slong(at, order))
                default: return nil
                }
            })
        }
        return values
    }
}

private extension String {
    func trimmingCharacters(in set: String) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars = scalars.dropFirst() }
        while let last = scalars.last, set.contains(last) { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
