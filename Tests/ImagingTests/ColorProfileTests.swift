import Foundation
import GalleryTestSupport
import Imaging
import PhotoFacts
import Testing

/// Photos with embedded profiles come out in sRGB, within ΔE 2 of a conversion computed here
/// from the spaces' primaries without Little CMS; without a profile they are taken as sRGB.
@Suite("Colour profiles: Display P3 and Adobe RGB in every format, converted to sRGB")
struct ColorProfileTests {
    static let cases: [(name: String, space: TestProfiles.Space, color: (UInt8, UInt8, UInt8))] = [
        ("Display P3", TestProfiles.displayP3, (200, 100, 50)),
        ("Display P3", TestProfiles.displayP3, (60, 170, 90)),
        ("Adobe RGB", TestProfiles.adobeRGB, (50, 180, 60)),
        ("Adobe RGB", TestProfiles.adobeRGB, (120, 80, 200)),
    ]

    static func centre(_ image: RGBImage) -> (Double, Double, Double) {
        let (r, g, b) = image.pixel(image.width / 2, image.height / 2)
        return (Double(r), Double(g), Double(b))
    }

    @Test("JPEG (APP2, in pieces written out of order), WebP (ICCP), HEIC (colr prof), 16-bit PNG (iCCP)")
    func everyFormat() throws {
        for (name, space, color) in Self.cases {
            let profile = TestProfiles.icc(space)
            #expect(ColorConversion.problem(with: profile) == nil)
            let expected = TestProfiles.toSRGB((Int(color.0), Int(color.1), Int(color.2)), from: space)
            let files: [(String, [UInt8], ImageFormat, Double)] = [
                ("JPEG", TestImages.jpeg(color: color, profile: profile, chunkSize: profile.count / 2 + 1), .jpeg, 2),
                ("WebP", try TestImages.webp(width: 16, height: 16, lossless: true, profile: profile, color: color), .webp, 2),
                ("PNG", TestImages.png16(color: color, profile: profile), .png, 2),
                // HEVC stores 4:2:0 YCbCr: a flat colour comes back within a few levels.
                ("HEIC", try TestImages.heif(width: 64, height: 64, quality: 100, profile: profile, color: color), .heic, 3),
            ]
            for (format, file, type, tolerance) in files {
                let probe = try PhotoProbe.probe(bytes: file)
                #expect(probe.iccProfile == profile, "\(format) \(name): the profile is not found whole")
                let shown = Self.centre(try ImageDecoder.decode(file, format: type))
                let difference = TestProfiles.deltaE(shown, expected)
                #expect(difference < tolerance, "\(format) \(name) \(color): drawn \(shown), expected \(expected), ΔE \(difference)")
            }
            // The same pixels without the profile are taken as sRGB: visibly other colours.
            let untagged = Self.centre(try ImageDecoder.decode(TestImages.jpeg(color: color, profile: nil), format: .jpeg))
            #expect(TestProfiles.deltaE(untagged, expected) > 4, "\(name) \(color): the conversion changed nothing")
        }
    }

    @Test("an AVIF whose colr is nclx (code points, no profile): Display P3 converted, sRGB's primaries left alone")
    func nclx() throws {
        let color: (UInt8, UInt8, UInt8) = (200, 100, 50)
        let expected = TestProfiles.toSRGB((200, 100, 50), from: TestProfiles.displayP3)
        // AVIF only: libheif 1.15's x265 path writes nclx 2/2 (unspecified) whatever it is
        // given; a HEIC's colr is read by the same code (HEIFItems).
        for avif in [true] {
            let p3 = try TestImages.heif(width: 64, height: 64, avif: avif, quality: 100, color: color, nclx: (12, 13))
            #expect(try PhotoProbe.probe(bytes: p3).iccProfile != nil, "avif \(avif): no profile made from nclx 12/13")
            let shown = Self.centre(try ImageDecoder.decode(p3, format: avif ? .avif : .heic))
            #expect(TestProfiles.deltaE(shown, expected) < 3, "avif \(avif): drawn \(shown), expected \(expected)")
            let srgb = try TestImages.heif(width: 64, height: 64, avif: avif, quality: 100, color: color, nclx: (1, 13))
            #expect(try PhotoProbe.probe(bytes: srgb).iccProfile == nil)
            let plain = Self.centre(try ImageDecoder.decode(srgb, format: avif ? .avif : .heic))
            #expect(TestProfiles.deltaE(plain, (200, 100, 50)) < 3, "avif \(avif): sRGB primaries drawn \(plain)")
        }
    }

