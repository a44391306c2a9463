/// Where an Android motion photo's video is: a JPEG whose XMP (`ProbeResult.xmp`) announces an MP4 appended after the picture, as
///
/// - Google's Motion Photo format 1.0: a `Container:Directory` item with
///   `Item:Semantic="MotionPhoto"` and `Item:Length` (the video's byte count, from the end of
///   the file), also written by Samsung's recent cameras;
/// - Google Camera's older MicroVideo: `GCamera:MicroVideoOffset` (the same count).
///
/// Read with the XMP parser (`XMPPacket`), so any RDF form and any prefix is understood; a
/// packet that names neither (most photos' XMP) is not parsed at all. Nil when the XMP announces
/// no video or cannot be read.
enum MotionPhotoXMP {
    static let container = "http://ns.google.com/photos/1.0/container/"
    static let item = "http://ns.google.com/photos/1.0/container/item/"
    static let camera = "http://ns.google.com/photos/1.0/camera/"

    /// The byte count of the appended video, counted back from the end of the file.
    static func videoLength(xmp: ArraySlice<UInt8>) -> Int? {
        // Only a packet that mentions one of the two schemas is worth parsing.
        guard contains(xmp, "photos/1.0/container/") || contains(xmp, "MicroVideoOffset"),
              let packet = try? XMPPacket(parsing: xmp) else { return nil }
        for entry in packet[XMPName(container, "Directory")]?.items ?? [] {
            let fields = entry[XMPName(container, "Item")] ?? entry
            guard fields[XMPName(item, "Semantic")]?.text == "MotionPhoto",
                  let length = fields[XMPName(item, "Length")]?.text.flatMap({ Int($0.filter { $0 != " " }) }), length > 0 else { continue }
            return length
        }
        if let offset = packet[XMPName(camera, "MicroVideoOffset")]?.text.flatMap({ Int($0.filter { $0 != " " }) }), offset > 0 {
            return offset
        }
        return nil
    }

    /// Whether `bytes` holds `needle` (its UTF-8).
    private static func contains(_ bytes: ArraySlice<UInt8>, _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first, bytes.count >= pattern.count else { return false }
        var at = bytes.startIndex
        let last = bytes.endIndex - pattern.count
        while at <= last {
            guard let start = bytes[at ... last].firstIndex(of: first) else { return false }
            if bytes[start ..< start + pattern.count].elementsEqual(pattern) { return true }
            at = start + 1
        }
        return false
    }
}
