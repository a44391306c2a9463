import Foundation
@testable import GalleryImport
import GalleryStore
import GalleryTestSupport
import Imaging
import Testing

/// A Google Takeout folder as Google writes it: JSON sidecars under each of the names Google
/// gives them, their captions, people and favourites layered under XMP sidecars, and their
/// date and place filling what the photo itself does not say.
@Suite("Import: Google Takeout sidecars")
struct TakeoutImportTests {
    static func sidecar(title: String, description: String = "", taken: Int? = nil, latitude: Double = 0, longitude: Double = 0,
                        people: [String] = [], favorited: Bool = false) -> String {
        let fields: [String: Any] = [
            "title": title, "description": description, "imageViews": "3",
            "creationTime": ["timestamp": "1700000000", "formatted": "Nov 14, 2023, 10:13:20 PM UTC"],
            "photoTakenTime": ["timestamp": String(taken ?? 1_577_872_800), "formatted": "Jan 1, 2020, 10:00:00 AM UTC"],
            "geoData": ["latitude": latitude, "longitude": longitude, "altitude": 0.0, "latitudeSpan": 0.0, "longitudeSpan": 0.0],
            "people": people.map { ["name": $0] }, "favorited": favorited,
            "url": "https://photos.google.com/photo/AF1Qip", "googlePhotosOrigin": ["mobileUpload": ["deviceType": "ANDROID_PHONE"]],
        ]
        let data = try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    @Test("each of Google's names: NAME.EXT.json, .supplemental-metadata.json, cut to 51 characters, NAME.EXT(1).json, -edited copies, by title")
    func names() throws {
        let photos = try TemporaryDirectory("Takeout")
        let long = "20240101_120000_a_rather_long_file_name_from_a_phone.jpg"
        let cases: [(photo: String, json: String, title: String)] = [
            ("IMG_0001.jpg", "IMG_0001.jpg.json", "Plain name"),
            ("IMG_0002.jpg", "IMG_0002.jpg.supplemental-metadata.json", "Supplemental"),
            ("IMG_0003(1).jpg", "IMG_0003.jpg(1).json", "Numbered copy"),
            ("IMG_0004.jpg", "IMG_0004.jpg.json", "Original and its edit"),
            (long, "20240101_120000_a_rather_long_file_name_from_a.json", "Cut name"),
            ("weird name.jpg", "a different name.json", "Found by title"),
        ]
        for (index, item) in cases.enumerated() {
            try photos.write(item.photo, TestImages.jpeg(seed: UInt8(index)))
            // Found by title: the JSON's title is the file's name, its description the test's.
            let title = item.title == "Found by title" ? item.photo : item.title
            try photos.write(item.json, text: Self.sidecar(title: title, description: item.title + " description"))
        }
        try photos.write("IMG_0003.jpg", TestImages.jpeg(seed: 40))
        try photos.write("IMG_0003.jpg.json", text: Self.sidecar(title: "The first of the name"))
        try photos.write("IMG_0004-edited.jpg", TestImages.jpeg(seed: 41))
        try photos.write("IMG_0005-bearbeitet.jpg", TestImages.jpeg(seed: 42))
        try photos.write("IMG_0005.jpg.json", text: Self.sidecar(title: "German edit"))
        try photos.write("lonely.jpg.json", text: Self.sidecar(title: "A JSON without its photo"))

        let database = try GalleryDatabase()
        let (summary, log) = try runImport(photos, into: database)
        #expect(summary.added == 9 && log.warnings.isEmpty, "\(log.warnings)")
        let stored = Dictionary(uniqueKeysWithValues: try database.photos().map { ($0.path, $0) })
        for item in cases where item.title != "Found by title" {
            #expect(stored[item.photo]?.caption == item.title, "\(item.photo)")
            #expect(stored[item.photo]?.comment == item.title + " description", "\(item.photo)")
        }
        #expect(stored["weird name.jpg"]?.caption == "", "a title that is the file's name is no caption")
        #expect(stored["weird name.jpg"]?.comment == "Found by title description")
        #expect(stored["IMG_0003.jpg"]?.caption == "The first of the name")
        #expect(stored["IMG_0004-edited.jpg"]?.caption == "Original and its edit")
        #expect(stored["IMG_0005-bearbeitet.jpg"]?.caption == "German edit")
    }

    @Test("people and favourite; Google's date and place fill what the file lacks, never replace it; 0,0 is no place")
    func fields() throws {
        let photos = try TemporaryDirectory("Takeout fields")
        try photos.write("undated.jpg", TestImages.jpeg(seed: 1))
        try photos.write("undated.jpg.json", text: Self.sidecar(title: "undated.jpg", taken: 1_577_872_800, latitude: 48.3904, longitude: -4.4861,
                                                                people: ["Anna Berg", "Carl Dahl"], favorited: true))
        let exif = EXIFBuilder.tiff(ifd0: [(0x010F, .ascii("Canon"))], exif: [(0x9003, .ascii("2019:06:01 12:00:00"))], gps: [])
        try photos.write("dated.jpg", TestImages.jpeg(seed: 2, exif: exif))
        try photos.write("dated.jpg.json", text: Self.sidecar(title: "dated.jpg", taken: 1_577_872_800))
        let database = try GalleryDatabase()
        _ = try runImport(photos, into: database)
        let stored = Dictionary(uniqueKeysWithValues: try database.photos().map { ($0.path, $0) })
        let undated = try #require(stored["undated.jpg"])
        #expect(undated.people == ["Anna Berg", "Carl Dahl"] && undated.favorite)
        #expect(undated.metadata.takenAt == "2020-01-01T10:00:00+00:00")
        #expect(undated.metadata.latitude == 48.3904 && undated.metadata.longitude == -4.4861)
        let dated = try #require(stored["dated.jpg"])
        #expect(dated.metadata.takenAt == "2019-06-01T12:00:00", "the file's own date wins")
        #expect(dated.metadata.latitude == nil, "0,0 is Google's 'no place'")
        #expect(!dated.favorite && dated.people.isEmpty)
    }

    @Test("an XMP sidecar above Takeout, Takeout above the file; a JSON named like a sidecar but not Google's: one warning")
    func precedenceAndBadJSON() throws {
        let photos = try TemporaryDirectory("Takeout layers")
        try TestMetadata.jpeg("a.jpg", in: photos, exiftool: ["-XMP-dc:Title=From the file", "-XMP-dc:Description=File description", "-XMP-dc:Subject=file"])
        try photos.write("a.jpg.json", text: Self.sidecar(title: "From Takeout", description: "Takeout description"))
        try TestMetadata.sidecar("a.xmp", in: photos, exiftool: ["-XMP-dc:Description=XMP sidecar description"])
        try photos.write("b.jpg", TestImages.jpeg(seed: 3))
        try photos.write("b.jpg.json", text: #"{"photo": "b.jpg", "note": "another program's"}"#)
        let database = try GalleryDatabase()
        let (_, log) = try runImport(photos, into: database)
        let stored = Dictionary(uniqueKeysWithValues: try database.photos().map { ($0.path, $0) })
        #expect(stored["a.jpg"]?.caption == "From Takeout")
        #expect(stored["a.jpg"]?.comment == "XMP sidecar description")
        #expect(stored["a.jpg"]?.keywords == ["file"])
        #expect(log.warnings == ["\(photos.path)/b.jpg.json: named like b.jpg's Google Takeout sidecar, but it is not one (no title or photo fields); not read"])
    }
}