    @Test("a profile that is not ICC: named once, the picture taken as sRGB")
    func invalidProfile() throws {
        let garbage = [UInt8](repeating: 0x42, count: 300)
        #expect(ColorConversion.problem(with: garbage)?.contains("not a valid ICC profile") == true)
        let file = TestImages.jpeg(color: (200, 100, 50), profile: garbage)
        let shown = Self.centre(try ImageDecoder.decode(file, format: .jpeg))
        #expect(abs(shown.0 - 200) < 3 && abs(shown.1 - 100) < 3 && abs(shown.2 - 50) < 3)
    }

    /// How Chromium (forced to an sRGB screen) draws each original and its 96 px thumbnail side
    /// by side: the centre colours of both.
    static func drawnInChromium(_ originals: [[UInt8]]) throws -> [(original: (Double, Double, Double), thumbnail: (Double, Double, Double))] {
        let folder = try TemporaryDirectory("colour")
        var page = "<!doctype html><html><body style=\"margin:0;background:#fff\">"
        for (index, original) in originals.enumerated() {
            let thumbnail = try Thumbnailer.render(original, format: .jpeg, orientation: .up, sizes: [(96, 96)])[0]
            try folder.write("original-\(index).jpg", original)
            try folder.write("thumbnail-\(index).jpg", thumbnail)
            page += "<div style=\"display:flex\"><img src=\"original-\(index).jpg\" width=96 height=96><img src=\"thumbnail-\(index).jpg\" width=96 height=96></div>"
        }
        try folder.write("page.html", text: page + "</body></html>")
        let screenshot = folder.url.appending(path: "shot.png")
        try HeadlessChromium.screenshot(page: folder.url.appending(path: "page.html"), width: 400, height: 96 * originals.count + 100, to: screenshot)
        let shot = try ImageDecoder.decode([UInt8](try Data(contentsOf: screenshot)), format: .png)
        return originals.indices.map { index in
            func drawn(_ x: Int) -> (Double, Double, Double) {
                let (r, g, b) = shot.pixel(x, 48 + 96 * index)
                return (Double(r), Double(g), Double(b))
            }
            return (drawn(48), drawn(96 + 48))
        }
    }

    @Test("Chromium draws the Display P3 original as the reference says, and the sRGB thumbnail as it draws the original")
    func chromium() throws {
        let profile = TestProfiles.icc(TestProfiles.displayP3)
        let colors = [(200, 100, 50), (60, 170, 90)]
        let drawn = try Self.drawnInChromium(colors.map { TestImages.jpeg(color: (UInt8($0.0), UInt8($0.1), UInt8($0.2)), profile: profile, width: 96, height: 96) })
        for (color, (original, thumbnail)) in zip(colors, drawn) {
            let reference = TestProfiles.toSRGB(color, from: TestProfiles.displayP3)
            #expect(TestProfiles.deltaE(original, reference) < 2, "Chromium drew the P3 original \(original), the reference is \(reference)")
            #expect(TestProfiles.deltaE(thumbnail, original) < 2, "the thumbnail is drawn \(thumbnail), the original \(original)")
        }
    }

    /// Ghostscript's default CMYK profile (SWOP-like), from Debian's libgs-common.
    static let printProfile = "/usr/share/color/icc/ghostscript/default_cmyk.icc"

    @Test("a CMYK JPEG with a print profile: converted with it, drawn as Chromium draws the original")
    func cmykWithProfile() throws {
        let profile = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.printProfile)))
        let inks: [(UInt8, UInt8, UInt8, UInt8)] = [(25, 150, 200, 20), (200, 40, 10, 0), (60, 60, 60, 120)]
        let originals = inks.map { TestImages.cmykJPEG(ink: $0, profile: profile, width: 96, height: 96) }
        let drawn = try Self.drawnInChromium(originals)
        for (index, ink) in inks.enumerated() {
            #expect(try PhotoProbe.probe(bytes: originals[index]).iccProfile == profile)
            let converted = Self.centre(try ImageDecoder.decode(originals[index], format: .jpeg))
            let naive = Self.centre(try ImageDecoder.decode(TestImages.cmykJPEG(ink: ink, profile: nil, width: 96, height: 96), format: .jpeg))
            let (original, thumbnail) = drawn[index]
            // Chromium (skcms) converts the CMYK original through its profile itself. Colour
            // engines interpolate a 4-D ink table differently (skcms and Little CMS differ by up
            // to ~4 on this profile's dark greys), hence 5 here where RGB profiles get 2.
            #expect(TestProfiles.deltaE(converted, original) < 5, "ink \(ink): ours \(converted), Chromium's \(original)")
            #expect(TestProfiles.deltaE(thumbnail, original) < 5, "ink \(ink): thumbnail drawn \(thumbnail), original \(original)")
            // The profile matters: mixing the inks naively gives colours far from both.
            let naiveDifference = TestProfiles.deltaE(naive, original)
            #expect(naiveDifference > 6 && naiveDifference > 2 * TestProfiles.deltaE(converted, original), "ink \(ink): naive \(naive) is as good as the profile")
        }
    }
}
