import PhotoFacts

/// What LibRaw reads from a raw file's headers (`RawFile.facts`): the size it develops to and
/// the orientation, and the capture facts of its maker's own
/// records (CRW, MRW and others keep no EXIF block the probe could read).
struct RawFacts {
    /// The developed picture's size before `orientation` turns it.
    var storedWidth: Int
    var storedHeight: Int
    var orientation: Orientation
    /// When, with what and where, as LibRaw read it (its time as the camera's clock showed it).
    var capture = PhotoMetadata()
    /// The XMP packet LibRaw found (DNG, CR3), nil when none.
    var xmp: [UInt8]?

    init(storedWidth: Int, storedHeight: Int, orientation: Orientation) {
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.orientation = orientation
    }

    /// These facts as the EXIF block a JPEG of the camera would carry, so they reach the library
    /// through the one EXIF reader (and its checks) every other photo's facts go through.
    func exifBlock(littleEndian: Bool = true) -> [UInt8]? {
        func rational(_ value: Double) -> EXIFBuilder.Value {
            // Exposure times below a second as 1/n, as cameras write them.
            if value < 1, value > 0 { return .rational([(1, UInt32((1 / value).rounded()))]) }
            return .rational([(UInt32((value * 1000).rounded()), 1000)])
        }
        func dms(_ degrees: Double) -> EXIFBuilder.Value {
            let value = abs(degrees)
            let whole = value.rounded(.down), minutes = ((value - whole) * 60).rounded(.down)
            let seconds = ((value - whole) * 60 - minutes) * 60
            return .rational([(UInt32(whole), 1), (UInt32(minutes), 1), (UInt32((seconds * 1000).rounded()), 1000)])
        }
        var ifd0: [(Int, EXIFBuilder.Value)] = []
        var exif: [(Int, EXIFBuilder.Value)] = []
        var gps: [(Int, EXIFBuilder.Value)] = []
        if let make = capture.cameraMake { ifd0.append((0x010F, .ascii(make))) }
        if let model = capture.cameraModel { ifd0.append((0x0110, .ascii(model))) }
        if let exposureTime = capture.exposureTime { exif.append((0x829A, rational(exposureTime))) }
        if let fNumber = capture.fNumber { exif.append((0x829D, .rational([(UInt32((fNumber * 1000).rounded()), 1000)]))) }
        if let iso = capture.iso, iso < 65_536 { exif.append((0x8827, .short(iso))) }
        if let takenAt = capture.takenAt {
            // "2004-06-09T16:02:35" as EXIF writes it: "2004:06:09 16:02:35".
            exif.append((0x9003, .ascii(String(takenAt.prefix(19).map { $0 == "-" ? ":" : $0 == "T" ? " " : $0 }))))
        }
        if let focalLength = capture.focalLength { exif.append((0x920A, .rational([(UInt32((focalLength * 1000).rounded()), 1000)]))) }
        if let lens = capture.lens { exif.append((0xA434, .ascii(lens))) }
        if let latitude = capture.latitude, let longitude = capture.longitude {
            gps = [(0x0001, .ascii(latitude < 0 ? "S" : "N")), (0x0002, dms(latitude)),
                   (0x0003, .ascii(longitude < 0 ? "W" : "E")), (0x0004, dms(longitude))]
        }
        guard !ifd0.isEmpty || !exif.isEmpty || !gps.isEmpty else { return nil }
        return EXIFBuilder.tiff(ifd0: ifd0.sorted { $0.0 < $1.0 }, exif: exif.sorted { $0.0 < $1.0 }, gps: gps,
                                byteOrder: littleEndian ? .littleEndian : .bigEndian)
    }
}
