import Foundation
import GalleryTestSupport
import Imaging
import PhotoFacts
import Testing

/// Camera raws read through LibRaw: real cameras' files (ExifTool's and exiv2's test images,
/// their sensor data stripped), a DNG with real pixels and a preview (Fixtures/raw/README.md),
/// and damaged files from exiv2's bug reports.
@Suite("Camera raws: sizes, capture facts, preview and developed pictures")
struct RawTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/raw")
    static func fixture(_ name: String) -> String { folder.appending(path: name).path }

    /// The size LibRaw's own raw-identify says the raw develops to (after its orientation).
    static func identifiedSize(_ path: String) throws -> (width: Int, height: Int) {
        let output = try TestVideos.run("/usr/bin/raw-identify", ["-v", path])
        let line = try #require(output.split(separator: "\n").first { $0.hasPrefix("Output size:") }, "\(output)")
        let numbers = line.dropFirst("Output size:".count).split(separator: "x").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        return (try #require(numbers.first ?? nil), try #require(numbers.last ?? nil))
    }

    /// The largest difference between two channels of one pixel: 0 for grey.
    static func largestChroma(_ image: RGBImage) -> Int {
        var largest = 0
        for index in stride(from: 0, to: image.pixels.count, by: 3) {
            let r = Int(image.pixels[index]), g = Int(image.pixels[index + 1]), b = Int(image.pixels[index + 2])
            largest = max(largest, abs(r - g), abs(g - b), abs(r - b))
        }
        return largest
    }

    @Test("each camera's raw: a photo of the size a raw developer shows, orientation applied", arguments: [
        "CanonRaw.cr3", "CanonRaw.crw", "Nikon.nef", "FujiFilm.raf", "Panasonic.rw2", "DNG.dng", "Minolta.mrw", "iPhone12Pro.dng", "preview.dng",
    ])
    func sizes(name: String) throws {
        let path = Self.fixture(name)
        let probe = try PhotoProbe.probe(path: path)
        #expect(probe.format == .raw)
        let identified = try Self.identifiedSize(path)
        #expect(probe.displayWidth == identified.width && probe.displayHeight == identified.height,
                "\(name): \(probe.displayWidth)×\(probe.displayHeight), raw-identify \(identified)")
        // The same from the bytes in memory.
        let fromMemory = try PhotoProbe.probe(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(fromMemory == probe)
    }

    @Test("turned raws: an iPhone's ProRAW and a DNG with Orientation 6 stand upright; Fujifilm's 45° sensor is turned back")
    func orientation() throws {
        let iPhone = try PhotoProbe.probe(path: Self.fixture("iPhone12Pro.dng"))
        #expect(iPhone.orientation.rawValue == 6 && (iPhone.displayWidth, iPhone.displayHeight) == (3024, 4032))
        let made = try PhotoProbe.probe(path: Self.fixture("preview.dng"))
        #expect(made.orientation.rawValue == 6 && (made.width, made.height) == (300, 200))
        // The S5Pro's sensor lies at 45° (3584 × 3583 stored); developed it is 3030 × 2036.
        let fujifilm = try PhotoProbe.probe(path: Self.fixture("FujiFilm.raf"))
        #expect((fujifilm.displayWidth, fujifilm.displayHeight) == (3030, 2036))
    }

    @Test("capture facts as exiftool reads them: from a DNG's and NEF's TIFF directories, a CR3's CMT boxes, a RAF's JPEG, an RW2")
    func exifAsExiftool() throws {
        let files = ["preview.dng", "iPhone12Pro.dng", "DNG.dng", "Nikon.nef", "CanonRaw.cr3", "FujiFilm.raf", "Panasonic.rw2"].map(Self.fixture)
        let checked = try EXIFAgreementTests.compareWithExiftool(files)
        #expect(checked.allSatisfy { $0.takenAt != nil && $0.cameraModel != nil && $0.exposureTime != nil && $0.iso != nil },
                "\(checked)")
        #expect(checked[0].latitude == 57.1 && checked[0].longitude == -6.05 && checked[0].takenAt == "2023-06-14T19:42:07+02:00")
        #expect(checked[4].lens == "EF-M15-45mm f/3.5-6.3 IS STM" && checked[4].iso == 12800)
    }

    @Test("raws that keep no EXIF block (Canon CRW, Minolta MRW): LibRaw's facts, as exiftool reads them (exposure and aperture as the camera showed them)")
    func makersOwnRecords() throws {
        for name in ["CanonRaw.crw", "Minolta.mrw"] {
            let path = Self.fixture(name)
            let reading = EXIFReader.read(tiff: try #require(try PhotoProbe.probe(path: path).exif, "\(name) has no facts"))
            let output = try EXIFAgreementTests.exiftool(["-j", "-n", "-DateTimeOriginal", "-ExposureTime", "-FNumber", "-ISO", "-FocalLength", path])
            let record = try #require((try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])?.first)
            let date = try #require(record["DateTimeOriginal"] as? String)
            #expect(reading.takenAt == date.replacingOccurrences(of: " ", with: "T").replacing(/^(\d+):(\d+):/) { "\($0.1)-\($0.2)-" })
            #expect(reading.iso == record["ISO"] as? Int)
            for (ours, theirs) in [(reading.exposureTime, record["ExposureTime"]), (reading.fNumber, record["FNumber"]), (reading.focalLength, record["FocalLength"])] {
                // exiftool gives the APEX values exactly (1/64 s, f/3.56); LibRaw the nominal
                // ones the camera displayed (1/60 s, f/3.5): within a third of a stop.
                let expected = try #require(theirs as? Double)
                #expect(abs((ours ?? 0) - expected) <= 0.07 * expected, "\(name): \(ours ?? 0) against exiftool's \(expected)")
            }
            #expect(reading.cameraMake != nil && reading.cameraModel != nil)
        }
    }

    @Test("the words a DNG carries in its own XMP")
    func ownXMP() throws {
        let probe = try PhotoProbe.probe(path: Self.fixture("preview.dng"))
        let description = PhotoDescription(xmp: try XMPPacket(parsing: Data(try #require(probe.xmp))))
        #expect(description.title == "Loch at dusk" && description.rating == 4)
    }

    @Test("small sizes come from the embedded preview, as stored; a size past it is developed from the sensor data")
    func previewOrDeveloped() throws {
        let path = Self.fixture("preview.dng")
        // The preview is 150 × 100 and grey: the fixture's way of saying which picture was used.
        let small = try ImageDecoder.decode(path: path, format: .raw, minWidth: 120, minHeight: 80)
        // (libjpeg's DCT scaling makes the preview as small as still covers the size asked.)
        #expect(small.width >= 120 && small.width <= 150 && small.height >= 80 && small.height <= 100, "\(small.width)×\(small.height)")
        #expect(Self.largestChroma(small) <= 2)
        // Full size: developed, in colour, as LibRaw's dcraw_emu develops it with the same settings.
        let full = try ImageDecoder.decode(path: path, format: .raw)
        #expect((full.width, full.height) == (300, 200))
        let work = try TemporaryDirectory("raw-developed")
        let copy = work.path + "/preview.dng"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try TestVideos.run("/usr/bin/dcraw_emu", ["-w", "-o", "1", "-g", "2.4", "12.92", "-t", "0", "-T", copy])
        let reference = try ImageDecoder.decode(path: copy + ".tiff", format: .tiff)
        #expect((reference.width, reference.height) == (300, 200))
        let largest = zip(full.pixels, reference.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(largest <= 1, "developed pixels differ from dcraw_emu's by up to \(largest)")
        #expect(Self.largestChroma(full) > 40, "the developed picture should be in colour")
        // Half the size needs no demosaicing: LibRaw's half-size picture, still covering it.
        let half = try ImageDecoder.decode(path: path, format: .raw, minWidth: 160, minHeight: 100)
        #expect(half.width >= 150 && half.width <= 300 && half.height * 3 == half.width * 2)
    }

    @Test("the thumbnailer makes upright images of a raw, from bytes or from the file")
    func thumbnails() throws {
        let path = Self.fixture("preview.dng")
        let probe = try PhotoProbe.probe(path: path)
        let sizes = [(width: 66, height: 100), (width: 200, height: 300)]
        let rendered = try Thumbnailer.renderWithColor(path: path, format: .raw, orientation: probe.orientation, sizes: sizes)
        #expect(rendered.images.count == 2)
        for (image, size) in zip(rendered.images, sizes) {
            let decoded = try ImageDecoder.decode(image, format: .jpeg)
            #expect((decoded.width, decoded.height) == (size.width, size.height))
        }
        // The same picture from the bytes in memory, and again from the file.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let fromFile = try ImageDecoder.decode(path: path, format: .raw)
        #expect(try ImageDecoder.decode(bytes, format: .raw) == fromFile)
        #expect(try ImageDecoder.decode(path: path, format: .raw) == fromFile)
    }

    @Test("raws LibRaw does not read, with no preview inside, are named with their camera and what to do")
    func unsupported() throws {
        for (name, kind, camera) in [("CanonRaw.cr2", "Canon CR2", "Canon EOS 350D DIGITAL"), ("Sigma.x3f", "Sigma X3F", nil)] {
            #expect(throws: ProbeError.unsupportedRaw(kind, camera: camera)) { try PhotoProbe.probe(path: Self.fixture(name)) }
        }
        let line = ProbeError.unsupportedRaw("Canon CR2", camera: "Canon EOS 350D DIGITAL").description
        #expect(line.contains("Canon CR2 file of a Canon EOS 350D DIGITAL") && line.contains("convert it to DNG"), "\(line)")
    }

    @Test("a raw LibRaw does not read, with the camera's JPEG inside: shown from that JPEG (found by our own reading of its directories), said once with its camera")
    func unsupportedWithPreview() throws {
        let path = Self.fixture("cr2-preview.cr2")
        let probe = try PhotoProbe.probe(path: path)
        #expect(probe.format == .raw && (probe.width, probe.height) == (432, 288), "\(probe.width)×\(probe.height)")
        #expect(probe.notes.count == 1 && probe.notes[0].contains("Canon CR2 file of a Canon EOS 350D DIGITAL: shown from the camera's preview inside it (432×288)"),
                "\(probe.notes)")
        #expect(EXIFReader.read(tiff: try #require(probe.exif)).cameraModel == "Canon EOS 350D DIGITAL")
        #expect(try PhotoProbe.probe(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) == probe)
        #expect(ImageDecoder.rawPicture(path: path) == .whole)
        // The picture is the JPEG exiftool put there, decoded as any JPEG, from the file or its bytes.
        let work = try TemporaryDirectory("raw-embedded-preview")
        try TestVideos.run("/usr/bin/exiftool", ["-q", "-b", "-PreviewImage", "-W", work.path + "/preview.jpg", path])
        let expected = try ImageDecoder.decode([UInt8](try Data(contentsOf: work.url.appending(path: "preview.jpg"))), format: .jpeg)
        #expect(try ImageDecoder.decode(path: path, format: .raw) == expected)
        #expect(try ImageDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path))), format: .raw) == expected)
        // A smaller size asked: the JPEG scaled as libjpeg scales it.
        #expect(try ImageDecoder.decode(path: path, format: .raw, minWidth: 100, minHeight: 60).width < 432)
    }

    @Test("a raw whose sensor data is gone (the real cameras' files here) says so, and no picture is made of it")
    func noPicture() throws {
        for name in ["Nikon.nef", "CanonRaw.cr3", "DNG.dng", "iPhone12Pro.dng"] {
            guard case .unreadable(let problem) = ImageDecoder.rawPicture(path: Self.fixture(name)) else {
                Issue.record("\(name) should have no picture: \(ImageDecoder.rawPicture(path: Self.fixture(name)))")
                continue
            }
            #expect(problem.contains("cut short or damaged") || problem.contains("stripped out or damaged"), "\(name): \(problem)")
            #expect(throws: CodecError.self) { try ImageDecoder.decode(path: Self.fixture(name), format: .raw, minWidth: 64, minHeight: 64) }
        }
        #expect(ImageDecoder.rawPicture(path: Self.fixture("preview.dng")) == .whole)
    }

    @Test("a raw whose sensor data runs past the file's end: its preview is all there is, and it is what is shown")
    func cutShort() throws {
        let work = try TemporaryDirectory("raw-cut")
        let cut = try work.write("cut.dng", try TestRaws.previewWithSensorDataPastTheEnd())
        guard case .previewOnly(let problem) = ImageDecoder.rawPicture(path: cut) else {
            Issue.record("expected the preview only: \(ImageDecoder.rawPicture(path: cut))")
            return
        }
        #expect(problem.contains("runs to byte") && problem.contains("cut short or damaged"), "\(problem)")
        let full = try ImageDecoder.decode(path: cut, format: .raw)
        #expect((full.width, full.height) == (150, 100) && Self.largestChroma(full) <= 2)
        // A site whose largest image the preview covers needs nothing else of the file.
        #expect(ImageDecoder.rawPicture(path: cut, longSide: 150) == .whole)
        #expect(ImageDecoder.rawPicture(path: cut, longSide: 151) != .whole)
    }

    @Test("damaged raws from exiv2's bug reports: an error, never a crash", arguments: [
        "issue_1530_poc.crw", "issue_1887_poc.crw", "issue_839_poc.rw2", "issue_857_poc.raf", "issue_ghsa_m479_7frc_gqqg_poc.crw",
    ])
    func damaged(name: String) throws {
        let path = Self.fixture("damaged/" + name)
        do {
            let probe = try PhotoProbe.probe(path: path)
            // Headers LibRaw can read: the picture cannot be.
            #expect(probe.format == .raw)
            #expect(ImageDecoder.rawPicture(path: path) != .whole)
            _ = try? ImageDecoder.decode(path: path, format: .raw, minWidth: 32, minHeight: 32)
        } catch {
            #expect(!error.description.isEmpty)
        }
    }
}
