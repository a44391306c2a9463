import Imaging
import PhotoFacts
import Testing

@Suite("Dominant colour: what a placeholder shows before the photo arrives")
struct DominantColorTests {
    /// A picture whose top `share` of rows is `main` and the rest `other`.
    static func twoColours(width: Int, height: Int, main: RGBColor, other: RGBColor, share: Double) -> RGBImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for y in 0 ..< height {
            let colour = Double(y) < Double(height) * share ? main : other
            for _ in 0 ..< width { pixels += [colour.red, colour.green, colour.blue] }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    static let sky = RGBColor(red: 90, green: 140, blue: 200)
    static let boat = RGBColor(red: 200, green: 30, blue: 30)

    @Test("the colour most of the picture is wins, exactly; not the mean of everything")
    func mostOfThePicture() {
        let image = Self.twoColours(width: 40, height: 30, main: Self.sky, other: Self.boat, share: 0.7)
        #expect(image.dominantColor == Self.sky)
        let flipped = Self.twoColours(width: 40, height: 30, main: Self.boat, other: Self.sky, share: 0.7)
        #expect(flipped.dominantColor == Self.boat)
        #expect(Self.twoColours(width: 1, height: 1, main: Self.boat, other: Self.sky, share: 1).dominantColor == Self.boat)
    }

    @Test("hex form round-trips and refuses what is not #rrggbb")
    func hex() {
        #expect(Self.sky.hex == "#5a8cc8")
        #expect(RGBColor(hex: "#5A8CC8") == Self.sky)
        #expect(RGBColor(red: 0, green: 10, blue: 255).hex == "#000aff")
        for bad in ["", "#12345", "123456", "#12345g", "#1234567"] { #expect(RGBColor(hex: bad) == nil, "\(bad)") }
    }

    @Test("thumbnails come with the dominant colour of a real JPEG, turned or not")
    func fromThumbnails() throws {
        let image = Self.twoColours(width: 300, height: 200, main: Self.sky, other: Self.boat, share: 0.65)
        let jpeg = try JPEGEncoder.encode(pixels: image.pixels, width: image.width, height: image.height, format: .rgb, options: .init(quality: 90))
        for orientation in [1, 6] {
            let rendered = try Thumbnailer.renderWithColor(jpeg, format: .jpeg, orientation: Orientation(exifValue: orientation), sizes: [(120, 80), (60, 40)])
            #expect(rendered.images.count == 2)
            let colour = rendered.dominantColor
            #expect(abs(Int(colour.red) - 90) <= 6 && abs(Int(colour.green) - 140) <= 6 && abs(Int(colour.blue) - 200) <= 6, "\(colour.hex)")
        }
    }
}
