import Foundation
import GalleryTestSupport
@testable import Imaging
import Testing

/// What pairs a still with its moment of video: an iPhone still's maker note identifier (read
/// from the EXIF as the probe finds it), and an Android motion photo's appended MP4, found by
/// its XMP and read by libavformat where it starts, as ffprobe reads the MP4 on its own.
@Suite("Live Photos and motion photos: identifiers and appended videos")
struct LivePhotoProbeTests {
    static let identifier = "5A6B3C2D-1E0F-4A5B-8C7D-9E0F1A2B3C4D"

    @Test("an iPhone still's maker note gives its content identifier, through the JPEG probe's EXIF")
    func makerNote() throws {
        let still = TestLivePhotos.appleStill(identifier: Self.identifier)
        let probe = try PhotoProbe.probe(bytes: still)
        let reading = EXIFReader.read(tiff: try #require(probe.exif))
        #expect(reading.contentIdentifier == Self.identifier)
        #expect(reading.cameraMake == "Apple" && reading.takenAt == "2024-07-14T18:32:05", "the rest is read as before: \(reading)")
        #expect(probe.motionVideoOffset == nil)
    }

    @Test("an iPhone's HEIC still: the identifier in its Exif item's maker note")
    func heicStill() throws {
        let exif = EXIFBuilder.tiff(ifd0: [(0x010F, .ascii("Apple"))],
                                    exif: [(0x927C, .undefined(EXIFBuilder.appleMakerNote(contentIdentifier: Self.identifier)))], byteOrder: .bigEndian)
        let heic = try TestImages.heif(width: 64, height: 48, exif: exif)
        let probe = try PhotoProbe.probe(bytes: heic)
        let tiff = try #require(probe.exif)
        #expect(probe.format == .heic && EXIFReader.read(tiff: tiff).contentIdentifier == Self.identifier)
    }

    @Test("maker notes that are not Apple's, or are cut, give no identifier")
    func otherMakerNotes() {
        let note = EXIFBuilder.appleMakerNote(contentIdentifier: Self.identifier)
        #expect(AppleMakerNote.contentIdentifier(in: note[...]) == Self.identifier)
        #expect(AppleMakerNote.contentIdentifier(in: note.prefix(30)) == nil, "cut inside the directory")
        var nikon = note
        nikon.replaceSubrange(0 ..< 9, with: Array("Nikon\0\u{2}\u{10}\0".utf8))
        #expect(AppleMakerNote.contentIdentifier(in: nikon[...]) == nil)
        let plain = EXIFReader.read(tiff: EXIFBuilder.tiff(ifd0: [(0x010F, .ascii("Apple"))], exif: [(0x927C, .undefined([1, 2, 3, 4, 5]))]))
        #expect(plain.contentIdentifier == nil && plain.warnings.isEmpty, "\(plain)")
    }

    @Test("a motion photo's MP4 is found by its XMP (both announcements), probed and transcoded where it starts",
          arguments: TestLivePhotos.Announcement.allCases)
    func motionPhoto(announcement: TestLivePhotos.Announcement) throws {
        let work = try TemporaryDirectory("motion-photo")
        let clip = work.path + "/clip.mp4"
        try TestVideos.make(clip, width: 320, height: 240, seconds: 1.2, rotate: 90)
        let still = try TestLivePhotos.motionPhoto(video: clip, announcement: announcement)
        let path = try work.write("PXL_20240714_183205123.MP.jpg", still)
        let probe = try PhotoProbe.probe(path: path)
        let clipSize = try Data(contentsOf: URL(fileURLWithPath: clip)).count
        let offset = try #require(probe.motionVideoOffset, "\(announcement)")
        #expect(Int(offset) == still.count - clipSize)
        #expect(probe.width == 120 && probe.height == 90, "the still is the picture: \(probe)")

        // libavformat reads the MP4 inside as ffprobe reads the MP4 alone.
        let inside = try VideoProbe.probe(path: path, offset: offset, container: try #require(VideoProbe.container(atPath: path, offset: offset)))
        let alone = try TestVideos.ffprobe(clip)
        #expect(inside.displayWidth == 240 && inside.displayHeight == 320, "the display matrix is read: \(inside)")
        #expect(inside.width == alone.video?.width && inside.height == alone.video?.height)
        #expect(abs((inside.duration ?? 0) - (Double(alone.format.duration ?? "") ?? -1)) < 0.01, "\(inside) \(alone.format)")
        #expect(inside.videoCodec == "h264" && inside.audioCodec == "aac")

        let out = work.path + "/motion.mp4"
        let size = VideoRendition(displayWidth: inside.displayWidth, displayHeight: inside.displayHeight, maxHeight: 1080)
        try VideoTranscoder.makeWebVideo(from: path, offset: offset, to: out, size: size, maxHeight: 1080)
        let made = try TestVideos.ffprobe(out)
        #expect(made.video?.codec_name == "h264" && (made.video?.nb_frames).flatMap { Int($0) } == 30, "\(made.streams)")
    }

    @Test("an XMP whose length does not land on an MP4, or no XMP, is a still photo")
    func notAMotionPhoto() throws {
        let work = try TemporaryDirectory("motion-photo-wrong")
        let clip = work.path + "/clip.mp4"
        try TestVideos.make(clip, width: 160, height: 120, seconds: 0.5, audio: false)
        let wrong = try TestLivePhotos.motionPhoto(video: clip, lengthError: 7)
        #expect(try PhotoProbe.probe(bytes: wrong).motionVideoOffset == nil)
        let tooLong = try TestLivePhotos.motionPhoto(video: clip, lengthError: 10_000_000)
        #expect(try PhotoProbe.probe(bytes: tooLong).motionVideoOffset == nil)
        #expect(try PhotoProbe.probe(bytes: TestImages.jpeg()).motionVideoOffset == nil)
        // Any prefix, attributes or elements (read by the XMP parser); no schema, no parse.
        func packet(_ description: String) -> ArraySlice<UInt8> {
            ArraySlice("<rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>\(description)</rdf:RDF>".utf8)
        }
        #expect(MotionPhotoXMP.videoLength(xmp: packet("<rdf:Description xmlns:g='http://ns.google.com/photos/1.0/camera/' g:MicroVideoOffset = ' 123 '/>")) == 123)
        #expect(MotionPhotoXMP.videoLength(xmp: packet("""
            <rdf:Description xmlns:c='http://ns.google.com/photos/1.0/container/' xmlns:i='http://ns.google.com/photos/1.0/container/item/'>
            <c:Directory><rdf:Seq><rdf:li><rdf:Description><c:Item><rdf:Description><i:Semantic>MotionPhoto</i:Semantic><i:Length>99</i:Length>
            </rdf:Description></c:Item></rdf:Description></rdf:li></rdf:Seq></c:Directory></rdf:Description>
            """)) == 99)
        #expect(MotionPhotoXMP.videoLength(xmp: packet("<rdf:Description xmlns:x='urn:other' x:MicroVideo='1'/>")) == nil)
        #expect(MotionPhotoXMP.videoLength(xmp: packet("<rdf:Description xmlns:g='http://ns.google.com/photos/1.0/camera/'><g:MicroVideoOffset>12")) == nil,
                "broken XML announces nothing")
    }
}
