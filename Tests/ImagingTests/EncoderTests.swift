import GalleryTestSupport
import Imaging
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
