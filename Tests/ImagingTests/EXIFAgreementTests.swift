import Foundation
import GalleryTestSupport
import Imaging
import PhotoFacts
import Testing

/// Our EXIF reader against exiftool (the reference photographers trust) on real cameras' files
/// (maker notes and all), on copies geotagged and time-zoned by exiftool, and on files whose
/// EXIF exiftool wrote from nothing in both byte orders, and as a WebP and a PNG carry it.
@Suite("EXIF reader agrees with exiftool on real files", .timeLimit(.minutes(2)))
struct EXIFAgreementTests {
    static let realFiles: [String] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/real-exif")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".jpg") }.sorted().map { folder.appending(path: $0).path }
    }()

    @Test("nine real cameras' JPEGs: every value as exiftool reads it")
    func realCameras() throws {
        #expect(Self.realFiles.count == 9, "the fixtures are missing: \(Self.realFiles)")
        let checked = try Self.compareWithExiftool(Self.realFiles)
        // What the cameras wrote, so the comparison is not between two nils.
        #expect(checked.filter { $0.takenAt != nil && $0.cameraModel != nil && $0.fNumber != nil && $0.exposureTime != nil }.count == 9)
        // Padded with spaces in the file; the Olympus E-P3 names its lens in maker notes only.
        #expect(checked.contains { $0.lens == "GR LENS" })
    }

    @Test("cameras that keep their ISO only in a maker note (Canon's Auto and numbers, Casio's two kinds, Kodak, Nikon) or in IFD0: as exiftool reads it")
    func makerNoteISO() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/maker-note-iso")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }.sorted()
            .map { folder.appending(path: $0).path }
        #expect(files.count == 7)
        let checked = try Self.compareWithExiftool(files)
        #expect(checked.map(\.iso) == [64, 50, 108, 200, 50, 100, 250], "\(checked.map(\.iso))")
    }

    @Test("real files geotagged and given a time zone and sub-seconds by exiftool, both hemispheres")
    func geotagged() throws {
        let folder = try TemporaryDirectory("exif-geotagged")
        var files: [String] = []
        let places: [(lat: String, latRef: String, lon: String, lonRef: String)] = [
            ("33.856784", "S", "151.215297", "E"), ("64.1466", "N", "21.9426", "W"), ("0.000015", "N", "0.5", "E"),
            ("51.4778", "N", "0.0014", "W"), ("22.9519", "S", "43.2105", "W"),
        ]
        for (index, source) in Self.realFiles.prefix(places.count).enumerated() {
            let path = folder.path + "/geo-\(index).jpg"
            try FileManager.default.copyItem(atPath: source, toPath: path)
            let place = places[index]
            try Self.exiftool(["-overwrite_original", "-q",
                               "-GPSLatitude=\(place.lat)", "-GPSLatitudeRef=\(place.latRef)",
                               "-GPSLongitude=\(place.lon)", "-GPSLongitudeRef=\(place.lonRef)",
                               "-OffsetTimeOriginal=\(index % 2 == 0 ? "+10:00" : "-03:30")", "-SubSecTimeOriginal=0\(index)7",
                               "-LensModel=Test lens \(index)", path])
            files.append(path)
        }
        let checked = try Self.compareWithExiftool(files)
        #expect(checked.allSatisfy { $0.latitude != nil && $0.longitude != nil && $0.takenAt?.hasSuffix("+10:00") == true || $0.takenAt?.hasSuffix("-03:30") == true })
        #expect(checked.contains { ($0.latitude ?? 0) < 0 } && checked.contains { ($0.longitude ?? 0) < 0 })
    }

    @Test("EXIF exiftool writes from nothing, big- and little-endian, in a JPEG, a WebP and a PNG")
    func writtenByExiftool() throws {
        let folder = try TemporaryDirectory("exif-written")
        var files: [String] = []
        for (index, order) in ["MM", "II"].enumerated() {
            let path = try folder.write("plain-\(order).jpg", TestImages.jpeg(width: 48, height: 32, seed: UInt8(index)))
            try Self.exiftool(["-overwrite_original", "-q", "-ExifByteOrder=\(order)",
                               "-Make=FUJIFILM", "-Model=X-T5", "-LensModel=XF16-55mmF2.8 R LM WR",
                               "-DateTimeOriginal=2024:10:03 07:41:12", "-CreateDate=2024:10:03 07:41:13",
                               "-OffsetTimeOriginal=+01:00", "-SubSecTimeOriginal=250",
                               "-FNumber=8", "-ExposureTime=1/1000", "-ISO=125", "-FocalLength=23.4",
                               "-GPSLatitude=57.1186", "-GPSLatitudeRef=N", "-GPSLongitude=6.0933", "-GPSLongitudeRef=W",
                               "-Orientation#=6", path])
            files.append(path)
        }
        // Only a digitized date (exiftool's CreateDate) and a camera without a lens tag.
        let digitizedOnly = try folder.write("digitized.jpg", TestImages.jpeg(width: 40, height: 30))
        try Self.exiftool(["-overwrite_original", "-q", "-Make=Apple", "-Model=iPhone 15 Pro", "-CreateDate=2023:12:31 23:59:59",
                           "-OffsetTimeDigitized=-08:00", "-ISO=50", digitizedOnly])
        files.append(digitizedOnly)
        // The same block in the other containers that carry EXIF.
        let png = try folder.write("tagged.png", TestImages.png())
        try Self.exiftool(["-overwrite_original", "-q", "-Make=Google", "-Model=Pixel 7", "-DateTimeOriginal=2024:07:14 18:32:05",
                           "-FNumber=1.85", "-ExposureTime=1/120", "-ISO=50", "-FocalLength=6.81", png])
        files.append(png)
        let webp = try folder.write("tagged.webp", TestImages.webp(width: 40, height: 30))
        try Self.exiftool(["-overwrite_original", "-q", "-Make=Samsung", "-Model=SM-S918B", "-DateTimeOriginal=2024:05:01 09:00:00",
                           "-FNumber=2.2", "-GPSLatitude=37.5665", "-GPSLatitudeRef=N", "-GPSLongitude=126.978", "-GPSLongitudeRef=E", webp])
        files.append(webp)
        let checked = try Self.compareWithExiftool(files)
        #expect(checked[0].takenAt == "2024-10-03T07:41:12.250+01:00" && checked[0] == checked[1])
        #expect(checked[2].takenAt == "2023-12-31T23:59:59-08:00" && checked[2].lens == nil)
        #expect(checked[3].cameraModel == "Pixel 7" && checked[4].latitude != nil)
    }

    // MARK: - The comparison

    /// The values ours and exiftool's must share, in our types.
    struct Values: Equatable, CustomStringConvertible {
        var takenAt, cameraMake, cameraModel, lens: String?
        var fNumber, exposureTime, focalLength, latitude, longitude: Double?
        var iso: Int?

        var description: String {
            "\(takenAt ?? "-") \(cameraMake ?? "-") / \(cameraModel ?? "-") / \(lens ?? "-") f\(fNumber.map { "\($0)" } ?? "-") "
                + "\(exposureTime.map { "\($0)" } ?? "-") s ISO \(iso.map { "\($0)" } ?? "-") \(focalLength.map { "\($0)" } ?? "-") mm "
                + "\(latitude.map { "\($0)" } ?? "-"),\(longitude.map { "\($0)" } ?? "-")"
        }

        static func == (a: Values, b: Values) -> Bool {
            func close(_ x: Double?, _ y: Double?) -> Bool {
                switch (x, y) {
                case (nil, nil): true
                case let (x?, y?): abs(x - y) <= 1e-7 * max(1, abs(x))  // exiftool prints 10 significant digits
                default: false
                }
            }
            return a.takenAt == b.takenAt && a.cameraMake == b.cameraMake && a.cameraModel == b.cameraModel && a.lens == b.lens
                && a.iso == b.iso && close(a.fNumber, b.fNumber) && close(a.exposureTime, b.exposureTime)
                && close(a.focalLength, b.focalLength) && close(a.latitude, b.latitude) && close(a.longitude, b.longitude)
        }
    }

    /// Reads every file both ways, expects them equal, and returns ours.
    static func compareWithExiftool(_ files: [String]) throws -> [Values] {
        let tags = ["IFD0:Make", "IFD0:Model", "ExifIFD:DateTimeOriginal", "ExifIFD:SubSecTimeOriginal", "ExifIFD:OffsetTimeOriginal",
                    "ExifIFD:CreateDate", "ExifIFD:SubSecTimeDigitized", "ExifIFD:OffsetTimeDigitized", "ExifIFD:LensModel",
                    "ExifIFD:FNumber", "ExifIFD:ExposureTime", "ExifIFD:ISO", "ExifIFD:FocalLength",
                    "GPS:GPSLatitude", "GPS:GPSLatitudeRef", "GPS:GPSLongitude", "GPS:GPSLongitudeRef"]
        // -ISO -a: every ISO exiftool finds (ExifIFD's, a maker note's, Canon's Composite).
        let output = try exiftool(["-j", "-n", "-G1", "-a", "-ISO"] + tags.map { "-\($0)" } + files)
        let records = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        #expect(records.count == files.count)
        var ours: [Values] = []
        for (file, record) in zip(files, records) {
            let probe = try PhotoProbe.probe(path: file)
            let exif = try #require(probe.exif, "\(file): the probe found no EXIF block")
            let reading = EXIFReader.read(tiff: exif)
            let mine = Values(takenAt: reading.takenAt, cameraMake: reading.cameraMake, cameraModel: reading.cameraModel, lens: reading.lens,
                              fNumber: reading.fNumber, exposureTime: reading.exposureTime, focalLength: reading.focalLength,
                              latitude: reading.latitude, longitude: reading.longitude, iso: reading.iso)
            let theirs = expected(record)
            #expect(mine == theirs, "\(URL(fileURLWithPath: file).lastPathComponent): ours \(mine), exiftool \(theirs)")
            #expect(reading.warnings.isEmpty, "\(file): \(reading.warnings)")
            ours.append(mine)
        }
        return ours
    }

    /// What exiftool's values mean under the reader's rules: the original time, else the
    /// digitized one, with its fractions and offset; text trimmed, blank as absent; signed degrees.
    static func expected(_ record: [String: Any]) -> Values {
        func text(_ key: String) -> String? {
            guard let value = record[key] else { return nil }
            let text = "\(value)".trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? nil : text
        }
        func number(_ key: String) -> Double? {
            if let value = record[key] as? NSNumber { return value.doubleValue }
            return text(key).flatMap(Double.init)
        }
        var takenAt: String?
        for (date, fraction, offset) in [("ExifIFD:DateTimeOriginal", "ExifIFD:SubSecTimeOriginal", "ExifIFD:OffsetTimeOriginal"),
                                         ("ExifIFD:CreateDate", "ExifIFD:SubSecTimeDigitized", "ExifIFD:OffsetTimeDigitized")] {
            guard let value = text(date), value.count == 19 else { continue }
            var iso = Array(value)
            iso[4] = "-"; iso[7] = "-"; iso[10] = "T"
            takenAt = String(iso) + (text(fraction).map { "." + $0 } ?? "") + (text(offset) ?? "")
            break
        }
        func signed(_ key: String, _ ref: String, negative: String) -> Double? {
            guard let value = number(key), let hemisphere = text(ref) else { return nil }
            return hemisphere.uppercased() == negative ? -value : value
        }
        return Values(takenAt: takenAt, cameraMake: text("IFD0:Make"), cameraModel: text("IFD0:Model"), lens: text("ExifIFD:LensModel"),
                      fNumber: number("ExifIFD:FNumber"), exposureTime: number("ExifIFD:ExposureTime"),
                      focalLength: number("ExifIFD:FocalLength"),
                      latitude: signed("GPS:GPSLatitude", "GPS:GPSLatitudeRef", negative: "S"),
                      longitude: signed("GPS:GPSLongitude", "GPS:GPSLongitudeRef", negative: "W"),
                      iso: isoFromAnywhere().map { Int($0) })
        /// The EXIF ISO (in the EXIF IFD, else IFD0); else Canon's Composite ISO; else a maker note's own ISO tag (Nikon's
        /// two numbers: the second).
        func isoFromAnywhere() -> Double? {
            if let exif = number("ExifIFD:ISO") ?? number("IFD0:ISO") { return exif }
            if let composite = number("Composite:ISO") { return composite.rounded() }
            for group in ["Casio", "Kodak", "Nikon"] {
                if let value = text("\(group):ISO") { return value.split(separator: " ").last.flatMap { Double($0) } }
            }
            return nil
        }
    }

    @discardableResult
    static func exiftool(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.waitUntilExit(timeout: 60))
        #expect(process.terminationStatus == 0 || arguments.contains("-j"), "exiftool \(arguments.joined(separator: " ")): \(problems)")
        return String(decoding: data, as: UTF8.self)
    }
}
