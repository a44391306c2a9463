import Foundation
import Imaging

/// The two ways a phone pairs a photo with a moment of video, made for tests from real parts:
/// an iPhone's Live Photo (a JPEG whose maker note holds a content identifier, and a MOV with
/// the same identifier in its QuickTime metadata) and an Android motion photo (a JPEG whose XMP
/// announces the MP4 appended after it).
public enum TestLivePhotos {
    /// An iPhone still: a JPEG with Make/Model and the maker note's content identifier.
    public static func appleStill(identifier: String, width: Int = 120, height: Int = 90, seed: UInt8 = 0) -> [UInt8] {
        let exif = EXIFBuilder.tiff(
            ifd0: [(0x010F, .ascii("Apple")), (0x0110, .ascii("iPhone 15 Pro"))],
            exif: [(0x9003, .ascii("2024:07:14 18:32:05")), (0x927C, .undefined(EXIFBuilder.appleMakerNote(contentIdentifier: identifier)))],
            byteOrder: .bigEndian)
        return TestImages.jpeg(width: width, height: height, seed: seed, exif: exif)
    }

    /// An iPhone's motion clip: HEVC in a MOV (tagged hvc1, as iPhones write it) with sound,
    /// carrying `identifier` as `com.apple.quicktime.content.identifier`.
    @discardableResult
    public static func appleMotion(_ path: String, identifier: String, width: Int = 320, height: Int = 240, seconds: Double = 1.5) throws -> Int {
        try TestVideos.make(path, width: width, height: height, seconds: seconds, codec: "libx265",
                            metadata: ["com.apple.quicktime.content.identifier": identifier], extra: ["-tag:v", "hvc1"])
    }

    /// How the XMP announces the appended video.
    public enum Announcement: Sendable, CaseIterable {
        /// Motion Photo 1.0: a Container:Directory item with Item:Semantic="MotionPhoto".
        case container
        /// Google Camera's older MicroVideo: GCamera:MicroVideoOffset.
        case microVideo
    }

    /// An Android motion photo: a JPEG, an XMP packet announcing the video, and the MP4 at
    /// `video` appended after the JPEG's end.
    public static func motionPhoto(video: String, announcement: Announcement = .container, width: Int = 120, height: Int = 90,
                                   seed: UInt8 = 0, lengthError: Int = 0) throws -> [UInt8] {
        let mp4 = [UInt8](try Data(contentsOf: URL(fileURLWithPath: video)))
        let jpeg = TestImages.jpeg(width: width, height: height, seed: seed)
        let length = mp4.count + lengthError
        let properties: String
        switch announcement {
        case .container:
            properties = """
                <rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/"
                  xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:Item="http://ns.google.com/photos/1.0/container/item/"
                  GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1" GCamera:MotionPhotoPresentationTimestampUs="500000">
                  <Container:Directory><rdf:Seq>
                    <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="0"/></rdf:li>
                    <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="\(length)" Item:Padding="0"/></rdf:li>
                  </rdf:Seq></Container:Directory>
                </rdf:Description>
                """
        case .microVideo:
            properties = """
                <rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/">
                  <GCamera:MicroVideo>1</GCamera:MicroVideo><GCamera:MicroVideoVersion>1</GCamera:MicroVideoVersion>
                  <GCamera:MicroVideoOffset>\(length)</GCamera:MicroVideoOffset>
                </rdf:Description>
                """
        }
        let xmp = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            \(properties)
            </rdf:RDF></x:xmpmeta>
            """
        let payload = Array("http://ns.adobe.com/xap/1.0/\0".utf8) + Array(xmp.utf8)
        let segment: [UInt8] = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        // After SOI, before everything else the encoder wrote.
        return Array(jpeg.prefix(2)) + segment + Array(jpeg.dropFirst(2)) + mp4
    }
}
