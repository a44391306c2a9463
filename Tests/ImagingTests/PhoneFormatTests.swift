import GalleryTestSupport
import Imaging
import PhotoFacts
import Testing

/// HEIC, AVIF and WebP files written by libheif and libwebp: probed from their headers,
/// decoded, turned upright and made into thumbnails like JPEGs.
@Suite("HEIC, AVIF and WebP: probe, orientation, decode")
struct PhoneFormatTests {
    /// Mean absolute difference per channel of two images of one size.
    static func difference(_ a: RGBImage, _ b: RGBImage) -> Double {
        guard a.width == b.width, a.height == b.height else { return .infinity }
        return Double(zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.pixels.count)
    }

    /// Where the pattern's bright quarter is once displayed: (right?, bottom?).
    static func brightCorner(_ image: RGBImage) -> (right: Bool, bottom: Bool)? {
        func bright(_ x: Int, _ y: Int) -> Bool {
            let (r, g, b) = image.pixel(x, y)
            return min(r, g, b) > 242  // above the page background alpha is composited over
        }
        let xs = [image.width / 16, image.width - 1 - image.width / 16], ys = [image.height / 16, image.height - 1 - image.height / 16]
        let found = [(0, 0), (1, 0), (0, 1), (1, 1)].filter { bright(xs[$0.0], ys[$0.1]) }
        guard found.count == 1, let corner = found.first else { return nil }
        return (corner.0 == 1, corner.1 == 1)
    }

    @Test("HEIC in every orientation libheif writes (irot/imir): stored size, the same turn as libheif's own display", arguments: 1 ... 8)
    func heicOrientations(orientation: Int) throws {
        let file = try TestImages.heif(width: 64, height: 48, orientation: orientation)
        let probe = try PhotoProbe.probe(bytes: file)
        #expect(probe.format == .heic)
        #expect(probe.width == 64 && probe.height == 48)
        #expect(probe.orientation.rawValue == orientation)
        let ours = probe.orientation.apply(to: try ImageDecoder.decode(file, format: .heic))
        let libheif = try TestImages.libheifDisplayed(file)
        #expect(ours.width == probe.displayWidth && ours.height == probe.displayHeight)
        #expect(Self.difference(ours, libheif) < 1, "orientation \(orientation): the picture is turned otherwise than libheif turns it")
        // The same as a JPEG with that EXIF orientation.
        let jpeg = TestImages.jpeg(width: 64, height: 48, orientation: orientation)
        let jpegShown = try PhotoProbe.probe(bytes: jpeg).orientation.apply(to: try ImageDecoder.decode(jpeg, format: .jpeg))
        let expected = try #require(Self.brightCorner(jpegShown))
        let found = try #require(Self.brightCorner(ours))
        #expect(found == expected)
    }

    @Test("HEIC and AVIF cropped by a clean aperture ('clap', odd-sized or off-centre): its size and pixels, as libheif shows them",
          arguments: [(false, 1, 121, 91, 0, 0), (false, 6, 100, 70, 5, -3), (true, 1, 121, 91, 0, 0), (true, 8, 100, 70, -4, 6)])
    func cleanAperture(avif: Bool, orientation: Int, width: Int, height: Int, dx: Int, dy: Int) throws {
        // Encoders code whole blocks and crop with `clap`; libheif 1.15 cannot write one, so it
        // is added to what libheif wrote (TestImages.withCleanAperture).
        let coded = try TestImages.heif(width: 122, height: 92, avif: avif, orientation: orientation)
        let file = try TestImages.withCleanAperture(coded, width: width, height: height, dx: dx, dy: dy)
        let probe = try PhotoProbe.probe(bytes: file)
        #expect((probe.width, probe.height) == (width, height))
        let ours = probe.orientation.apply(to: try ImageDecoder.decode(file, format: avif ? .avif : .heic))
        let libheif = try TestImages.libheifDisplayed(file)
        #expect((libheif.width, libheif.height) == (probe.displayWidth, probe.displayHeight), "libheif crops otherwise")
        #expect((ours.width, ours.height) == (probe.displayWidth, probe.displayHeight))
        #expect(Self.difference(ours, libheif) < 1, "cropped elsewhere than libheif crops")
        // An odd size without a clap (ispe 121 × 91, the coding's padding the decoder's own).
        let odd = try TestImages.heif(width: 121, height: 91, avif: avif)
        #expect(try ImageDecoder.decode(odd, format: avif ? .avif : .heic).width == 121)
    }

