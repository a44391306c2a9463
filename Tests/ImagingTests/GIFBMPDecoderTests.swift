import Foundation
import GalleryTestSupport
import Imaging
import PhotoFacts
import Testing

/// GIF and BMP as ImageMagick writes them, decoded by our Swift readers and compared pixel by
/// pixel with ImageMagick's own reading of the same file (flattened on the same background).
@Suite("GIF and BMP: every kind ImageMagick writes, pixel for pixel")
struct GIFBMPDecoderTests {
    /// The file ImageMagick makes of a pattern with `arguments`, and its own reading of it as a
    /// PNG on `ImageDecoder.background`, decoded by our PNG reader.
    static func made(_ name: String, _ arguments: [String], prefix: String = "", frame: Int? = nil, in work: TemporaryDirectory) throws -> (file: [UInt8], reference: RGBImage) {
        let pattern = try work.write("pattern.png", TestImages.png(width: 57, height: 41))
        let path = work.path + "/" + name
        try TestVideos.run(TestMetadata.imageMagick, [pattern] + arguments + [prefix + path])
        let background = ImageDecoder.background
        let reference = work.path + "/" + name + ".png"
        try TestVideos.run(TestMetadata.imageMagick, [path + (frame.map { "[\($0)]" } ?? ""), "-background", "rgb(\(background.0),\(background.1),\(background.2))",
                                                      "-flatten", "-alpha", "off", "PNG24:" + reference])
        let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return (file, try ImageDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: reference))), format: .png))
    }

    static func largestDifference(_ a: RGBImage, _ b: RGBImage) -> Int {
        zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    @Test("BMP: 24-bit, OS/2, V5, 8-, 4- and 1-bit palettes, RLE8, RGB565 and 32-bit with alpha", arguments: [
        ("b24.bmp", [String](), "BMP3:", 0), ("os2.bmp", [], "BMP2:", 0), ("v5.bmp", [], "BMP:", 0),
        ("p8.bmp", ["-colors", "200", "-type", "palette", "-compress", "none"], "BMP3:", 0),
        ("p4.bmp", ["-colors", "16", "-type", "palette"], "BMP3:", 0), ("p1.bmp", ["-monochrome"], "BMP3:", 0),
        ("rle8.bmp", ["-colors", "120", "-type", "palette", "-compress", "RLE"], "BMP3:", 0),
        ("565.bmp", ["-define", "bmp:subtype=RGB565"], "BMP:", 4),
        ("alpha.bmp", ["-alpha", "set", "-channel", "A", "-evaluate", "set", "50%", "+channel"], "BMP:", 2),
    ])
    func bmp(name: String, arguments: [String], prefix: String, tolerance: Int) throws {
        let work = try TemporaryDirectory("bmp")
        let (file, reference) = try Self.made(name, arguments, prefix: prefix, in: work)
        let probe = try PhotoProbe.probe(bytes: file)
        #expect(probe.format == .bmp && probe.width == 57 && probe.height == 41 && probe.damage.isEmpty)
        let decoded = try ImageDecoder.decode(file, format: .bmp)
        #expect(decoded.width == reference.width && decoded.height == reference.height)
        #expect(Self.largestDifference(decoded, reference) <= tolerance, "\(name): off by \(Self.largestDifference(decoded, reference))")
    }

    @Test("GIF: still, interlaced, transparent, and an animation's first frame (local palettes, a smaller frame)")
    func gif() throws {
        let work = try TemporaryDirectory("gif")
        for (name, arguments) in [("still.gif", ["-colors", "200"]), ("interlaced.gif", ["-colors", "64", "-interlace", "GIF"]),
                                  ("transparent.gif", ["-colors", "32", "-fill", "none", "-draw", "rectangle 5,5 30,20"])] {
            let (file, reference) = try Self.made(name, arguments, in: work)
            let probe = try PhotoProbe.probe(bytes: file)
            #expect(probe.format == .gif && probe.width == 57 && probe.height == 41 && probe.notes.isEmpty, "\(name): \(probe.notes)")
            let decoded = try ImageDecoder.decode(file, format: .gif)
            #expect(Self.largestDifference(decoded, reference) == 0, "\(name): off by \(Self.largestDifference(decoded, reference))")
        }
        // Two frames, each with its own palette; the second smaller and placed in the screen.
        let first = try work.write("first.png", TestImages.png(width: 57, height: 41))
        let second = try work.write("second.png", TestImages.png(width: 20, height: 15, channels: 3, orientation: nil))
        try TestVideos.run(TestMetadata.imageMagick, ["-delay", "10", first, "-page", "+7+9", second, "+map", work.path + "/animated.gif"])
        let animated = [UInt8](try Data(contentsOf: work.url.appending(path: "animated.gif")))
        let probe = try PhotoProbe.probe(bytes: animated)
        #expect(probe.format == .gif && probe.isAnimated && probe.notes.isEmpty, "\(probe.notes)")
        try TestVideos.run(TestMetadata.imageMagick, [work.path + "/animated.gif[0]", "-background", "rgb(236,234,230)", "-flatten", "PNG24:" + work.path + "/frame0.png"])
        let reference = try ImageDecoder.decode([UInt8](try Data(contentsOf: work.url.appending(path: "frame0.png"))), format: .png)
        #expect(Self.largestDifference(try ImageDecoder.decode(animated, format: .gif), reference) == 0)
    }

    @Test("cut short: a BMP shows the rows it has and says so; a GIF cut inside its pixels still decodes what arrived")
    func cutShort() throws {
        let work = try TemporaryDirectory("cut")
        let (bmp, _) = try Self.made("b24.bmp", [], prefix: "BMP3:", in: work)
        let cut = Array(bmp.prefix(bmp.count * 2 / 3))
        #expect(try PhotoProbe.probe(bytes: cut).damage.count == 1)
        #expect(try ImageDecoder.decode(cut, format: .bmp).width == 57)
        let (gif, _) = try Self.made("still.gif", ["-colors", "200"], in: work)
        #expect(try ImageDecoder.decode(Array(gif.prefix(gif.count / 2)), format: .gif).height == 41)
        // Cut at any byte after its first frame began, an animation is still probed (the probe
        // reads only the start of a large GIF: running out there is not damage).
        let pattern = try work.write("a.png", TestImages.png(width: 57, height: 41))
        try TestVideos.run(TestMetadata.imageMagick, ["-delay", "10", pattern, "(", pattern, "-negate", ")", work.path + "/two.gif"])
        let two = [UInt8](try Data(contentsOf: work.url.appending(path: "two.gif")))
        for cut in stride(from: two.count / 2, to: two.count, by: max(1, two.count / 40)) {
            #expect((try? PhotoProbe.probe(bytes: Array(two.prefix(cut))))?.format == .gif, "cut at \(cut) of \(two.count)")
        }
    }
}
