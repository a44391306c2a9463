import Foundation
import GalleryTestSupport
@testable import Imaging
import PhotoFacts
import Testing

/// JPEG XL files as libjxl's `cjxl` writes them (naked codestreams and containers; lossless,
/// lossy, recompressed JPEGs with their metadata in Brotli-compressed boxes), read by libjxl and
/// held to libjxl's own `djxl`, to the PNG or JPEG they were made from, and to the colour
/// reference of the other formats.
@Suite("JPEG XL: probe, orientation, words, colour, damage")
struct JPEGXLTests {
    /// Mean absolute difference per channel of two images of one size.
    static func difference(_ a: RGBImage, _ b: RGBImage) -> Double {
        guard a.width == b.width, a.height == b.height else { return .infinity }
        return Double(zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.pixels.count)
    }

    @Test("lossless JPEG XLs of RGB, RGBA and grey-with-alpha PNGs: their pixels exactly, transparency on the gallery's grey",
          arguments: [3, 4, 2])
    func lossless(channels: Int) throws {
        let png = TestImages.png(width: 61, height: 43, channels: channels)
        let file = try TestImages.jxl(from: png, arguments: ["-d", "0"])
        let probe = try PhotoProbe.probe(bytes: file)
        #expect(probe.format == .jxl && probe.width == 61 && probe.height == 43 && probe.orientation == .up)
        #expect(probe.damage.isEmpty && probe.notes.isEmpty)
        let decoded = try ImageDecoder.decode(file, format: .jxl)
        // Our PNG reader composites alpha over the same grey: the lossless copy decodes the same.
        let fromPNG = try ImageDecoder.decode(png, format: .png)
        #expect(Self.difference(decoded, fromPNG) < 0.01, "channels \(channels)")
        #expect(Self.difference(decoded, try TestImages.djxlDisplayed(file)) < 0.01, "channels \(channels): not as djxl shows it")
    }

    @Test("a lossy (XYB) JPEG XL decodes as djxl shows it")
    func lossy() throws {
        let png = try PNGEncoder.encode(pixels: TestImages.jpegPattern(width: 160, height: 96, seed: 5), width: 160, height: 96, channels: 3)
        let file = try TestImages.jxl(from: png, arguments: ["-d", "1"])
        #expect(file.starts(with: [0xFF, 0x0A]), "cjxl writes a lossy picture without metadata as a naked codestream")
        let probe = try PhotoProbe.probe(bytes: file)
        #expect(probe.format == .jxl && probe.width == 160 && probe.height == 96)
        let decoded = try ImageDecoder.decode(file, format: .jxl)
        #expect(Self.difference(decoded, try TestImages.djxlDisplayed(file)) < 1)
        #expect(Self.difference(decoded, try ImageDecoder.decode(png, format: .png)) < 4, "far from the picture it was made from")
    }

