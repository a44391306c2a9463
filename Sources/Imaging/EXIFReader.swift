/// Reads `EXIFReading` from a TIFF-structured EXIF block (as `ProbeResult.exif` holds it):
/// DateTimeOriginal with SubSecTimeOriginal and OffsetTimeOriginal, else
/// DateTimeDigitized (exiftool's CreateDate) with its own; Make, Model, LensModel, FNumber,
/// ExposureTime, ISO, FocalLength, the GPS position, and an iPhone's Live Photo identifier.
///
/// Our own walk of the three directories (`TIFFDirectories`) rather than libexif: it agrees with
/// exiftool on real cameras' files (EXIFAgreementTests) and is faster (bench/RESULTS.md),
/// because it reads twelve tags where libexif parses the whole block, maker notes included.
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
        guard let tags = TIFFDirectories(tiff) else {
            reading.warnings.append("its EXIF block is not a TIFF structure (no byte-order mark)")
            return reading
        }
        func positive(_ tag: Int, _ name: String) -> Double? {
            guard let value = tags.numbers(.exif, tag).first else { return nil }
            guard value > 0, value.isFinite else {
                reading.warnings.append("its EXIF \(name) \(value) is not a positive number; left out")
                return nil
            }
            return value
        }

        // When: the original's time, else the digitized one (exiftool's CreateDate).
        for (date, subSeconds, offset) in [(0x9003, 0x9291, 0x9011), (0x9004, 0x9292, 0x9012)] {
            guard let value = tags.text(.exif, date) else { continue }
            switch Self.isoDate(value, subSeconds: tags.text(.exif, subSeconds), offset: tags.text(.exif, offset)) {
            case .success(let iso): reading.takenAt = iso
            case .failure(let problem): if let message = problem.message { reading.warnings.append(message) }
            }
            if reading.takenAt != nil { break }
        }
        reading.cameraMake = tags.text(.ifd0, 0x010F)
        reading.cameraModel = tags.text(.ifd0, 0x0110)
        reading.lens = tags.text(.exif, 0xA434)
        reading.fNumber = positive(0x829D, "FNumber")
        reading.exposureTime = positive(0x829A, "ExposureTime")
        reading.focalLength = positive(0x920A, "FocalLength")
        // Some writers put ISOSpeedRatings in IFD0 instead of the EXIF IFD; exiftool reads it there.
        if let iso = tags.numbers(.exif, 0x8827).first ?? tags.numbers(.ifd0, 0x8827).first {
            if iso > 0, iso < 10_000_000 { reading.iso = Int(iso) } else { reading.warnings.append("its EXIF ISO \(iso) is not a sensitivity; left out") }
        }
        if let note = tags.data(.exif, 0x927C) {
            reading.contentIdentifier = AppleMakerNote.contentIdentifier(in: note)
            // Cameras that keep their ISO only in their maker note (Canon, Casio, Kodak, Nikon).
            if reading.iso == nil {
                reading.iso = MakerNoteISO.iso(note: note, block: tags.bytes, blockLittleEndian: tags.littleEndian, make: reading.cameraMake)
            }
        }
        reading.description = Self.description(tags, make: reading.cameraMake, model: reading.cameraModel)
        // Where: degrees, minutes, seconds and a hemisphere for each axis.
        let latitudeRef = tags.text(.gps, 0x0001), longitudeRef = tags.text(.gps, 0x0003)
        let latitude = tags.numbers(.gps, 0x0002), longitude = tags.numbers(.gps, 0x0004)
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
        // Byte by byte: this runs for every photo of an import.
        var parts: [Int] = []
        parts.reserveCapacity(8)
        var current: Int? = nil, digits = 0, nonZeroDigits = 0, others = 0
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"):
                let digit = Int(byte) - 48
                current = min((current ?? 0) * 10 + digit, 1_000_000)
                digits += 1
                if digit != 0 { nonZeroDigits += 1 }
            case UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "T"):
                if let number = current { parts.append(number) }
                current = nil
                if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "T") { others += 1 }
            default:
                // Not a date: a part that is not a number.
                parts.append(-1)
                others += 1
            }
        }
        if let number = current { parts.append(number) }
        if (digits > 0 && nonZeroDigits == 0) || (digits == 0 && others == 0) { return .failure(DateProblem(nil)) }
        guard parts.count >= 6, !parts.prefix(6).contains(-1) else {
            return .failure(DateProblem("its EXIF date '\(value)' is not a date and time; left out"))
        }
        let (year, month, day, hour, minute, second) = (parts[0], parts[1], parts[2], parts[3], parts[4], parts[5])
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (earliestYear ... latestYear).contains(year), (1 ... 12).contains(month), (1 ... days[month - 1]).contains(day),
              (0 ... 23).contains(hour), (0 ... 59).contains(minute), (0 ... 60).contains(second) else {
            return .failure(DateProblem("its EXIF date '\(value)' is not a date a camera could have taken it on; left out"))
        }
        var iso: [UInt8] = []
        iso.reserveCapacity(32)
        func put(_ number: Int, width: Int) {
            var divisor = 1
            for _ in 1 ..< width { divisor *= 10 }
            var rest = number
            while divisor > 0 { iso.append(UInt8(48 + rest / divisor % 10)); rest %= divisor; divisor /= 10 }
        }
        put(year, width: 4); iso.append(UInt8(ascii: "-")); put(month, width: 2); iso.append(UInt8(ascii: "-")); put(day, width: 2)
        iso.append(UInt8(ascii: "T")); put(hour, width: 2); iso.append(UInt8(ascii: ":")); put(minute, width: 2)
        iso.append(UInt8(ascii: ":")); put(second, width: 2)
        if let subSeconds {
            let fraction = subSeconds.utf8.drop { $0 == UInt8(ascii: " ") }.reversed().drop { $0 == UInt8(ascii: " ") }.reversed()
            if !fraction.isEmpty, fraction.allSatisfy({ (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains($0) }) {
                iso.append(UInt8(ascii: "."))
                iso += fraction.prefix(6)
            }
        }
        if let offset {
            // "+HH:MM" or "-HH:MM", at most 14 hours.
            let b = Array(offset.utf8)
            func digit(_ i: Int) -> Int? { (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(b[i]) ? Int(b[i]) - 48 : nil }
            if b.count == 6, b[0] == UInt8(ascii: "+") || b[0] == UInt8(ascii: "-"), b[3] == UInt8(ascii: ":"),
               let h1 = digit(1), let h2 = digit(2), let m1 = digit(4), let m2 = digit(5), h1 * 10 + h2 <= 14, m1 * 10 + m2 < 60 {
                iso += b
            }
        }
        return .success(String(decoding: iso, as: UTF8.self))
    }

    struct DateProblem: Error {
        var message: String?
        init(_ message: String?) { self.message = message }
    }

    /// Degrees from EXIF's (degrees, minutes, seconds) and hemisphere; nil when incomplete or
    /// out of range. A minute or second of exactly 60 is taken (the next one, as exiftool reads
    /// it): writers that round 59.996 s to hundredths write 60.00.
    static func degrees(_ values: [Double], ref: String?, positive: String, negative: String, limit: Double) -> Double? {
        guard values.count == 3, let ref = ref?.uppercased(), ref == positive || ref == negative,
              values.allSatisfy({ $0 >= 0 && $0.isFinite }), values[1] <= 60, values[2] <= 60 else { return nil }
        let value = values[0] + values[1] / 60 + values[2] / 3600
        guard value <= limit else { return nil }
        return ref == negative ? -value : value
    }
}
