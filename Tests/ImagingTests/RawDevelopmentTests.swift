import Foundation
import GalleryTestSupport
@testable import Imaging
import Testing

/// Raws with real pixels, developed: DNGs written by PiDNG from a known photo
/// (Fixtures/raw/make-dng.py) — Bayer mosaics with and without a black level, white balance
/// and black pattern, a linear DNG and a lossy one — held to LibRaw's own `dcraw_emu` and to
/// the photo they were made from.
@Suite("Camera raws developed: as dcraw_emu develops them, in the source's colours")
struct RawDevelopmentTests {
    static func fixture(_ name: String) -> String { RawTests.fixture(name) }
    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/real-photo/Aqua.jpg").path

    /// `dcraw_emu`'s picture of the raw with the settings `RawFile.developed` gives LibRaw.
    static func dcrawEmu(_ name: String, halfSize: Bool) throws -> RGBImage {
        let work = try TemporaryDirectory("raw-dcraw-emu")
        let copy = work.path + "/" + name
        try FileManager.default.copyItem(atPath: fixture(name), toPath: copy)
        try TestVideos.run("/usr/bin/dcraw_emu", (halfSize ? ["-h"] : []) + ["-w", "-o", "1", "-g", "2.4", "12.92", "-t", "0", "-T", copy])
        return try ImageDecoder.decode(path: copy + ".tiff", format: .tiff)
    }

    /// Mean colours of a grid of blocks: what is compared with the source, which was resampled
    /// differently on its way into the mosaic.
    static func blockMeans(_ image: RGBImage, columns: Int = 6, rows: Int = 4) -> [(Double, Double, Double)] {
        (0 ..< rows).flatMap { blockRow in
            (0 ..< columns).map { blockColumn in
                var sum = (0.0, 0.0, 0.0), count = 0.0
                for y in blockRow * image.height / rows ..< (blockRow + 1) * image.height / rows {
                    for x in blockColumn * image.width / columns ..< (blockColumn + 1) * image.width / columns {
                        let (r, g, b) = image.pixel(x, y)
                        sum = (sum.0 + Double(r), sum.1 + Double(g), sum.2 + Double(b))
                        count += 1
                    }
                }
                return (sum.0 / count, sum.1 / count, sum.2 / count)
            }
        }
    }

    @Test("half size, straight from the sensor data: as dcraw_emu -h develops it (black levels, white balance, an odd size); a black pattern that differs by position is left to LibRaw", arguments: [
        ("preview.dng", true), ("black.dng", true), ("black-pattern.dng", false),
    ])
    func halfSize(name: String, ownDevelopment: Bool) throws {
        let probe = try RawFile(path: Self.fixture(name))
        try probe.unpack()
        #expect((probe.halfSizeDevelopment()?.blockLayouts() != nil) == ownDevelopment)
        let developed = try RawFile(path: Self.fixture(name)).developed(minWidth: 1, minHeight: 1)
        // Whole 2 × 2 blocks, as dcraw_emu's picture (black.dng is 121 × 81: 60 × 40).
        let reference = try Self.dcrawEmu(name, halfSize: true)
        #expect((developed.width, developed.height) == (reference.width, reference.height))
        let largest = zip(developed.pixels, reference.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(largest <= 1, "\(name): developed pixels differ from dcraw_emu -h's by up to \(largest)")
    }

    @Test("developed in the colours of the photo the raw was made from (ΔE of each block's mean)", arguments: [
        ("preview.dng", false), ("black.dng", false), ("black.dng", true), ("black-pattern.dng", true), ("linear.dng", false), ("lossy.dng", false),
    ])
    func sourceColours(name: String, halfSize: Bool) throws {
        let developed = try RawFile(path: Self.fixture(name)).developed(minWidth: halfSize ? 1 : 0, minHeight: halfSize ? 1 : 0)
        let photo = try ImageDecoder.decode(path: Self.source, format: .jpeg)
        let source = Resampler.resize(photo, width: developed.width, height: developed.height)
        let differences = zip(Self.blockMeans(developed), Self.blockMeans(source)).map { TestProfiles.deltaE($0, $1) }
        let mean = differences.reduce(0, +) / Double(differences.count)
        #expect(mean < 4 && differences.max()! < 8, "\(name): ΔE mean \(mean), largest \(differences.max()!)")
        #expect(RawTests.largestChroma(developed) > 40)
    }

    @Test("damaged raws — seeded damage to the DNGs our own code develops, exiv2's crash reports, real cameras' files — through the half-size development and the embedded-JPEG walk: a picture, nil or an error, never a crash",
          arguments: [1, 2])
    func damaged(seed: UInt64) throws {
        let work = try TemporaryDirectory("raw-development-damaged")
        var files: [(name: String, bytes: [UInt8])] = []
        for name in ["black.dng", "preview.dng", "cr2-preview.cr2"] {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fixture(name))))
            for (index, copy) in DamagedMedia.damagedCopies(of: bytes, count: 8, seed: seed &* 7919 &+ UInt64(bytes.count)).enumerated() {
                files.append(("\(index)-\(name)", copy.bytes))
            }
        }
        let damaged = RawTests.folder.appending(path: "damaged")
        for name in try FileManager.default.contentsOfDirectory(atPath: damaged.path).sorted() {
            files.append((name, [UInt8](try Data(contentsOf: damaged.appending(path: name)))))
        }
        for name in ["Nikon.nef", "DNG.dng", "iPhone12Pro.dng", "CanonRaw.cr2", "CanonRaw.cr3", "Panasonic.rw2"] {
            files.append((name, [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fixture(name))))))
        }
        var developed = 0
        for (name, bytes) in files {
            let path = try work.write(name, bytes)
            var input = ProbeInput(bytes: bytes)
            _ = RawEmbeddedPreview.largest(&input)
            guard let raw = try? RawFile(path: path) else { continue }
            // The half-size development asked for directly, whatever the preview covers.
            if (try? raw.developed(minWidth: 1, minHeight: 1)) != nil { developed += 1 }
        }
        // Some damaged copies still develop (bytes changed inside the pixels): the path ran.
        #expect(developed > 0, "no damaged copy reached the development")
    }
}
