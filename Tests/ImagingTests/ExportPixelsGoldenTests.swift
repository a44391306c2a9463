import Foundation
@testable import Imaging
import PhotoFacts
import Testing

/// The pixels every export encodes — decoded at a DCT scale, halved, filtered and turned — for a
/// real photograph in all eight orientations, held to digests recorded before the speed work
/// (which was to change no pixel): a faster resampler or turn that changed one would show here.
@Suite("The export's pixels of a real photo, every orientation: the same as recorded")
struct ExportPixelsGoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/real-photo")

    @Test("large, 708, 472 and 236 px in orientations 1–8: the golden digests (RECORD_SNAPSHOTS=1 re-records them)")
    func golden() throws {
        let bytes = try #require(FileManager.default.contents(atPath: Self.folder.appending(path: "Aqua.jpg").path).map { [UInt8]($0) })
        var lines: [String] = []
        for value in 1 ... 8 {
            let orientation = Orientation(exifValue: value)
            let large = Thumbnailer.largeSize(format: .jpeg, storedWidth: 2560, storedHeight: 1600, orientation: orientation, longSide: 1600)
            let displayWidth = orientation.swapsDimensions ? 1600 : 2560, displayHeight = orientation.swapsDimensions ? 2560 : 1600
            let sizes = [large] + [708, 472, 236].map { Thumbnailer.size(displayWidth: displayWidth, displayHeight: displayHeight, toWidth: $0) }
            let stored = orientation.swapsDimensions ? (large.height, large.width) : (large.width, large.height)
            let decoded = try ImageDecoder.decode(bytes, format: .jpeg, minWidth: stored.0, minHeight: stored.1)
            var images: [RGBImage] = []
            _ = Thumbnailer.eachSize(decoded, orientation: orientation, sizes: sizes) { index, image in images.append(image) }
            #expect(images.count == sizes.count)
            // Made largest first, which is the order `sizes` lists them in here.
            for (size, image) in zip(sizes, images) {
                #expect((image.width, image.height) == (size.width, size.height))
                let digest = MD5.digest(image.pixels).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
                lines.append("orientation \(value) \(image.width)x\(image.height) \(digest)")
            }
        }
        let golden = Self.folder.appending(path: "export-pixels.golden")
        let text = lines.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try text.write(to: golden, atomically: true, encoding: .utf8)
        }
        let recorded = try String(contentsOf: golden, encoding: .utf8)
        #expect(text == recorded, "the export's pixels changed:\n\(text)")
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
