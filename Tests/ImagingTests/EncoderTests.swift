import GalleryTestSupport
import Imaging
import PhotoFacts
import Testing

@Suite("Encoders: what they write reads back")
struct EncoderTests {
    @Test("JPEG encode writes the size and the EXIF segment it was given")
    func jpegRoundTrip() throws {
        for progressive in [false, true] {
            let bytes = TestImages.jpeg(width: 31, height: 9, orientation: 5, progressive: progressive)
            let result = try PhotoProbe.probe(bytes: bytes)
            #expect(result.width == 31 && result.height == 9 && result.orientation.rawValue == 5)
            #expect(bytes.suffix(2) == [0xFF, 0xD9])
        }
    }

    @Test("progressive JPEGs are progressive (SOF2, several scans) and decode to what was encoded")
    func progressiveScans() throws {
        for format in [JPEGEncoder.PixelFormat.rgb, .gray] {
            let channels = format == .gray ? 1 : 3
            let (width, height) = (97, 61)
            var pixels = [UInt8](repeating: 0, count: width * height * channels)
            for i in pixels.indices { pixels[i] = UInt8(truncatingIfNeeded: (i / channels) % width * 2 + (i / channels) / width + i % channels * 60) }
            let bytes = try JPEGEncoder.encode(pixels: pixels, width: width, height: height, format: format, options: .init(quality: 90, progressive: true))
            let markers = zip(bytes, bytes.dropFirst()).filter { $0.0 == 0xFF }.map(\.1)
            #expect(markers.contains(0xC2) && !markers.contains(0xC0), "\(format): not a progressive frame")
            #expect(markers.filter { $0 == 0xDA }.count >= 3, "\(format): a progressive file has several scans")
            let decoded = try ImageDecoder.decode(bytes, format: .jpeg)
            #expect(decoded.width == width && decoded.height == height)
            // Decoded as RGB: compare each pixel's first channel with the source's (gray
            // sources have one), within JPEG's loss at quality 90.
            var error = 0
            for p in 0 ..< width * height { error += abs(Int(decoded.pixels[p * 3]) - Int(pixels[p * channels])) }
            #expect(Double(error) / Double(width * height) < 4, "\(format): mean error \(Double(error) / Double(width * height))")
        }
    }

    @Test("the lightbox's large JPEG is one baseline scan with the pixels a progressive one decodes to; the grid's stay progressive")
    func largeIsBaseline() throws {
        let photo = TestImages.jpeg(width: 640, height: 480)
        let sizes = [(width: 236, height: 177), (width: 600, height: 450)]
        let images = try Thumbnailer.render(photo, format: .jpeg, orientation: .up, sizes: sizes)
        func markers(_ bytes: [UInt8]) -> [UInt8] { zip(bytes, bytes.dropFirst()).filter { $0.0 == 0xFF }.map(\.1) }
        #expect(markers(images[0]).contains(0xC2), "the grid image is not progressive")
        #expect(markers(images[1]).contains(0xC0) && !markers(images[1]).contains(0xC2), "the large image is not baseline")
        // The same picture encoded progressively decodes to the same pixels.
        let picture = Resampler.resize(try ImageDecoder.decode(photo, format: .jpeg, minWidth: 600, minHeight: 450), width: 600, height: 450)
        let progressive = try JPEGEncoder.encode(pixels: picture.pixels, width: 600, height: 450, format: .rgb, options: .init(quality: Thumbnailer.quality, progressive: true))
        #expect(try ImageDecoder.decode(images[1], format: .jpeg).pixels == ImageDecoder.decode(progressive, format: .jpeg).pixels)
    }

