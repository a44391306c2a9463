import Foundation
import GalleryTestSupport
import Testing

/// Live Photos through the import: an iPhone still and the MOV with its content identifier
/// become one item (kind "live", the MOV not listed on its own), an Android motion photo is one
/// by itself; the pairing follows the folder as files come and go.
@Suite("Live Photos and motion photos in the library")
struct LivePhotoCLITests {
    static func photos(_ work: TemporaryDirectory) throws -> [[String: Any]] { try GalleryBinary.listedPhotos(in: work.url) }

    static func kinds(_ photos: [[String: Any]]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: photos.compactMap { photo in (photo["path"] as? String).map { ($0, photo["kind"] as? String ?? "?") } })
    }

    @Test("a still and its MOV are one Live Photo, a motion photo is one too; others stay photos and videos; the layout says which")
    func pairing() throws {
        let work = try TemporaryDirectory("live-import")
        let first = "11111111-2222-4333-8444-555555555555", second = "66666666-7777-4888-9999-AAAAAAAAAAAA"
        try work.write("photos/IMG_0001.JPG", TestLivePhotos.appleStill(identifier: first, seed: 1))
        try TestLivePhotos.appleMotion(work.path + "/photos/IMG_0001.MOV", identifier: first, seconds: 1.5)
        // A still whose clip was not copied, and a clip with no still.
        try work.write("photos/IMG_0002.JPG", TestLivePhotos.appleStill(identifier: second, seed: 2))
        try TestVideos.make(work.path + "/photos/IMG_0003.MOV", seconds: 1)
        // An Android motion photo.
        try TestVideos.make(work.path + "/clip.mp4", width: 320, height: 240, seconds: 1.2, rotate: 90)
        try work.write("photos/PXL_20240714.MP.jpg", try TestLivePhotos.motionPhoto(video: work.path + "/clip.mp4", seed: 3))
        let imported = try GalleryBinary.run(["import", "photos"], in: work.url)
        #expect(imported.status == 0, "\(imported.stderr)")

        var photos = try Self.photos(work)
        #expect(Self.kinds(photos) == ["IMG_0001.JPG": "live", "IMG_0002.JPG": "photo", "IMG_0003.MOV": "video", "PXL_20240714.MP.jpg": "live"],
                "the MOV of a Live Photo is not listed on its own: \(Self.kinds(photos))")
        let live = try #require(photos.first { $0["path"] as? String == "IMG_0001.JPG" })
        let motion = try #require(live["motion"] as? [String: Any], "\(live)")
        let reference = try TestVideos.ffprobe(work.path + "/photos/IMG_0001.MOV")
        #expect(motion["path"] as? String == "IMG_0001.MOV" && motion["offset"] as? Int == 0 && motion["format"] as? String == "mov", "\(motion)")
        #expect(abs((live["duration"] as? Double ?? 0) - (reference.format.duration.flatMap(Double.init) ?? -1)) < 0.01, "the clip's length: \(live)")
        #expect(live["width"] as? Int == 120 && live["camera"] as? String != nil, "the still's own size and metadata: \(live)")
        let android = try #require(photos.first { $0["path"] as? String == "PXL_20240714.MP.jpg" })
        let inside = try #require(android["motion"] as? [String: Any], "\(android)")
        #expect(inside["path"] as? String == "PXL_20240714.MP.jpg" && (inside["offset"] as? Int ?? 0) > 0, "\(inside)")
        #expect(inside["displayWidth"] as? Int == 240 && inside["displayHeight"] as? Int == 320, "the clip's displayed size: \(inside)")
        #expect(photos.first { $0["path"] as? String == "IMG_0002.JPG" }?["motion"] is NSNull)

        // The layout JSON says what each item is.
        let layout = try GalleryBinary.run(["layout", "--width", "800", "--json"], in: work.url)
        #expect(layout.status == 0, "\(layout.stderr)")
        let items = (try JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)) as? [String: Any])?["items"] as? [[String: Any]] ?? []
        let ids = Dictionary(uniqueKeysWithValues: photos.compactMap { p in (p["id"] as? Int).map { ($0, p["kind"] as? String ?? "") } })
        #expect(items.count == 4 && items.allSatisfy { ($0["kind"] as? String) == ids[$0["id"] as? Int ?? -1] }, "\(items)")
        let wheel = try GalleryBinary.run(["layout", "--kind", "circle", "--viewport", "390x844", "--json"], in: work.url)
        #expect(wheel.status == 0 && wheel.stdout.contains("\"kind\":\"live\""), "\(wheel.stdout)\(wheel.stderr)")

        // The still goes: its clip is a video of its own again; it comes back: one Live Photo again.
        let still = try Data(contentsOf: work.url.appending(path: "photos/IMG_0001.JPG"))
        try FileManager.default.removeItem(at: work.url.appending(path: "photos/IMG_0001.JPG"))
        #expect(try GalleryBinary.run(["import", "photos", "--quiet"], in: work.url).status == 0)
        photos = try Self.photos(work)
        #expect(Self.kinds(photos)["IMG_0001.MOV"] == "video" && Self.kinds(photos)["IMG_0001.JPG"] == nil, "\(Self.kinds(photos))")
        try still.write(to: work.url.appending(path: "photos/IMG_0001.JPG"))
        #expect(try GalleryBinary.run(["import", "photos", "--quiet"], in: work.url).status == 0)
        photos = try Self.photos(work)
        #expect(Self.kinds(photos)["IMG_0001.JPG"] == "live" && Self.kinds(photos)["IMG_0001.MOV"] == nil, "\(Self.kinds(photos))")

        // The clip goes: the still is a photo.
        try FileManager.default.removeItem(at: work.url.appending(path: "photos/IMG_0001.MOV"))
        #expect(try GalleryBinary.run(["import", "photos", "--quiet"], in: work.url).status == 0)
        photos = try Self.photos(work)
        #expect(Self.kinds(photos)["IMG_0001.JPG"] == "photo", "\(Self.kinds(photos))")
    }

    @Test("a motion photo whose video is damaged is imported as a still, with one line naming it")
    func damagedMotion() throws {
        let work = try TemporaryDirectory("live-damaged")
        try TestVideos.make(work.path + "/clip.mp4", width: 160, height: 120, seconds: 1)
        var bytes = try TestLivePhotos.motionPhoto(video: work.path + "/clip.mp4")
        let mp4 = try Data(contentsOf: work.url.appending(path: "clip.mp4"))
        // Keep the ftyp box, scramble the rest of the MP4.
        let start = bytes.count - mp4.count
        for i in start + 32 ..< bytes.count { bytes[i] = UInt8(truncatingIfNeeded: i &* 31) }
        try work.write("photos/MVIMG_0001.jpg", bytes)
        let imported = try GalleryBinary.run(["import", "photos"], in: work.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("MVIMG_0001.jpg") && imported.stderr.contains("imported as a still photo"), "\(imported.stderr)")
        #expect(Self.kinds(try Self.photos(work)) == ["MVIMG_0001.jpg": "photo"])
    }
}
