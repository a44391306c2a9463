import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GalleryTestSupport
import Testing

/// Camera raws in a folder are photos: imported upright with their words and facts, and made
/// into the site's images from their preview or their developed sensor data.
@Suite("gallery build: camera raws are photos")
struct RawCLITests {
    static let fixtures = TestRaws.folder

    @Test("a DNG with pixels (upright, its XMP and EXIF read), one cut short (its preview, said once), a raw without data and one LibRaw does not know refused by name, one LibRaw does not know shown from its JPEG")
    func raws() throws {
        let work = try TemporaryDirectory("raws")
        let photos = work.url.appending(path: "photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let preview = Self.fixtures.appending(path: "preview.dng")
        try FileManager.default.copyItem(at: preview, to: photos.appending(path: "IMG_0001.DNG"))
        for name in ["Nikon.nef", "CanonRaw.cr2", "cr2-preview.cr2"] {
            try FileManager.default.copyItem(at: Self.fixtures.appending(path: name), to: photos.appending(path: name))
        }
        try Data(try TestRaws.previewWithSensorDataPastTheEnd()).write(to: photos.appending(path: "cut.dng"))

        let built = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.components(separatedBy: "cut.dng: its sensor data runs to byte").count == 2, "\(built.stderr)")
        #expect(built.stderr.contains("only the camera's small preview inside it is shown"), "\(built.stderr)")
        #expect(built.stderr.contains("Nikon.nef: corrupt: no picture can be read from this raw file"), "\(built.stderr)")
        #expect(built.stderr.contains("CanonRaw.cr2: LibRaw cannot read this Canon CR2 file of a Canon EOS 350D DIGITAL"), "\(built.stderr)")
        // A camera LibRaw does not know, with its JPEG inside: shown from it, said once.
        #expect(built.stderr.components(separatedBy: "cr2-preview.cr2: LibRaw cannot read this Canon CR2 file of a Canon EOS 350D DIGITAL: shown from the camera's preview").count == 2,
                "\(built.stderr)")
        #expect(built.stdout.contains("3 photos") && built.stdout.contains("0 failed"), "\(built.stdout)")
        let larges = try FileManager.default.contentsOfDirectory(atPath: work.path + "/site/large")
        #expect(larges.contains { $0.hasSuffix("-432x288.jpg") }, "\(larges)")

        let listed = try GalleryBinary.run(["photos", "--json"], in: work.url)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let raw = try #require(rows.first { $0["path"] as? String == "IMG_0001.DNG" }, "\(listed.stdout)")
        #expect(raw["format"] as? String == "raw" && raw["kind"] as? String == "photo", "\(raw)")
        // 300 × 200 stored, Orientation 6: shown 200 × 300.
        #expect(raw["displayWidth"] as? Int == 200 && raw["displayHeight"] as? Int == 300, "\(raw)")
        #expect(raw["caption"] as? String == "Loch at dusk" && raw["rating"] as? Int == 4, "\(raw)")
        #expect(raw["takenAt"] as? String == "2023-06-14T19:42:07+02:00" && raw["camera"] as? String == "PiDNG Test DNG", "\(raw)")
        #expect(raw["latitude"] as? Double == 57.1 && raw["longitude"] as? Double == -6.05, "\(raw)")

