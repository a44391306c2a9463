import Foundation
import GalleryZip
import Testing

/// WOFF 1.0 as browsers read it (the engine parity suites load the site's fonts as WOFF in
/// Chromium, Firefox and WebKit, whose sanitizers refuse a malformed one); here, what the
/// format keeps and what bad input gets.
@Suite("WOFF: sfnt fonts with zlib tables")
struct WOFFTests {
    /// Each table of an sfnt by tag: its bytes and its checksum.
    static func tables(_ sfnt: [UInt8]) -> [String: (bytes: [UInt8], checksum: UInt32)] {
        func read32(_ at: Int) -> UInt32 { sfnt[at ..< at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        var tables: [String: (bytes: [UInt8], checksum: UInt32)] = [:]
        for index in 0 ..< (Int(sfnt[4]) << 8 | Int(sfnt[5])) {
            let record = 12 + 16 * index
            let offset = Int(read32(record + 8)), length = Int(read32(record + 12))
            tables[String(decoding: sfnt[record ..< record + 4], as: UTF8.self)] = (Array(sfnt[offset ..< offset + length]), read32(record + 4))
        }
        return tables
    }

    @Test("a TrueType and a CFF font come back table for table, smaller", arguments: [
        "/usr/share/fonts/opentype/inter/Inter-Regular.otf", "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf",
    ])
    func roundTrip(path: String) throws {
        let sfnt = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let woff = try #require(WOFF.encode(sfnt))
        #expect(Array(woff.prefix(4)) == [UInt8]("wOFF".utf8) && woff[4 ..< 8] == sfnt[0 ..< 4])
        #expect(woff.count < sfnt.count * 3 / 4, "\(woff.count) of \(sfnt.count) bytes")
        #expect(woff.count % 4 == 0)
        let back = try #require(WOFF.decode(woff))
        let original = Self.tables(sfnt), decoded = Self.tables(back)
        #expect(Set(original.keys) == Set(decoded.keys) && original.count > 8)
        for (tag, table) in original {
            #expect(decoded[tag]?.bytes == table.bytes && decoded[tag]?.checksum == table.checksum, "\(tag)")
        }
        #expect(WOFF.encode(sfnt) == woff, "the same font, the same bytes (its name is their digest)")
    }

    @Test("what is not an sfnt, or not a whole WOFF, is refused, not read past its end")
    func badInput() throws {
        let sfnt = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/opentype/inter/Inter-Regular.otf")))
        #expect(WOFF.encode([]) == nil && WOFF.encode(Array(sfnt.prefix(40))) == nil && WOFF.encode(Array(sfnt.prefix(4096))) == nil)
        let woff = try #require(WOFF.encode(sfnt))
        #expect(WOFF.decode(sfnt) == nil && WOFF.decode(Array(woff.prefix(60))) == nil && WOFF.decode(Array(woff.dropLast(100))) == nil)
        var damaged = woff
        damaged[44 + 20 * 2 + 8] ^= 0x40  // a table's stored length, now past its end
        #expect(WOFF.decode(damaged) == nil)
    }
}