    @Test("a HEIC with an auxiliary picture (an iPhone's HDR gain map, a depth map, a portrait matte): its primary shown, the auxiliary never drawn",
          arguments: ["urn:com:apple:photo:2020:aux:hdrgainmap", "urn:mpeg:hevc:2015:auxid:2", "urn:com:apple:photo:2018:aux:portraiteffectsmatte"])
    func auxiliaryPictures(urn: String) throws {
        let file = try TestImages.heifWithAuxiliaryImage(urn: urn, color: (0, 255, 0))
        // libheif takes it as phones mean it: one picture with an auxiliary one, no thumbnail.
        let items = try TestImages.libheifItems(file)
        #expect(items.topLevel == 1 && items.thumbnails == 0 && items.auxiliary == 1, "\(items)")
        let probe = try PhotoProbe.probe(bytes: file)
        #expect(probe.format == .heic && (probe.width, probe.height) == (64, 48) && probe.notes.isEmpty && probe.damage.isEmpty, "\(probe.notes)")
        let decoded = try ImageDecoder.decode(file, format: .heic)
        let primary = try ImageDecoder.decode(try TestImages.heif(width: 64, height: 48), format: .heic)
        #expect((decoded.width, decoded.height) == (64, 48))
        #expect(Self.difference(decoded, primary) < 1, "something other than the primary picture was drawn")
        // Nowhere the auxiliary's flat green.
        var greenest = 0
        for index in stride(from: 0, to: decoded.pixels.count, by: 3) {
            let (red, green, blue) = (Int(decoded.pixels[index]), Int(decoded.pixels[index + 1]), Int(decoded.pixels[index + 2]))
            greenest = max(greenest, green - max(red, blue))
        }
        #expect(greenest < 100, "\(greenest)")
    }

    // libaom (3.6) aborts the whole process on 10- and 12-bit RGB input through libheif 1.15
    // (an assertion on chroma subsampling), so deeper pictures are tested through HEVC; the
    // reduction to 8 bits is libheif's, the same for both.
    @Test("8-bit AVIF, 8-, 10- and 12-bit HEIC: probed, decoded to 8 bits close to the source",
          arguments: [(true, 8), (false, 8), (false, 10), (false, 12)])
    func bitDepths(avif: Bool, bitDepth: Int) throws {
        let file = try TestImages.heif(width: 80, height: 60, avif: avif, orientation: 6, bitDepth: bitDepth)
        let probe = try PhotoProbe.probe(bytes: file)
        #expect(probe.format == (avif ? .avif : .heic) && probe.width == 80 && probe.height == 60 && probe.orientation.rawValue == 6)
        let decoded = try ImageDecoder.decode(file, format: probe.format)
        #expect(decoded.width == 80 && decoded.height == 60)
        let source = RGBImage(width: 80, height: 60, pixels: TestImages.jpegPattern(width: 80, height: 60))
        #expect(Self.difference(decoded, source) < 6, "\(bitDepth)-bit: too far from the source")
    }

    @Test("HEIC with alpha: composited over the page background; the Exif item is found, its orientation not applied")
    func heicAlphaAndExif() throws {
        let exif = EXIFBuilder.tiff(orientation: 6)
        let file = try TestImages.heif(width: 64, height: 48, exif: exif, alpha: true)
        let probe = try PhotoProbe.probe(bytes: file)
        #expect(probe.exif == exif)
        #expect(probe.orientation.rawValue == 1, "HEIF's Exif orientation must not turn the picture again")
        let decoded = try ImageDecoder.decode(file, format: .heic)
        let (r, g, b) = decoded.pixel(60, 40)  // the transparent right half
        #expect(abs(Int(r) - Int(ImageDecoder.background.0)) < 6 && abs(Int(g) - Int(ImageDecoder.background.1)) < 6 && abs(Int(b) - Int(ImageDecoder.background.2)) < 6)
    }

