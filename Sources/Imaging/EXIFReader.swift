import CExif

/// Reads `EXIFReading` from a TIFF-structured EXIF block (as `ProbeResult.exif` holds it)
/// with libexif: DateTimeOriginal with SubSecTimeOriginal and OffsetTimeOriginal, else
/// DateTimeDigitized (exiftool's CreateDate) with its own; Make, Model, LensModel, FNumber,
/// ExposureTime, ISO, FocalLength, and the GPS position.
public enum EXIFReader {
    /// Years before this are taken for a placeholder or a broken clock.
    static let earliestYear = 1826  // the first photograph
    /// Years after this are refused (a camera clock set to the far future).
    static let latestYear = 2090

    public static func read(tiff: [UInt8]) -> EXIFReading {
        var reading = EXIFReading()
        guard tiff.count >= 8 else {
            reading.warnings.append("its EXIF block is too short to read (\(tiff.count) bytes)")
            return reading
        }
        let bytes = EXIFOrientationReader.app1Prefix + tiff
        guard let data = exif_data_new() else { return reading }
        defer { exif_data_unref(data) }
        // Read what is there; do not add the tags the standard makes mandatory.
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        bytes.withUnsafeBufferPointer { exif_data_load_data(data, $0.baseAddress, UInt32($0.count)) }
        let order = exif_data_get_byte_order(data)
        let ifds = data.pointee.ifd
        let ifd0 = ifds.0, exif = ifds.2, gps = ifds.3

        func entry(_ content: UnsafeMutablePointer<ExifContent>?, _ tag: UInt32) -> UnsafeMutablePointer<ExifEntry>? {
            guard let content else { return nil }
            return exif_content_get_entry(content, ExifTag(rawValue: tag))
        }
        func text(_ content: UnsafeMutablePointer<ExifContent>?, _ tag: UInt32) -> String? {
            guard let entry = entry(content, tag), entry.pointee.format == EXIF_FORMAT_ASCII || entry.pointee.format == EXIF_FORMAT_UNDEFINED,
                  let raw = entry.pointee.data, entry.pointee.size > 0 else { return nil }
            let buffer = UnsafeBufferPointer(start: raw, count: Int(entry.pointee.size))
            let value = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
                .trimmingCharacters(in: " \t\r\n")
            return value.isEmpty ? nil : value
        }
        func numbers(_ content: UnsafeMutablePointer<ExifContent>?, _ tag: UInt32) -> [Double] {
            guard let entry = entry(content, tag), let raw = entry.pointee.data else { return [] }
            let count = Int(entry.pointee.components)
            let size = Int(exif_format_get_size(entry.pointee.format))
            guard size > 0, count * size <= Int(entry.pointee.size) else { return [] }
            return (0 ..< count).compactMap { i -> Double? in
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
            }
        }
        func positive(_ tag: UInt32, _ name: String) -> Double? {
            guard let value = numbers(exif, tag).first else { return nil }
            guard value > 0, value.isFinite else {
                reading.warnings.append("its EXIF \(name) \(value) is not a positive number; left out")
                return nil
            }
            return value
        }

        // When: the original's time, else the digitized one (exiftool's CreateDate).
        for (date, subSeconds, offset) in [(0x9003, 0x9291, 0x9011), (0x9004, 0x9292, 0x9012)] as [(UInt32, UInt32, UInt32)] {
            guard let value = text(exif, date) else { continue }
            switch Self.isoDate(value, subSeconds: text(exif, subSeconds), offset: text(exif, offset)) {
            case .success(let iso): reading.takenAt = iso
            case .failure(let problem): if let message = problem.message { reading.warnings.append(message) }
            }
            if reading.takenAt != nil { break }
        }
        reading.cameraMake = text(ifd0, 0x010F)
        reading.cameraModel = text(ifd0, 0x0110)
        reading.lens = text(exif, 0xA434)
        reading.fNumber = positive(0x829D, "FNumber")
        reading.exposureTime = positive(0x829A, "ExposureTime")
        reading.focalLength = positive(0x920A, "FocalLength")
        if let iso = numbers(exif, 0x8827).first {
            if iso > 0, iso < 10_000_000 { reading.iso = Int(iso) } else { reading.warnings.append("its EXIF ISO \(iso) is not a sensitivity; left out") }
        }
        // Where: degrees, minutes, seconds and a hemisphere for each axis.
        let latitudeRef = text(gps, 0x0001), longitudeRef = text(gps, 0x0003)
        let latitude = numbers(gps, 0x0002), longitude = numbers(gps, 0x0004)
        if latitudeRef != nil || longitudeRef != nil || !latitude.isEmpty || !longitude.isEmpty {
            if let lat = Self.degrees(latitude, ref: latitudeRef, positive: "N", negative: "S", limit: 90),
               let lon = Self.degrees(longitude, ref: longitudeRef, positive: "E", negative: "W", limit: 180) {
                reading.latitude = lat
                reading.longitude = lon
            } else {
                reading.warnings.append("its EXIF GPS position is incomplete or out of range (latitude \(latitude) \(latitudeRef ?? "-"), longitude \(longitude) \(longitudeRef ?? "-")); left out")
            }
        }
        return reading
    }

