import Foundation
@testable import Imaging
import Testing

/// A real iPhone HEIC broken off part-way (the first 80,000 of its 1,122,310 bytes): what a copy
/// interrupted leaves. libheif refuses the grid whole; the gallery shows the tiles that are all
/// there, as it shows the rows of a JPEG cut short.
@Suite("A HEIC grid cut short: its whole tiles drawn, the rest blank, one line saying so")
struct CutHEICTests {
    static let bytes: [UInt8] = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/cut-heic/IMG_3578-cut.heic").path
        return [UInt8](FileManager.default.contents(atPath: path) ?? Data())
    }()

    @Test("the probe takes it with one line of damage, and the picture has its whole tiles and the page's background elsewhere")
    func wholeTilesDrawn() throws {
        let bytes = Self.bytes
        #expect(bytes.count == 80_000, "the fixture is missing")
        let probe = try PhotoProbe.probe(bytes: bytes)
        #expect((probe.width, probe.height) == (4032, 3024))
        #expect(probe.damage.count == 1)
        #expect(probe.damage.first?.contains("of its 48 tiles are cut off") == true, "\(probe.damage)")

        let grid = try #require(HEIFGridTiles(bytes))
        #expect((grid.columns, grid.rows, grid.width, grid.height) == (8, 6, 4032, 3024))
        let whole = grid.tiles.filter(grid.isWhole)
        #expect(!whole.isEmpty && whole.count < grid.tiles.count && grid.isWhole(grid.tiles[0]))

        let picture = try ImageDecoder.decode(bytes, format: .heic)
        #expect((picture.width, picture.height) == (4032, 3024))
        for (index, tile) in grid.tiles.enumerated() {
            // The last column and row are cut to the picture (4032 = 7 × 512 + 448).
            let left = index % grid.columns * 512, top = index / grid.columns * 512
            let width = min(512, picture.width - left), height = min(512, picture.height - top)
            var region: [UInt8] = []
            for row in top ..< top + height {
                let start = (row * picture.width + left) * 3
                region += picture.pixels[start ..< start + width * 3]
            }
            let part = RGBImage(width: width, height: height, pixels: region)
            if grid.isWhole(tile) {
                // A photo's pixels: not flat, and not the background.
                #expect(part.lumaDeviation > 3, "tile \(index) decoded flat")
            } else {
                let background = [ImageDecoder.background.0, ImageDecoder.background.1, ImageDecoder.background.2]
                #expect(stride(from: 0, to: region.count, by: 3).allSatisfy { Array(region[$0 ..< $0 + 3]) == background },
                        "tile \(index) is cut off, yet drawn")
            }
        }
        // The thumbnailer's path: the same decode, every size made.
        let images = try Thumbnailer.render(bytes, format: .heic, orientation: probe.orientation, sizes: [(236, 177), (1600, 1200)])
        #expect(images.allSatisfy { !$0.isEmpty })
    }

    @Test("cut inside its first tile, or inside its item tables, it is refused with where it ends")
    func refusedWithoutAWholeTile() throws {
        // The first tile's bytes start after the 3,412 bytes of ftyp and meta.
        for length in [3_000, 3_500] {
            #expect(throws: ProbeError.self, "cut at \(length) bytes") { try PhotoProbe.probe(bytes: Array(Self.bytes.prefix(length))) }
        }
        #expect(throws: CodecError.self) { try ImageDecoder.decode(Array(Self.bytes.prefix(3_500)), format: .heic) }
    }

    @Test("cut anywhere, or with bytes of its item tables changed (seeded): a picture or an error, never a crash")
    func cutAnywhere() throws {
        var state: UInt64 = 3578
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
        var decoded = 0
        for _ in 0 ..< 12 {
            var bytes = Array(Self.bytes.prefix(3_000 + next(Self.bytes.count - 3_000)))
            if next(2) == 0 {
                for _ in 0 ..< 4 { bytes[32 + next(3_380)] ^= UInt8(1 + next(255)) }
            }
            guard let probe = try? PhotoProbe.probe(bytes: bytes) else { continue }
            if let picture = try? ImageDecoder.decode(bytes, format: probe.format) {
                #expect(picture.width > 0 && picture.height > 0)
                decoded += 1
            }
        }
        #expect(decoded > 0, "no cut of the file decoded at all")
    }
}
