import Imaging
import Testing

@Suite("EXIF metadata: dates, camera, exposure, GPS, and what is refused")
struct EXIFReaderTests {
    static func pixel7(date: String = "2024:07:14 18:32:05", byteOrder: EXIFBuilder.ByteOrder = .littleEndian) -> [UInt8] {
        EXIFBuilder.tiff(
            ifd0: [(0x010F, .ascii("Google")), (0x0110, .ascii("Pixel 7")), (0x0112, .short(6))],
            exif: [(0x9003, .ascii(date)), (0x9291, .ascii("12")), (0x9011, .ascii("+02:00")),
                   (0x9004, .ascii("2024:07:14 18:32:06")),
                   (0x829D, .rational([(185, 100)])), (0x829A, .rational([(1, 120)])), (0x8827, .short(50)),
                   (0x920A, .rational([(681, 100)])), (0xA434, .ascii("Pixel 7 back camera 6.81mm f/1.85"))],
            gps: [(0x0001, .ascii("N")), (0x0002, .rational([(48, 1), (51, 1), (296, 10)])),
                  (0x0003, .ascii("W")), (0x0004, .rational([(2, 1), (17, 1), (402, 10)]))],
            byteOrder: byteOrder)
    }

    @Test("a phone's EXIF, in both byte orders: every value the library stores", arguments: [EXIFBuilder.ByteOrder.littleEndian, .bigEndian])
    func phone(byteOrder: EXIFBuilder.ByteOrder) {
        let reading = EXIFReader.read(tiff: Self.pixel7(byteOrder: byteOrder))
        #expect(reading.takenAt == "2024-07-14T18:32:05.12+02:00")
        #expect(reading.cameraMake == "Google" && reading.cameraModel == "Pixel 7")
        #expect(reading.lens == "Pixel 7 back camera 6.81mm f/1.85")
        #expect(reading.fNumber == 1.85 && reading.exposureTime == 1.0 / 120 && reading.iso == 50 && reading.focalLength == 6.81)
        #expect(abs((reading.latitude ?? 0) - (48 + 51.0 / 60 + 29.6 / 3600)) < 1e-9)
        #expect(abs((reading.longitude ?? 0) + (2 + 17.0 / 60 + 40.2 / 3600)) < 1e-9)
        #expect(reading.warnings.isEmpty, "\(reading.warnings)")
    }

    @Test("no original date: the digitized one (exiftool's CreateDate); neither: none")
    func fallbackDate() {
        let digitized = EXIFBuilder.tiff(ifd0: [], exif: [(0x9004, .ascii("2019:01:02 03:04:05")), (0x9012, .ascii("-05:00"))])
        #expect(EXIFReader.read(tiff: digitized).takenAt == "2019-01-02T03:04:05-05:00")
        #expect(EXIFReader.read(tiff: EXIFBuilder.tiff(ifd0: [(0x010F, .ascii("Canon"))])).takenAt == nil)
    }

    @Test("placeholders are silent; dates no clock shows, zero f-numbers and half GPS positions are named and left out")
    func refused() {
        let placeholder = EXIFReader.read(tiff: Self.pixel7(date: "0000:00:00 00:00:00"))
        // The digitized date stands in, and nothing is said about the placeholder.
        #expect(placeholder.takenAt == "2024-07-14T18:32:06" && placeholder.warnings.isEmpty, "\(placeholder.warnings)")
        for absurd in ["2099:01:01 00:00:00", "2023:02:30 10:00:00", "1700:05:05 10:00:00", "2023:13:01 10:00:00", "yesterday"] {
            let only = EXIFBuilder.tiff(ifd0: [], exif: [(0x9003, .ascii(absurd))])
            let reading = EXIFReader.read(tiff: only)
            #expect(reading.takenAt == nil, "\(absurd)")
            #expect(reading.warnings.count == 1 && reading.warnings[0].contains(absurd), "\(absurd): \(reading.warnings)")
        }
        let leapDay = EXIFReader.read(tiff: EXIFBuilder.tiff(ifd0: [], exif: [(0x9003, .ascii("2024:02:29 12:00:00"))]))
        #expect(leapDay.takenAt == "2024-02-29T12:00:00")
        let zero = EXIFReader.read(tiff: EXIFBuilder.tiff(ifd0: [], exif: [(0x829D, .rational([(0, 10)]))]))
        #expect(zero.fNumber == nil && zero.warnings.count == 1)
        let half = EXIFReader.read(tiff: EXIFBuilder.tiff(ifd0: [], gps: [(0x0001, .ascii("N")), (0x0003, .ascii("E"))]))
        #expect(half.latitude == nil && half.longitude == nil && half.warnings.count == 1)
        let farNorth = EXIFReader.read(tiff: EXIFBuilder.tiff(ifd0: [], gps: [(0x0001, .ascii("N")), (0x0002, .rational([(95, 1), (0, 1), (0, 1)])),
                                                                              (0x0003, .ascii("E")), (0x0004, .rational([(2, 1), (0, 1), (0, 1)]))]))
        #expect(farNorth.latitude == nil && farNorth.warnings.count == 1)
        // 60 seconds, as a writer rounding 59.996 to hundredths writes them: the next minute.
        let rounded = EXIFReader.read(tiff: EXIFBuilder.tiff(ifd0: [], gps: [(0x0001, .ascii("N")), (0x0002, .rational([(53, 1), (31, 1), (6000, 100)])),
                                                                             (0x0003, .ascii("E")), (0x0004, .rational([(10, 1), (1, 1), (4248, 100)]))]))
        #expect(rounded.warnings.isEmpty && abs((rounded.latitude ?? 0) - (53 + 32.0 / 60)) < 1e-9, "\(rounded.latitude ?? .nan) \(rounded.warnings)")
        let sixtyOne = EXIFReader.read(tiff: EXIFBuilder.tiff(ifd0: [], gps: [(0x0001, .ascii("N")), (0x0002, .rational([(53, 1), (31, 1), (61, 1)])),
                                                                              (0x0003, .ascii("E")), (0x0004, .rational([(10, 1), (1, 1), (0, 1)]))]))
        #expect(sixtyOne.latitude == nil && sixtyOne.warnings.count == 1)
    }

    @Test("a cut-short or garbage EXIF block costs nothing but what it lost")
    func damaged() {
        let full = Self.pixel7()
        for length in [0, 4, 8, 20, full.count / 2, full.count - 3] {
            let reading = EXIFReader.read(tiff: Array(full.prefix(length)))
            // Whatever could be read is right; nothing invented.
            if let make = reading.cameraMake { #expect(make == "Google") }
            if let taken = reading.takenAt { #expect(taken.hasPrefix("2024-07-14T18:32:0")) }
        }
        var garbage = full
        for i in stride(from: 10, to: garbage.count, by: 7) { garbage[i] = UInt8(truncatingIfNeeded: i * 31) }
        _ = EXIFReader.read(tiff: garbage)
        #expect(EXIFReader.read(tiff: [0x49, 0x49]).warnings.count == 1)
    }
}