    @Test("WebP lossy, lossless, with alpha, with EXIF orientation, animated: sizes from the header, pictures decoded")
    func webp() throws {
        for (lossless, alpha) in [(false, false), (true, false), (false, true), (true, true)] {
            let file = try TestImages.webp(width: 70, height: 50, lossless: lossless, alpha: alpha)
            let probe = try PhotoProbe.probe(bytes: file)
            #expect(probe.format == .webp && probe.width == 70 && probe.height == 50 && probe.orientation.rawValue == 1)
            let decoded = try ImageDecoder.decode(file, format: .webp)
            #expect(decoded.width == 70 && decoded.height == 50)
            #expect(Self.brightCorner(decoded).map { !$0.right && !$0.bottom } == true)
        }
        let turned = try TestImages.webp(width: 70, height: 50, exif: EXIFBuilder.tiff(orientation: 6, byteOrder: .bigEndian))
        let probe = try PhotoProbe.probe(bytes: turned)
        #expect(probe.orientation.rawValue == 6 && probe.displayWidth == 50 && probe.displayHeight == 70)
        #expect(probe.exif == EXIFBuilder.tiff(orientation: 6, byteOrder: .bigEndian))
        // Scaled while decoding, never below what was asked for.
        let scaled = try ImageDecoder.decode(try TestImages.webp(width: 400, height: 300), format: .webp, minWidth: 100, minHeight: 75)
        #expect(scaled.width == 100 && scaled.height == 75)
        // An animation shows its first frame.
        let animated = try TestImages.webp(width: 60, height: 40, frames: 3, seed: 9)
        let animatedProbe = try PhotoProbe.probe(bytes: animated)
        #expect(animatedProbe.width == 60 && animatedProbe.height == 40)
        let first = try ImageDecoder.decode(animated, format: .webp)
        let still = try ImageDecoder.decode(try TestImages.webp(width: 60, height: 40, seed: 9), format: .webp)
        #expect(Self.difference(first, still) < 1)
    }

    @Test("cut short or damaged: refused with the reason, never a crash")
    func damaged() throws {
        let heic = try TestImages.heif(width: 64, height: 48)
        for cut in [heic.count - 10, heic.count / 2] {
            #expect(throws: ProbeError.self) { try PhotoProbe.probe(bytes: Array(heic.prefix(cut))) }
        }
        var scrambled = heic
        for i in stride(from: 24, to: min(400, scrambled.count), by: 3) { scrambled[i] ^= 0x5A }
        // A header that still parses: the decoder must then refuse or decode, not crash (the
        // probe's refusal is a ProbeError by its type).
        if let probe = try? PhotoProbe.probe(bytes: scrambled) {
            _ = try? ImageDecoder.decode(scrambled, format: probe.format)
        }
        let webp = try TestImages.webp(width: 64, height: 48)
        #expect(throws: ProbeError.self) { try PhotoProbe.probe(bytes: Array(webp.prefix(webp.count - 4))) }
        var badFrame = webp
        badFrame[23] = 0  // the key frame's start code
        #expect(throws: ProbeError.self) { try PhotoProbe.probe(bytes: badFrame) }
    }

    @Test("thumbnails of HEIC and WebP come out upright at the exact size")
    func thumbnails() throws {
        for (file, format) in [(try TestImages.heif(width: 120, height: 90, orientation: 6), ImageFormat.heic),
                               (try TestImages.webp(width: 120, height: 90, exif: EXIFBuilder.tiff(orientation: 6)), .webp)] {
            let probe = try PhotoProbe.probe(bytes: file)
            let outputs = try Thumbnailer.render(file, format: format, orientation: probe.orientation, sizes: [(45, 60)])
            let thumbnail = try ImageDecoder.decode(outputs[0], format: .jpeg)
            #expect(thumbnail.width == 45 && thumbnail.height == 60)
            // Orientation 6: the stored top-left corner is at the top right once upright.
            #expect(Self.brightCorner(thumbnail).map { $0.right && !$0.bottom } == true, "\(format)")
        }
    }
}