        // The large image (200 × 300, larger than the 150 × 100 grey preview) is developed: in colour.
        // The cut copy's is its grey preview, enlarged.
        let large = try FileManager.default.contentsOfDirectory(atPath: work.path + "/site/large").filter { $0.hasSuffix("-200x300.jpg") }
        #expect(large.count == 2, "\(large)")
        let saturations = try large.map { name in
            Double(try TestVideos.run(TestMetadata.imageMagick, [work.path + "/site/large/" + name, "-colorspace", "HSL", "-channel", "G",
                                                                 "-separate", "-format", "%[fx:mean]", "info:"])) ?? -1
        }.sorted()
        #expect(saturations[0] < 0.02 && saturations[1] > 0.1, "\(saturations)")
    }

    @Test("a raw and a JPEG of one name are one photo, from the JPEG (the raw's darktable sidecar read for it) or, as gallery.toml says, from the raw")
    func rawAndJPEGPairs() throws {
        let work = try TemporaryDirectory("raw-pairs")
        let photos = work.url.appending(path: "photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let raw = Self.fixtures.appending(path: "preview.dng")
        try FileManager.default.copyItem(at: raw, to: photos.appending(path: "IMG_0412.DNG"))
        try FileManager.default.copyItem(at: raw, to: photos.appending(path: "IMG_0413.dng"))
        _ = try work.write("photos/IMG_0412.jpg", TestImages.jpeg(width: 90, height: 60))
        // darktable's sidecar names the raw: it describes the pair.
        try TestMetadata.sidecar("photos/IMG_0412.DNG.xmp", in: work, exiftool: ["-XMP-dc:Title=The harbour at dawn"])

        let built = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("1 raw and JPEG pair of one name: each one photo, shown from its JPEG"), "\(built.stderr)")
        func rows() throws -> [String: [String: Any]] {
            let listed = try GalleryBinary.run(["photos", "--json"], in: work.url)
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["path"] as? String ?? "", $0) })
        }
        var listed = try rows()
        #expect(Set(listed.keys) == ["IMG_0412.jpg", "IMG_0413.dng"], "\(listed.keys)")
        #expect(listed["IMG_0412.jpg"]?["caption"] as? String == "The harbour at dawn", "\(listed)")
        #expect(listed["IMG_0412.jpg"]?["format"] as? String == "jpeg" && listed["IMG_0413.dng"]?["format"] as? String == "raw")

        // Shown from the raw instead: the JPEG's photo goes, the raw's comes, with the same words.
        _ = try work.write("photos/gallery.toml", text: "[content]\nraw_pairs = \"raw\"\n")
        let again = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("shown from its raw"), "\(again.stderr)")
        listed = try rows()
        #expect(Set(listed.keys) == ["IMG_0412.DNG", "IMG_0413.dng"], "\(listed.keys)")
        #expect(listed["IMG_0412.DNG"]?["caption"] as? String == "The harbour at dawn", "\(listed)")

        // Both: two photos.
        _ = try work.write("photos/gallery.toml", text: "[content]\nraw_pairs = \"both\"\n")
        #expect(try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url).status == 0)
        #expect(try rows().count == 3)
    }

    @Test("where the site offers originals, a pair's download is its raw, byte for byte, named by the raw's content; a raw changed or taken away is seen by the next build")
    func pairOriginalIsTheRaw() async throws {
        let work = try TemporaryDirectory("raw-pair-original")
        let photos = work.url.appending(path: "photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let raw = Self.fixtures.appending(path: "preview.dng")
        try FileManager.default.copyItem(at: raw, to: photos.appending(path: "IMG_0412.DNG"))
        let jpeg = TestImages.jpeg(width: 90, height: 60)
        _ = try work.write("photos/IMG_0412.jpg", jpeg)
        _ = try work.write("photos/IMG_0600.jpg", TestImages.jpeg(width: 60, height: 90))
        _ = try work.write("photos/gallery.toml", text: "[content]\ndownloads = \"original\"\n")

        /// The cells' original downloads, as the album's page names them.
        func originals() throws -> [String] {
            let page = try String(contentsOf: work.url.appending(path: "site/index.html"), encoding: .utf8)
            return page.matches(of: /data-original="([^"]+)"/).map { String($0.1) }.sorted()
        }
        let built = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        var listed = try originals()
        #expect(listed.count == 2 && listed.filter { $0.hasSuffix(".dng") }.count == 1 && listed.filter { $0.hasSuffix(".jpg") }.count == 1, "\(listed)")
        let rawCopy = try #require(listed.first { $0.hasSuffix(".dng") })
        #expect(try Data(contentsOf: work.url.appending(path: "site/" + rawCopy)) == Data(contentsOf: raw), "the raw, byte for byte")
        let jpegCopy = try #require(listed.first { $0.hasSuffix(".jpg") })
        #expect(try Data(contentsOf: work.url.appending(path: "site/" + jpegCopy)) == Data(TestImages.jpeg(width: 60, height: 90)))
        // gallery serve makes it when a page asks for it by that name.
        let server = try await GalleryBinary.serve(["--port", "0"], in: work.url)
        defer { server.stop() }
        let (served, response) = try await URLSession.shared.data(from: try server.address().appending(path: rawCopy))
        let rawBytes = try Data(contentsOf: raw)
        #expect((response as? HTTPURLResponse)?.statusCode == 200 && served == rawBytes, "\(response)")
        server.stop()

        // The raw changed (its JPEG not): a new name, the new bytes.
        var changed = [UInt8](try Data(contentsOf: raw))
        changed.append(contentsOf: [0, 0, 0, 0])
        try Data(changed).write(to: photos.appending(path: "IMG_0412.DNG"))
        let again = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        #expect(again.status == 0, "\(again.stderr)")
        listed = try originals()
        let newCopy = try #require(listed.first { $0.hasSuffix(".dng") }, "\(listed)")
        #expect(newCopy != rawCopy)
        #expect(try Data(contentsOf: work.url.appending(path: "site/" + newCopy)) == Data(changed))

        // The raw taken away: the JPEG is its own original.
        try FileManager.default.removeItem(at: photos.appending(path: "IMG_0412.DNG"))
        let alone = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        #expect(alone.status == 0, "\(alone.stderr)")
        listed = try originals()
        #expect(listed.count == 2 && listed.allSatisfy { $0.hasSuffix(".jpg") }, "\(listed)")
        #expect(try listed.map { try Data(contentsOf: work.url.appending(path: "site/" + $0)) }.contains(Data(jpeg)))

        // A raw put beside a JPEG imported alone (as beside every pair a library imported before
        // this version holds): the next build makes it the download.
        try Data(changed).write(to: photos.appending(path: "IMG_0412.DNG"))
        let paired = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        #expect(paired.status == 0, "\(paired.stderr)")
        #expect(try originals().contains(newCopy))
    }

    @Test("a pair whose JPEG cannot be read is shown from its raw, with the pair's words, said once; mended, from the JPEG again")
    func damagedJPEGFallsBackToRaw() throws {
        let work = try TemporaryDirectory("raw-pair-damaged")
        let photos = work.url.appending(path: "photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixtures.appending(path: "preview.dng"), to: photos.appending(path: "IMG_0500.DNG"))
        // Cut inside its header: no decoder shows anything of it.
        let jpeg = TestImages.jpeg(width: 90, height: 60)
        _ = try work.write("photos/IMG_0500.JPG", Array(jpeg.prefix(30)))
        try TestMetadata.sidecar("photos/IMG_0500.xmp", in: work, exiftool: ["-XMP-dc:Title=Lighthouse"])

        let built = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("IMG_0500.JPG: shown from") && built.stderr.contains("IMG_0500.DNG instead"), "\(built.stderr)")
        func rows() throws -> [String: [String: Any]] {
            let listed = try GalleryBinary.run(["photos", "--json"], in: work.url)
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["path"] as? String ?? "", $0) })
        }
        var listed = try rows()
        #expect(Set(listed.keys) == ["IMG_0500.DNG"], "\(listed.keys)")
        #expect(listed["IMG_0500.DNG"]?["caption"] as? String == "Lighthouse" && listed["IMG_0500.DNG"]?["format"] as? String == "raw", "\(listed)")

        // Run again, nothing changed: still the raw, not removed.
        let again = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        let kept = try rows().keys.sorted()
        #expect(again.status == 0 && kept == ["IMG_0500.DNG"], "\(again.stderr)")

        // The JPEG copied again whole: the pair is shown from it, the raw's row goes.
        _ = try work.write("photos/IMG_0500.JPG", jpeg)
        let mended = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        #expect(mended.status == 0 && !mended.stderr.contains("instead"), "\(mended.stderr)")
        listed = try rows()
        #expect(Set(listed.keys) == ["IMG_0500.JPG"], "\(listed.keys)")
        #expect(listed["IMG_0500.JPG"]?["caption"] as? String == "Lighthouse", "\(listed)")
    }
}
