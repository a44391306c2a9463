import Foundation

/// The camera raw fixtures (Tests/ImagingTests/Fixtures/raw, README.md there) and damaged
/// copies of them.
public enum TestRaws {
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "ImagingTests/Fixtures/raw")

    public static func path(_ name: String) -> String { folder.appending(path: name).path }

    /// `preview.dng` with its sensor data's strip moved to 10,000 bytes before the file's end,
    /// so it runs past it, as in a copy broken off inside the data: its preview (which exiftool
    /// placed last) stays whole.
    public static func previewWithSensorDataPastTheEnd() throws -> [UInt8] {
        var bytes = [UInt8](try Data(contentsOf: folder.appending(path: "preview.dng")))
        // The SubIFD's StripOffsets entry: tag 0x0111, LONG, 1 value, 4064 (little-endian).
        let entry: [UInt8] = [0x11, 0x01, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00, 0xE0, 0x0F, 0x00, 0x00]
        guard let at = (0 ... bytes.count - entry.count).first(where: { bytes[$0 ..< $0 + entry.count].elementsEqual(entry) }) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "preview.dng has changed: its sensor data's strip is not at 4064"])
        }
        let moved = bytes.count - 10_000
        for index in 0 ..< 4 { bytes[at + 8 + index] = UInt8(moved >> (8 * index) & 0xFF) }
        return bytes
    }
}
