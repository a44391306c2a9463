import GalleryTestSupport
import Imaging
import PhotoFacts
import Testing

/// Plain matrix operations written independently of `Orientation.apply`.
struct Grid: Equatable {
    var width: Int, height: Int, cells: [Int]
    subscript(x: Int, y: Int) -> Int { cells[y * width + x] }
    func rotatedClockwise() -> Grid {
        var out = Grid(width: height, height: width, cells: Array(repeating: 0, count: cells.count))
        for y in 0 ..< height { for x in 0 ..< width { out.cells[x * out.width + (height - 1 - y)] = self[x, y] } }
        return out
    }
    func flippedHorizontally() -> Grid {
        var out = self
        for y in 0 ..< height { for x in 0 ..< width { out.cells[y * width + x] = self[width - 1 - x, y] } }
        return out
    }
    var image: RGBImage {
        RGBImage(width: width, height: height, pixels: cells.flatMap { [UInt8($0 & 255), UInt8($0 >> 8), 7] })
    }
}

@Suite("Decoding, resampling and orientation on real pixels")
struct PixelTests {
    // 70 × 45 crosses apply's 32-pixel tiles on both axes, with part tiles at the edges.
    @Test("EXIF orientation 1–8 turns stored pixels upright", arguments: 1 ... 8, [(4, 3), (70, 45)])
    func orientation(_ value: Int, size: (width: Int, height: Int)) {
        let displayed = Grid(width: size.width, height: size.height, cells: Array(0 ..< size.width * size.height))
        // The stored image is what the camera wrote: the displayed one transformed back.
        let stored: Grid
        switch value {
        case 2: stored = displayed.flippedHorizontally()
        case 3: stored = displayed.rotatedClockwise().rotatedClockwise()
        case 4: stored = displayed.rotatedClockwise().rotatedClockwise().flippedHorizontally()
        case 5: stored = displayed.rotatedClockwise().flippedHorizontally()
        case 6: stored = displayed.rotatedClockwise().rotatedClockwise().rotatedClockwise()
        case 7: stored = displayed.rotatedClockwise().rotatedClockwise().rotatedClockwise().flippedHorizontally()
        case 8: stored = displayed.rotatedClockwise()
        default: stored = displayed
        }
        #expect(Orientation(exifValue: value).apply(to: stored.image) == displayed.image)
    }

    @Test("JPEG decodes at the smallest DCT scale that covers the target")
    func dctScaling() throws {
        let jpeg = TestImages.jpeg(width: 800, height: 600)
        #expect(try ImageDecoder.decode(jpeg, format: .jpeg).width == 800)
        let eighth = try ImageDecoder.decode(jpeg, format: .jpeg, minWidth: 100, minHeight: 75)
        #expect(eighth.width == 100 && eighth.height == 75)
        let quarter = try ImageDecoder.decode(jpeg, format: .jpeg, minWidth: 101, minHeight: 75)
        #expect(quarter.width == 200 && quarter.height == 150)
    }

    @Test("grayscale and CMYK decode to RGB; data cut short decodes as browsers draw it, with libjpeg's warning")
    func colourModels() throws {
        let gray = try ImageDecoder.decode(TestImages.jpeg(width: 16, height: 16, format: .gray), format: .jpeg)
        let (r, g, b) = gray.pixel(8, 8)
        #expect(r == g && g == b)
        // Adobe CMYK is stored inverted: 255 everywhere is no ink, white.
        let white = try JPEGEncoder.encode(pixels: [UInt8](repeating: 255, count: 16 * 16 * 4), width: 16, height: 16, format: .cmyk)
        let decoded = try ImageDecoder.decode(white, format: .jpeg)
        #expect(decoded.pixel(3, 3).0 > 250 && decoded.pixel(3, 3).2 > 250)
        let good = TestImages.jpeg(width: 300, height: 200)
        let half = Array(good.prefix(good.count / 2))
        #expect(try ImageDecoder.warnings(in: good, format: .jpeg) == nil)
        #expect(try ImageDecoder.warnings(in: half, format: .jpeg) == "Premature end of JPEG file")
        let drawn = try ImageDecoder.decode(half, format: .jpeg)
        // The rows the file still holds are the picture's; the missing ones libjpeg's grey.
        #expect(drawn.width == 300 && drawn.height == 200)
        #expect(drawn.pixel(150, 5) == (try ImageDecoder.decode(good, format: .jpeg)).pixel(150, 5))
        #expect(drawn.pixel(150, 195) == (128, 128, 128))
        #expect(throws: CodecError.self) { try ImageDecoder.decode(Array("not a jpeg".utf8), format: .jpeg) }
        #expect(throws: CodecError.self) { try ImageDecoder.decode(Array(TestImages.png().prefix(40)), format: .png) }
    }

    @Test("PNG alpha is composited onto the neutral background")
    func pngAlpha() throws {
        let transparent = try PNGEncoder.encode(pixels: [UInt8](repeating: 0, count: 4 * 4 * 4), width: 4, height: 4, channels: 4)
        let decoded = try ImageDecoder.decode(transparent, format: .png)
        #expect(decoded.pixel(1, 1) == ImageDecoder.background)
    }

    @Test("shrinking does not alias: a one-pixel checkerboard becomes even grey; flat colour stays exact")
    func antialiasing() {
        var pixels: [UInt8] = []
        for y in 0 ..< 64 { for x in 0 ..< 64 { let v: UInt8 = (x + y) % 2 == 0 ? 255 : 0; pixels += [v, v, v] } }
        let small = Resampler.resize(RGBImage(width: 64, height: 64, pixels: pixels), width: 13, height: 13)
        for value in small.pixels { #expect(abs(Int(value) - 128) <= 6) }
        let flat = RGBImage(width: 50, height: 40, pixels: [UInt8](repeating: 90, count: 50 * 40 * 3))
        #expect(Resampler.resize(flat, width: 17, height: 9).pixels.allSatisfy { $0 == 90 })
    }

    @Test("thumbnails come out at the exact size, upright, progressive")
    func thumbnails() throws {
        // Stored 60×40 with orientation 6: displayed 40×60, portrait.
        let jpeg = TestImages.jpeg(width: 60, height: 40, orientation: 6)
        let outputs = try Thumbnailer.render(jpeg, format: .jpeg, orientation: Orientation(exifValue: 6), sizes: [(20, 30), (40, 60)])
        let probes = try outputs.map { try PhotoProbe.probe(bytes: $0) }
        #expect(probes.map(\.width) == [20, 40] && probes.map(\.height) == [30, 60])
        #expect(probes.allSatisfy { $0.orientation == .up })
        // Progressive: a SOF2 frame header.
        #expect(outputs[0].indices.dropLast().contains { outputs[0][$0] == 0xFF && outputs[0][$0 + 1] == 0xC2 })
        // The marked corner (top-left of the stored image) is at the top right once upright.
        let upright = try ImageDecoder.decode(outputs[1], format: .jpeg)
        #expect(upright.pixel(36, 3).0 > 200 && upright.pixel(3, 3).0 < 200)
    }
}
