import GalleryTestSupport
import Imaging
import PhotoFacts
import Testing

@Suite("Probe: JPEG and PNG headers, EXIF orientation, bad input")
struct PhotoProbeTests {
    @Test("every EXIF orientation, in both byte orders, from a real JPEG file", arguments: 1 ... 8)
    func orientations(_ orientation: Int) throws {
        let folder = try TemporaryDirectory()
        for byteOrder in [EXIFBuilder.ByteOrder.littleEndian, .bigEndian] {
            let path = try folder.write("o\(orientation).jpg", TestImages.jpeg(width: 64, height: 48, orientation: orientation, byteOrder: byteOrder))
            let result = try PhotoProbe.probe(path: path)
            #expect(result.format == .jpeg)
            #expect(result.width == 64 && result.height == 48)
            #expect(result.orientation.rawValue == orientation)
            let swapped = orientation >= 5
            #expect(result.displayWidth == (swapped ? 48 : 64))
            #expect(result.displayHeight == (swapped ? 64 : 48))
            #expect(result.aspectRatio == (swapped ? 48.0 / 64.0 : 64.0 / 48.0))
        }
    }

    @Test("no EXIF, or an orientation out of range, means 1", arguments: [nil, 0, 9, 65535])
    func orientationDefaults(_ value: Int?) throws {
        let result = try PhotoProbe.probe(bytes: TestImages.jpeg(orientation: value))
        #expect(result.orientation == .up)
    }

    @Test("progressive, grayscale and CMYK JPEGs")
    func jpegKinds() throws {
        let progressive = try PhotoProbe.probe(bytes: TestImages.jpeg(width: 120, height: 80, orientation: 6, progressive: true))
        #expect(progressive.width == 120 && progressive.height == 80 && progressive.orientation.rawValue == 6)
        let gray = try PhotoProbe.probe(bytes: TestImages.jpeg(width: 33, height: 17, format: .gray))
        #expect(gray.width == 33 && gray.height == 17)
        let cmyk = try PhotoProbe.probe(bytes: TestImages.jpeg(width: 50, height: 70, orientation: 8, format: .cmyk))
        #expect(cmyk.width == 50 && cmyk.height == 70 && cmyk.orientation.rawValue == 8)
        #expect(cmyk.displayWidth == 70)
    }

    @Test("the frame header is found past large segments, beyond the first read window")
    func largeSegmentsBeforeFrame() throws {
        var jpeg = TestImages.jpeg(width: 77, height: 55, orientation: 3)
        for _ in 0 ..< 4 {
            // ICC profiles and previews can fill many 64 KB APP2 segments before SOF.
            jpeg = TestImages.insertingSegment(jpeg, marker: 0xE2, payload: [UInt8](repeating: 0xAB, count: 60_000))
        }
        let folder = try TemporaryDirectory()
        let result = try PhotoProbe.probe(path: folder.write("big.jpg", jpeg))
        #expect(result.width == 77 && result.height == 55)
        // The EXIF segment now sits after the APP2 ones, and is still read.
        #expect(result.orientation.rawValue == 3)
    }

    @Test("EXIF with a LONG orientation, or garbage, never costs the photo")
    func oddEXIF() throws {
        var tiff = EXIFBuilder.tiff(orientation: 6, byteOrder: .littleEndian)
        tiff[12] = 4  // type LONG
        tiff[20] = 0; tiff[21] = 0
        let long = TestImages.insertingSegment(TestImages.jpeg(), marker: 0xE1, payload: Array("Exif".utf8) + [0, 0] + tiff)
        #expect(try PhotoProbe.probe(bytes: long).orientation.rawValue == 6)
        let garbage = TestImages.insertingSegment(TestImages.jpeg(), marker: 0xE1, payload: Array("Exif".utf8) + [0, 0, 0x49, 0x49, 42, 0, 0xFF, 0xFF, 0xFF, 0x7F])
        #expect(try PhotoProbe.probe(bytes: garbage).orientation == .up)
    }

    @Test("PNG size from IHDR, orientation from eXIf (with or without the Exif prefix)")
    func png() throws {
        let plain = try PhotoProbe.probe(bytes: TestImages.png(width: 40, height: 30))
        #expect(plain.format == .png && plain.width == 40 && plain.height == 30 && plain.orientation == .up)
        let turned = try PhotoProbe.probe(bytes: TestImages.png(width: 40, height: 30, channels: 4, orientation: 6))
        #expect(turned.orientation.rawValue == 6 && turned.displayWidth == 30 && turned.displayHeight == 40)
    }

    @Test("files are recognised by their bytes, not their extension")
    func bytesNotExtension() throws {
        let folder = try TemporaryDirectory()
        let pngNamedJPEG = try folder.write("really-a-png.jpg", TestImages.png())
        #expect(try PhotoProbe.probe(path: pngNamedJPEG).format == .png)
        let jpegNamedPNG = try folder.write("really-a-jpeg.png", TestImages.jpeg())
        #expect(try PhotoProbe.probe(path: jpegNamedPNG).format == .jpeg)
        let text = try folder.write("notes.jpg", text: "this is not a photo\n")
        #expect(throws: ProbeError.notAnImage) { try PhotoProbe.probe(path: text) }
    }