    /// "YYYY:MM:DD HH:MM:SS" (+ sub-seconds, + "±HH:MM") as ISO 8601; `.failure(nil)` for the
    /// blank or zero placeholders cameras write when they do not know, `.failure(reason)` for a
    /// date no clock shows.
    static func isoDate(_ value: String, subSeconds: String?, offset: String?) -> Result<String, DateProblem> {
        let digits = value.unicodeScalars.filter { ("0" ... "9").contains($0) }.map { Int($0.value) - 48 }
        if (!digits.isEmpty && digits.allSatisfy({ $0 == 0 })) || value.allSatisfy({ $0 == " " || $0 == ":" }) { return .failure(DateProblem(nil)) }
        let parts = value.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "-" || $0 == "T" }).map { Int($0) }
        guard parts.count >= 6, let year = parts[0], let month = parts[1], let day = parts[2],
              let hour = parts[3], let minute = parts[4], let second = parts[5] else {
            return .failure(DateProblem("its EXIF date '\(value)' is not a date and time; left out"))
        }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (earliestYear ... latestYear).contains(year), (1 ... 12).contains(month), (1 ... days[month - 1]).contains(day),
              (0 ... 23).contains(hour), (0 ... 59).contains(minute), (0 ... 60).contains(second) else {
            return .failure(DateProblem("its EXIF date '\(value)' is not a date a camera could have taken it on; left out"))
        }
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
        var iso = "\(String(year).count < 4 ? String(repeating: "0", count: 4 - String(year).count) : "")\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))"
        if let subSeconds = subSeconds?.trimmingCharacters(in: " "), !subSeconds.isEmpty, subSeconds.allSatisfy(\.isASCIINumber) {
            iso += "." + subSeconds.prefix(6)
        }
        if let offset, offset.count == 6, let sign = offset.first, sign == "+" || sign == "-",
           let hours = Int(offset.dropFirst().prefix(2)), offset.dropFirst(3).first == ":", let minutes = Int(offset.suffix(2)),
           hours <= 14, minutes < 60 {
            iso += offset
        }
        return .success(iso)
    }

    struct DateProblem: Error {
        var message: String?
        init(_ message: String?) { self.message = message }
    }

    /// Degrees from EXIF's (degrees, minutes, seconds) and hemisphere; nil when incomplete or
    /// out of range.
    static func degrees(_ values: [Double], ref: String?, positive: String, negative: String, limit: Double) -> Double? {
        guard values.count == 3, let ref = ref?.uppercased(), ref == positive || ref == negative,
              values.allSatisfy({ $0 >= 0 && $0.isFinite }), values[1] < 60, values[2] < 60 else { return nil }
        let value = values[0] + values[1] / 60 + values[2] / 3600
        guard value <= limit else { return nil }
        return ref == negative ? -value : value
    }
}

private extension Character {
    var isASCIINumber: Bool { isASCII && isNumber }
}

private extension String {
    func trimmingCharacters(in set: String) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars = scalars.dropFirst() }
        while let last = scalars.last, set.contains(last) { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