    @Test("the photo Huffman tables code any picture (flat, gradients, noise at every quality) to the pixels libjpeg's own optimal tables give")
    func photoTables() throws {
        var state: UInt64 = 2024
        func next() -> UInt8 { state = state &* 6364136223846793005 &+ 1442695040888963407; return UInt8(truncatingIfNeeded: state >> 33) }
        let width = 203, height = 131
        let flat = [UInt8](repeating: 128, count: width * height * 3)
        let gradient = (0 ..< width * height * 3).map { UInt8(truncatingIfNeeded: ($0 / 3 % width) + ($0 / 3 / width)) }
        // Mild texture: a gradient with small noise; noise alone: every coefficient size there is.
        let textured = gradient.map { $0 &+ next() % 9 }
        let noise = (0 ..< width * height * 3).map { _ in next() }
        #expect(JPEGEncoder.PhotoTables(rgb: flat, width: width, height: height) == .smooth)
        #expect(JPEGEncoder.PhotoTables(rgb: textured, width: width, height: height) == .textured)
        #expect(JPEGEncoder.PhotoTables(rgb: noise, width: width, height: height) == .detailed)
        for pixels in [flat, gradient, textured, noise] {
            for quality in [1, 50, 82, 100] {
                for tables in [JPEGEncoder.PhotoTables.smooth, .textured, .detailed] {
                    let fixed = try JPEGEncoder.encode(pixels: pixels, width: width, height: height, format: .rgb, options: .init(quality: quality, photoTables: tables))
                    let optimal = try JPEGEncoder.encode(pixels: pixels, width: width, height: height, format: .rgb, options: .init(quality: quality))
                    #expect(try ImageDecoder.decode(fixed, format: .jpeg) == ImageDecoder.decode(optimal, format: .jpeg), "quality \(quality), \(tables)")
                }
            }
        }
        // Grey and CMYK use the same tables (luma's for every CMYK channel but the second set).
        let grey = try JPEGEncoder.encode(pixels: Array(noise.prefix(width * height)), width: width, height: height, format: .gray, options: .init(quality: 90, photoTables: .detailed))
        #expect(try ImageDecoder.decode(grey, format: .jpeg).width == width)
        // A progressive scan ignores them (its refinement scans need tables made for them).
        let progressive = try JPEGEncoder.encode(pixels: textured, width: width, height: height, format: .rgb, options: .init(quality: 82, progressive: true, photoTables: .textured))
        #expect(progressive == (try JPEGEncoder.encode(pixels: textured, width: width, height: height, format: .rgb, options: .init(quality: 82, progressive: true))))
    }

    @Test("WebP encodes decode to what was encoded, at the size asked; lower quality, fewer bytes")
    func webpRoundTrip() throws {
        let (width, height) = (97, 61)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for i in pixels.indices { pixels[i] = UInt8(truncatingIfNeeded: (i / 3) % width * 2 + (i / 3) / width + i % 3 * 60) }
        let bytes = try WebPEncoder.encode(rgb: pixels, width: width, height: height, quality: 90)
        #expect(bytes.prefix(4).elementsEqual("RIFF".utf8) && bytes[8 ..< 12].elementsEqual("WEBP".utf8))
        let probed = try PhotoProbe.probe(bytes: bytes)
        #expect(probed.format == .webp && probed.width == width && probed.height == height)
        let decoded = try ImageDecoder.decode(bytes, format: .webp)
        #expect(decoded.width == width && decoded.height == height)
        var error = 0
        for i in pixels.indices { error += abs(Int(decoded.pixels[i]) - Int(pixels[i])) }
        #expect(Double(error) / Double(pixels.count) < 4, "mean error \(Double(error) / Double(pixels.count))")
        let rough = try WebPEncoder.encode(rgb: pixels, width: width, height: height, quality: 20)
        #expect(rough.count < bytes.count)
        #expect(throws: CodecError.self) { try WebPEncoder.encode(rgb: [1, 2, 3], width: 10, height: 10, quality: 80) }
        #expect(throws: CodecError.self) { try WebPEncoder.encode(rgb: [], width: 0, height: 0, quality: 80) }
    }

    @Test("the thumbnailer writes each size in the format asked for, upright")
    func thumbnailEncodings() throws {
        let original = TestImages.jpeg(width: 120, height: 80, orientation: 6)
        let outputs = try Thumbnailer.render(original, format: .jpeg, orientation: Orientation(exifValue: 6), sizes: [(40, 60), (20, 30)])
        let mixed = try Thumbnailer.renderWithColor(original, format: .jpeg, orientation: Orientation(exifValue: 6), sizes: [(40, 60), (20, 30)],
                                                    encodings: [.webp, .jpeg]).images
        #expect(outputs.allSatisfy { $0.prefix(2) == [0xFF, 0xD8] })
        let webp = try PhotoProbe.probe(bytes: mixed[0]), jpeg = try PhotoProbe.probe(bytes: mixed[1])
        #expect(webp.format == .webp && webp.width == 40 && webp.height == 60)
        #expect(jpeg.format == .jpeg && jpeg.width == 20 && jpeg.height == 30)
        // The same pixels either way, within the two encoders' loss.
        let a = try ImageDecoder.decode(mixed[0], format: .webp), b = try ImageDecoder.decode(outputs[0], format: .jpeg)
        var error = 0
        for i in a.pixels.indices { error += abs(Int(a.pixels[i]) - Int(b.pixels[i])) }
        #expect(Double(error) / Double(a.pixels.count) < 6, "mean difference \(Double(error) / Double(a.pixels.count))")
    }

    @Test("a pixel buffer of the wrong size is an error, not a crash")
    func wrongBuffer() {
        #expect(throws: CodecError.self) {
            try JPEGEncoder.encode(pixels: [1, 2, 3], width: 10, height: 10, format: .rgb)
        }
        #expect(throws: CodecError.self) {
            try PNGEncoder.encode(pixels: [1, 2, 3], width: 10, height: 10, channels: 3)
        }
    }

    @Test("PNG ends with IEND")
    func pngEnds() {
        let bytes = TestImages.png()
        #expect(bytes.suffix(12) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }
}
