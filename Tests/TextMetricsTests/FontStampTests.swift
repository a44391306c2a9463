import Foundation
import GalleryTestSupport
import Testing
@testable import TextMetrics

@Suite("Measurement keys follow the fonts' content")
struct FontStampTests {
    @Test("a font file whose content changes (a package upgrade) gives the style another fingerprint")
    func contentChangesFingerprint() throws {
        let folder = try TemporaryDirectory("font-stamp")
        let source = GalleryTextStyles.comment.fonts[0]
        let copy = folder.url.appending(path: "Inter-Regular.otf")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source.path)))
        try Data(bytes).write(to: copy)
        var style = GalleryTextStyles.comment
        style.fonts[0] = FontFace(family: source.family, path: copy.path, package: source.package)
        let before = style.fingerprint
        #expect(try TextMeasurer().measure("Harbour at dusk", style: style, width: 236).lines == 1)

        // The head table's checkSumAdjustment (offset 8 in the table) of an upgraded file differs.
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        let record = try #require((0 ..< tables).map { 12 + 16 * $0 }.first { Array(bytes[$0 ..< $0 + 4]) == Array("head".utf8) })
        let head = Int(bytes[record + 8]) << 24 | Int(bytes[record + 9]) << 16 | Int(bytes[record + 10]) << 8 | Int(bytes[record + 11])
        bytes[head + 8] ^= 0xFF
        try Data(bytes).write(to: copy)
        let size = style.fontSize
        style.fontSize = size  // the fingerprint is refreshed when the style changes
        #expect(style.fingerprint != before)
        // Rewriting the same content (a reinstall) keeps it.
        let after = style.fingerprint
        try Data(bytes).write(to: copy)
        style.fontSize = size
        #expect(style.fingerprint == after)
    }
}