    @Test("bad input: each case has its own clear error")
    func badInput() throws {
        let folder = try TemporaryDirectory()
        let good = TestImages.jpeg()
        #expect(throws: ProbeError.empty) { try PhotoProbe.probe(path: folder.write("zero.jpg", [])) }
        #expect(throws: ProbeError.tooLarge(width: 65500, height: 65500)) {
            try PhotoProbe.probe(bytes: TestImages.withDeclaredSize(good, width: 65500, height: 65500))
        }
        #expect(throws: ProbeError.zeroSize(width: 0, height: 0)) {
            try PhotoProbe.probe(bytes: TestImages.withDeclaredSize(good, width: 0, height: 0))
        }
        // Cut inside the headers: the frame header is never reached.
        let cut = Array(good.prefix(30))
        #expect(throws: ProbeError.self) { try PhotoProbe.probe(bytes: cut) }
        if case .truncated = probeError(cut) {} else { Issue.record("expected .truncated, got \(String(describing: probeError(cut)))") }
        // After the first segment (SOI, then APP0 of 2 + 16 bytes), a stray byte where a marker
        // should start is stepped over (as libjpeg does) and named.
        var stray = good
        #expect(stray[20] == 0xFF)
        stray[20] = 0x12
        let stepped = try PhotoProbe.probe(bytes: stray)
        #expect(stepped.width == 64 && stepped.height == 48)
        #expect(stepped.damage.count == 1 && stepped.damage[0].contains("extraneous bytes"), "\(stepped.damage)")
        // No marker at all after the stray bytes: corrupt.
        if case .corrupt = probeError(Array(good.prefix(20)) + [UInt8](repeating: 0x12, count: 200)) {} else { Issue.record("expected .corrupt") }
        // A segment length below 2.
        var badLength = good
        badLength[4] = 0; badLength[5] = 1
        if case .corrupt = probeError(badLength) {} else { Issue.record("expected .corrupt for a bad length") }
        // A GIF that says it is empty; a GIF of a version no one wrote is named.
        #expect(probeError(Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 20)) == .corrupt("the GIF says it is 0×0 pixels"))
        #expect(probeError(Array("GIF88a".utf8) + [UInt8](repeating: 0, count: 20)) == .unsupportedFormat("GIF (neither GIF87a nor GIF89a)"))
        // A Canon CR3 shares MP4's boxes: it is a raw photo for LibRaw (here, one cut short), never taken for a video.
        let cr3 = [0, 0, 0, 0x18] + Array("ftypcrx ".utf8) + [UInt8](repeating: 0, count: 40)
        if case .corrupt(let detail) = probeError(cr3) {
            #expect(detail.contains("raw file's headers"), "\(detail)")
        } else {
            Issue.record("a CR3 of zeros should be a damaged raw: \(probeError(cr3))")
        }
        #expect(VideoContainer.sniff(cr3) == nil)
        #expect(probeError([0, 0, 0, 0x14] + Array("ftypqt  ".utf8) + [UInt8](repeating: 0, count: 20)) == .notAnImage)  // a video
        // A HEIC whose boxes hold no image items.
        if case .corrupt = probeError([0, 0, 0, 24] + Array("ftypheic".utf8) + [UInt8](repeating: 0, count: 20)) {} else {
            Issue.record("expected .corrupt for a HEIC without items")
        }
        // A truncated PNG signature and a PNG whose IHDR is damaged.
        var damagedPNG = TestImages.png()
        damagedPNG[12] = 0x58
        if case .corrupt = probeError(damagedPNG) {} else { Issue.record("expected .corrupt for a damaged IHDR") }
        // Error texts name what is wrong.
        #expect(ProbeError.tooLarge(width: 65500, height: 65500).description.contains("65500×65500"))
        #expect(ProbeError.tooLarge(width: 65500, height: 65500).description.contains("200 megapixels"))
    }

    @Test("a cut-off JPEG still probes; its end marker tells the importer")
    func truncationIsVisibleThroughEndMarker() throws {
        let good = TestImages.jpeg(width: 200, height: 150)
        let result = try PhotoProbe.probe(bytes: Array(good.prefix(good.count / 2)))
        #expect(result.endMarker.bytes == [0xFF, 0xD9])
        #expect(result.endMarker.searchFrom > 0 && result.endMarker.searchFrom < good.count / 2)
    }

    @Test("an unreadable path names the reason")
    func unreadable() {
        if case .unreadable(let reason) = probeError(path: "/nonexistent/x.jpg") {
            #expect(reason.contains("No such file"))
        } else {
            Issue.record("expected .unreadable")
        }
    }

    private func probeError(_ bytes: [UInt8]) -> ProbeError? {
        do { _ = try PhotoProbe.probe(bytes: bytes); return nil } catch { return error }
    }

    private func probeError(path: String) -> ProbeError? {
        do { _ = try PhotoProbe.probe(path: path); return nil } catch { return error }
    }
}
