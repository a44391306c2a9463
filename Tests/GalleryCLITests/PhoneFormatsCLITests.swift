import Foundation
import GalleryTestSupport
import Imaging
import Testing

/// A phone's folder: HEIC turned by `irot`, AVIF, WebP with an EXIF orientation, an animated
/// WebP, a cut-short HEIC, through the built binary.
@Suite("HEIC, AVIF and WebP through import and export")
struct PhoneFormatsCLITests {
    @Test("imported with their displayed sizes; thumbnails upright at the layout's size; a damaged one named")
    func importAndExport() throws {
        let work = try TemporaryDirectory()
        let heic = try TestImages.heif(width: 120, height: 90, orientation: 6)
        try work.write("photos/IMG_0001.heic", heic)
        try work.write("photos/IMG_0002.avif", try TestImages.heif(width: 120, height: 90, avif: true))
        try work.write("photos/IMG_0003.webp", try TestImages.webp(width: 120, height: 90, exif: EXIFBuilder.tiff(orientation: 8)))
        try work.write("photos/IMG_0004.webp", try TestImages.webp(width: 90, height: 60, alpha: true, frames: 3))
        try work.write("photos/IMG_0005.heic", Array(heic.prefix(heic.count - 40)))

        let built = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("IMG_0005.heic: truncated"), "\(built.stderr)")

        let listed = try GalleryBinary.run(["photos", "--json"], in: work.url)
        let photos = try #require(JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        var byPath: [String: [String: Any]] = [:]
        for photo in photos { byPath[photo["path"] as? String ?? ""] = photo }
        let expected: [(String, String, Int, Int)] = [
            ("IMG_0001.heic", "heic", 90, 120), ("IMG_0002.avif", "avif", 120, 90),
            ("IMG_0003.webp", "webp", 90, 120), ("IMG_0004.webp", "webp", 90, 60),
        ]
        #expect(photos.count == expected.count)
        for (path, format, width, height) in expected {
            let photo = try #require(byPath[path], "\(path) missing: \(built.stderr)")
            #expect(photo["format"] as? String == format)
            #expect(photo["displayWidth"] as? Int == width && photo["displayHeight"] as? Int == height, "\(path)")
        }
        // Every thumbnail decodes at 236 px wide with the displayed shape, upright.
        let thumbs = try FileManager.default.contentsOfDirectory(atPath: work.path + "/site/thumbs").filter { $0.hasSuffix("-236.webp") }
        #expect(thumbs.count == 4, "\(built.stdout) \(built.stderr)")
        var shapes: [String] = []
        for name in thumbs {
            let image = try ImageDecoder.decode([UInt8](try Data(contentsOf: work.url.appending(path: "site/thumbs/" + name))), format: .webp)
            #expect(image.width == 236)
            shapes.append(image.height > 236 ? "portrait" : "landscape")
        }
        #expect(shapes.sorted() == ["landscape", "landscape", "portrait", "portrait"])
    }
}