    @Test("a JPEG recompressed by cjxl keeps its orientation, EXIF and XMP (compressed boxes): read, and turned as djxl turns it")
    func recompressedJPEG() throws {
        let work = try TemporaryDirectory("jxl-jpeg")
        let jpeg = try work.write("photo.jpg", TestImages.jpeg(width: 96, height: 64, seed: 9))
        try TestMetadata.write(["-Orientation#=6", "-DateTimeOriginal=2024:05:17 08:30:00", "-Model=Test Camera",
                                "-XMP-dc:Title=Harbour at dawn", "-XMP-dc:Description=Fishing boats"], to: jpeg)
        let jpegBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: jpeg)))
        let file = try TestImages.jxl(from: jpegBytes, extension: "jpg", arguments: [])
        let probe = try PhotoProbe.probe(bytes: file)
        #expect(probe.format == .jxl && probe.width == 96 && probe.height == 64 && probe.orientation.rawValue == 6)
        #expect((probe.displayWidth, probe.displayHeight) == (64, 96))
        let exif = EXIFReader.read(tiff: try #require(probe.exif, "the Exif box is not found"))
        #expect(exif.metadata.cameraModel == "Test Camera")
        #expect(exif.metadata.takenAt?.hasPrefix("2024-05-17T08:30:00") == true, "\(String(describing: exif.metadata.takenAt))")
        let words = PhotoDescription.embedded(in: probe, exif: exif).description
        #expect(words.caption == "Harbour at dawn" && words.description == "Fishing boats", "\(words)")
        let shown = probe.orientation.apply(to: try ImageDecoder.decode(file, format: .jxl))
        #expect(Self.difference(shown, try TestImages.djxlDisplayed(file)) < 1, "turned otherwise than djxl turns it")
        let jpegShown = probe.orientation.apply(to: try ImageDecoder.decode(jpegBytes, format: .jpeg))
        #expect(Self.difference(shown, jpegShown) < 1.5, "not the JPEG it was made from")
    }

    @Test("Display P3 and Adobe RGB JPEG XLs (lossless, and lossy in XYB) come out in sRGB as the reference converts them")
    func colour() throws {
        for (name, space, color) in ColorProfileTests.cases {
            let png = TestImages.png16(color: color, profile: TestProfiles.icc(space), width: 16, height: 16)
            let expected = TestProfiles.toSRGB((Int(color.0), Int(color.1), Int(color.2)), from: space)
            for (kind, arguments, tolerance) in [("lossless", ["-d", "0"], 2.0), ("lossy", ["-d", "0.5"], 3.0)] {
                let file = try TestImages.jxl(from: png, arguments: arguments)
                let shown = ColorProfileTests.centre(try ImageDecoder.decode(file, format: .jxl))
                let difference = TestProfiles.deltaE(shown, expected)
                #expect(difference < tolerance, "\(kind) \(name) \(color): drawn \(shown), expected \(expected), ΔE \(difference)")
            }
        }
    }

    @Test("an animated JPEG XL: its first frame, still, said once")
    func animated() throws {
        let work = try TemporaryDirectory("jxl-animated")
        let gif = work.path + "/moving.gif"
        _ = try TestVideos.run(TestMetadata.imageMagick, ["-delay", "10", "-size", "40x30", "xc:red", "xc:blue", "xc:lime", gif])
        let file = try TestImages.jxl(from: [UInt8](try Data(contentsOf: URL(fileURLWithPath: gif))), extension: "gif", arguments: ["-d", "0"])
        let probe = try PhotoProbe.probe(bytes: file)
        #expect(probe.format == .jxl && probe.width == 40 && probe.height == 30 && !probe.isAnimated)
        #expect(probe.notes.contains { $0.contains("first frame") }, "\(probe.notes)")
        let first = try ImageDecoder.decode(file, format: .jxl).pixel(20, 15)
        #expect(first.0 > 240 && first.1 < 15 && first.2 < 15, "\(first): not the red first frame")
    }

    @Test("cut JPEG XLs: cut inside the header refused; later what the passes hold is shown with a warning, or one error")
    func cut() throws {
        let png = try PNGEncoder.encode(pixels: TestImages.jpegPattern(width: 300, height: 200, seed: 2), width: 300, height: 200, channels: 3)
        for arguments in [["-d", "1"], ["-d", "0"]] {
            let file = try TestImages.jxl(from: png, arguments: arguments)
            #expect(throws: ProbeError.self) { try PhotoProbe.probe(bytes: Array(file.prefix(6))) }
            #expect(try ImageDecoder.warnings(in: file, format: .jxl) == nil, "\(arguments): the whole file is not whole")
            var shown = 0
            for fraction in [0.3, 0.6, 0.9] {
                let cut = Array(file.prefix(Int(Double(file.count) * fraction)))
                let probe = try PhotoProbe.probe(bytes: cut)
                #expect(probe.width == 300 && probe.height == 200)
                // What the importer asks of every JPEG XL: a warning, or an error saying it is cut.
                do {
                    let warning = try ImageDecoder.warnings(in: cut, format: .jxl)
                    #expect(warning?.contains("cut short") == true, "\(arguments) cut at \(fraction): \(String(describing: warning))")
                    let decoded = try ImageDecoder.decode(cut, format: .jxl)
                    #expect(decoded.width == 300 && decoded.height == 200)
                    shown += 1
                } catch {
                    #expect(error.description.contains("cut short"), "\(error)")
                }
            }
            print("JPEG XL \(arguments) cut at 30/60/90 %: \(shown) of 3 shown")
        }
    }
}
