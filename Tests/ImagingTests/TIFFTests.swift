import Foundation
import GalleryTestSupport
import Imaging
import PhotoFacts
import Testing

/// TIFFs as ImageMagick and exiftool write them, from a real photo (piexif's L01.jpg), read
/// by the gallery and compared with ImageMagick's own reading of the same file.
@Suite("TIFF: every kind of file, its metadata, and damaged ones")
struct TIFFTests {
    static let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appending(path: "Fixtures/real-exif/L01.jpg").path

    /// Writes `photo` through `convert` with `arguments` into `name` in `folder`.
    static func tiff(_ name: String, in folder: TemporaryDirectory, _ arguments: [String], source: String = photo) throws -> String {
        let path = folder.url.appending(path: name).path
        try TestVideos.run(TestMetadata.imageMagick, [source] + arguments + [path])
        return path
    }

    /// ImageMagick's pixels for the first page of `path`: sRGB, alpha laid on the gallery's
    /// background as the gallery does, read at 16 bits and rounded to 8 (ImageMagick's own
    /// 8-bit output cuts 16-bit samples instead: 54,756 is 213.06 × 257, and it says 213 for
    /// 213.5 too).
    static func reference(_ path: String, in folder: TemporaryDirectory) throws -> RGBImage {
        let raw = folder.url.appending(path: "reference-\(UUID().uuidString).rgb").path
        let (r, g, b) = ImageDecoder.background
        try TestVideos.run(TestMetadata.imageMagick, [path + "[0]", "-background", "rgb(\(r),\(g),\(b))", "-alpha", "remove",
                                                      "-alpha", "off", "-colorspace", "sRGB", "-depth", "16", "-endian", "LSB", "rgb:" + raw])
        let size = try TestVideos.run("/usr/bin/identify", ["-format", "%w %h", path + "[0]"]).split(separator: " ").compactMap { Int($0) }
        let samples = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))
        #expect(samples.count == size[0] * size[1] * 6)
        var pixels = [UInt8](repeating: 0, count: samples.count / 2)
        for index in pixels.indices {
            let value = Int(samples[2 * index]) | Int(samples[2 * index + 1]) << 8
            pixels[index] = UInt8((value + 128) / 257)
        }
        return RGBImage(width: size[0], height: size[1], pixels: pixels)
    }

    /// Mean and largest difference of two pictures' samples.
    static func difference(_ a: RGBImage, _ b: RGBImage) -> (mean: Double, largest: Int) {
        var total = 0, largest = 0
        for (x, y) in zip(a.pixels, b.pixels) {
            let d = abs(Int(x) - Int(y))
            total += d
            largest = max(largest, d)
        }
        return (Double(total) / Double(max(1, a.pixels.count)), largest)
    }

    /// How ImageMagick writes each kind a scanner, an archive or a raw developer leaves.
    static let kinds: [(name: String, arguments: [String], tolerance: Double)] = [
        ("strips-lzw", ["-compress", "lzw"], 0),
        ("strips-deflate-predictor", ["-compress", "zip", "-define", "tiff:predictor=2"], 0),
        ("strips-packbits", ["-compress", "rle"], 0),
        ("uncompressed-one-strip", ["-compress", "none", "-define", "tiff:rows-per-strip=400"], 0),
        ("tiles-deflate", ["-compress", "zip", "-define", "tiff:tile-geometry=128x128"], 0),
        ("jpeg-ycbcr", ["-compress", "jpeg", "-quality", "90"], 1.5),
        ("rgb-16-bit", ["-depth", "16", "-compress", "lzw"], 0),
        ("rgb-16-bit-tiles-big-endian", ["-depth", "16", "-endian", "MSB", "-define", "tiff:tile-geometry=64x64"], 0),
        ("grey-8", ["-colorspace", "gray", "-type", "grayscale"], 0),
        ("grey-16", ["-colorspace", "gray", "-type", "grayscale", "-depth", "16"], 0),
        ("min-is-white", ["-colorspace", "gray", "-type", "grayscale", "-define", "tiff:photometric=min-is-white"], 0),
        ("palette", ["-colors", "200", "-type", "palette"], 0),
        ("bilevel-g4", ["-monochrome", "-compress", "group4"], 0),
        ("planes-separate", ["-interlace", "plane", "-compress", "lzw"], 0),
        ("alpha", ["-alpha", "set", "-channel", "A", "-evaluate", "set", "60%", "+channel"], 0.6),
        ("bigtiff", ["-compress", "lzw", "-define", "tiff:format=bigtiff"], 0),
        ("cmyk-naive", ["-colorspace", "cmyk", "-compress", "lzw"], 1.5),
    ]

    @Test("each kind decodes to ImageMagick's pixels", arguments: kinds.map(\.name))
    func kind(_ name: String) throws {
        let kind = try #require(Self.kinds.first { $0.name == name })
        let folder = try TemporaryDirectory()
        let path = try Self.tiff("\(name).tif", in: folder, kind.arguments)
        let probe = try PhotoProbe.probe(path: path)
        #expect(probe.format == .tiff)
        #expect((probe.width, probe.height) == (300, 400))
        let decoded = try ImageDecoder.decode(path: path, format: .tiff)
        let expected = try Self.reference(path, in: folder)
        #expect((decoded.width, decoded.height) == (expected.width, expected.height))
        let (mean, largest) = Self.difference(decoded, expected)
        #expect(mean <= kind.tolerance, "mean difference \(mean), largest \(largest)")
        if kind.tolerance == 0 { #expect(largest <= 1, "largest difference \(largest)") }
        // The same file from memory reads the same.
        let fromMemory = try ImageDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path))), format: .tiff)
        #expect(fromMemory.pixels == decoded.pixels)
    }

    @Test("a reduced decode is the mean of each block, 16 bits kept until it is rounded")
    func reduced() throws {
        let folder = try TemporaryDirectory()
        // A 16-bit ramp: every 8-bit step and the values between them.
        let gradient = folder.url.appending(path: "gradient16.tif").path
        try TestVideos.run(TestMetadata.imageMagick, ["-size", "30x1024", "gradient:black-white", "-depth", "16", "-compress", "zip", gradient])
        let full = try ImageDecoder.decode(path: gradient, format: .tiff)
        #expect((full.width, full.height) == (30, 1024))
        // Rounded, not cut: 8-bit values step by one, each as often as the 16-bit ramp holds it.
        let column = stride(from: 0, to: full.pixels.count, by: full.width * 3).map { Int(full.pixels[$0]) }
        #expect(column.first == 0 && column.last == 255)
        #expect(zip(column, column.dropFirst()).allSatisfy { $1 - $0 == 0 || $1 - $0 == 1 }, "a gap in the ramp: banding")
        #expect(Set(column).count == 256)

        let photo = try Self.tiff("photo.tif", in: folder, ["-compress", "lzw"])
        let reference = try Self.reference(photo, in: folder)
        let small = try ImageDecoder.decode(path: photo, format: .tiff, minWidth: 100, minHeight: 100)
        // 300 × 400 by a factor of 3: 100 × 134, the last row the mean of the one row left.
        #expect((small.width, small.height) == (100, 134))
        var largest = 0
        for y in 0 ..< small.height {
            for x in 0 ..< small.width {
                for c in 0 ..< 3 {
                    var sum = 0, count = 0
                    for sy in y * 3 ..< min(400, y * 3 + 3) {
                        for sx in x * 3 ..< x * 3 + 3 { sum += Int(reference.pixels[(sy * 300 + sx) * 3 + c]); count += 1 }
                    }
                    let mean = (Double(sum) / Double(count)).rounded()
                    largest = max(largest, abs(Int(mean) - Int(small.pixels[(y * small.width + x) * 3 + c])))
                }
            }
        }
        #expect(largest <= 1)
    }

    @Test("orientation, ICC profile, EXIF, GPS, XMP and IPTC come from the file's own tags")
    func metadata() throws {
        let folder = try TemporaryDirectory()
        let path = try Self.tiff("described.tif", in: folder, ["-compress", "lzw", "-orient", "right-top"])
        try TestMetadata.write([
            "-XMP-dc:Title=Harbour at dusk", "-XMP-dc:Subject=boats", "-IPTC:Caption-Abstract=Fishing boats coming in",
            "-EXIF:Make=Nikon", "-EXIF:Model=Coolscan 5000", "-EXIF:DateTimeOriginal=2021:07:14 18:30:05",
            "-GPSLatitude=47.87", "-GPSLatitudeRef=N", "-GPSLongitude=3.92", "-GPSLongitudeRef=W",
        ], to: path)
        let probe = try PhotoProbe.probe(path: path)
        #expect(probe.orientation == Orientation(exifValue: 6))
        #expect((probe.displayWidth, probe.displayHeight) == (400, 300))
        let exif = EXIFReader.read(tiff: try #require(probe.exif))
        #expect(exif.cameraMake == "Nikon")
        #expect(exif.cameraModel == "Coolscan 5000")
        #expect(exif.takenAt?.hasPrefix("2021-07-14T18:30:05") == true)
        #expect(abs((exif.latitude ?? 0) - 47.87) < 1e-6 && abs((exif.longitude ?? 0) + 3.92) < 1e-6)
        let (description, _) = PhotoDescription.embedded(in: probe, exif: exif)
        #expect(description.title == "Harbour at dusk")
        #expect(description.keywords == ["boats"])
        #expect(description.description == "Fishing boats coming in")

        let profile = TestProfiles.icc(TestProfiles.displayP3)
        let profilePath = try folder.write("p3.icc", profile)
        let profiled = try Self.tiff("profiled.tif", in: folder, ["-profile", profilePath, "-compress", "lzw"])
        #expect(try PhotoProbe.probe(path: profiled).iccProfile == profile)
    }

    @Test("a CMYK TIFF with its print profile is converted through it, far closer than its inks mixed naively")
    func cmykWithProfile() throws {
        let folder = try TemporaryDirectory()
        let icc = "/usr/share/color/icc/ghostscript/"
        let path = try Self.tiff("print.tif", in: folder, ["-profile", icc + "srgb.icc", "-profile", icc + "default_cmyk.icc", "-compress", "lzw"])
        let probe = try PhotoProbe.probe(path: path)
        #expect(probe.iccProfile == [UInt8](try Data(contentsOf: URL(fileURLWithPath: icc + "default_cmyk.icc"))))
        let converted = try ImageDecoder.decode(path: path, format: .tiff)
        // ImageMagick through the same profile with Little CMS, black point compensated as Little
        // CMS's perceptual intent (the gallery's) does.
        let throughLittleCMS = try Self.reference(try Self.tiff("back.tif", in: folder, ["-black-point-compensation", "-profile", icc + "srgb.icc"], source: path), in: folder)
        // ImageMagick's -colorspace sRGB mixes the inks naively, ignoring the profile.
        let naive = try Self.reference(path, in: folder)
        let (throughProfile, _) = Self.difference(converted, throughLittleCMS)
        let (mixed, _) = Self.difference(naive, throughLittleCMS)
        #expect(throughProfile < 0.5, "through the profile: mean difference \(throughProfile)")
        #expect(mixed > 4 * throughProfile, "naive \(mixed) is as good as the profile's \(throughProfile)")
    }

    @Test("a multi-page TIFF is its first page, with a note saying so")
    func pages() throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appending(path: "pages.tif").path
        try TestVideos.run(TestMetadata.imageMagick, [Self.photo, "-rotate", "90", Self.photo, Self.photo, "-compress", "lzw", path])
        let probe = try PhotoProbe.probe(path: path)
        #expect((probe.width, probe.height) == (400, 300))
        #expect(probe.notes == ["a TIFF of 3 pages: only the first is imported"])
        let single = try PhotoProbe.probe(path: try Self.tiff("single.tif", in: folder, []))
        #expect(single.notes.isEmpty)
    }

    @Test("damaged TIFFs are one clear error each: cut short, a strip past the end, a decompression bomb")
    func damaged() throws {
        let folder = try TemporaryDirectory()
        let path = try Self.tiff("whole.tif", in: folder, ["-compress", "lzw", "-define", "tiff:rows-per-strip=16"])
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(try PhotoProbe.probe(path: path).width == 300)
        /// The probe's one line for `damaged`, written as `name`.
        func refusal(_ name: String, _ damaged: [UInt8]) throws -> String {
            do {
                _ = try PhotoProbe.probe(path: try folder.write(name, damaged))
                return "taken"
            } catch {
                return "\(error)"
            }
        }
        // ImageMagick writes the strips first and the directory last: cut in half, the directory is gone.
        #expect(try refusal("short.tif", Array(bytes.prefix(bytes.count / 2))).hasPrefix("truncated: the TIFF's directory"))
        let layout = try TIFFLayout(bytes)
        // A directory that points a strip past the file's end.
        var moved = bytes
        layout.setFirstStripOffset(of: &moved, to: UInt32(bytes.count + 10_000))
        #expect(try refusal("moved.tif", moved).contains("past the file's end"))
        // A strip cut short at the end of the file.
        var cut = bytes
        layout.setFirstStripOffset(of: &cut, to: UInt32(bytes.count - 4))
        #expect(try refusal("cut.tif", cut).hasPrefix("truncated: the TIFF's picture data runs to byte"))
        // 40,000 × 40,000 RGB pixels (4.8 GB) declared over the photo's 130 KB of LZW data.
        var bomb = bytes
        layout.setSize(of: &bomb, width: 40_000, height: 40_000)
        #expect(try refusal("bomb.tif", bomb).contains("decompression bomb"))
    }

    @Test("camera RAW files, TIFF structures too, are named as RAW, not taken for TIFF")
    func cameraRAW() throws {
        let folder = try TemporaryDirectory()
        // exiftool writes DNGVersion only into a file it takes for a TIFF (by its name).
        let path = try Self.tiff("looks-like.tif", in: folder, ["-compress", "lzw"])
        try TestMetadata.write(["-IFD0:DNGVersion=1.4.0.0"], to: path)
        // A raw to LibRaw, which reads a DNG's own picture or says it cannot.
        do {
            #expect(try PhotoProbe.probe(path: path).format == .raw)
        } catch {
            #expect("\(error)".hasPrefix("LibRaw cannot read this DNG file"), "\(error)")
        }
    }
}

/// Where a little-endian TIFF's first directory keeps its size and first strip offset, to
/// damage them as broken copies and hostile files do.
struct TIFFLayout {
    private var entries: [Int: Int] = [:]  // tag → offset of its entry

    init(_ bytes: [UInt8]) throws {
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        try #require(bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]))
        let first = u32(4)
        for index in 0 ..< u16(first) { entries[u16(first + 2 + index * 12)] = first + 2 + index * 12 }
        self.bytes = bytes
    }

    private let bytes: [UInt8]

    private func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    private func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }

    private static func put32(_ value: UInt32, at: Int, in bytes: inout [UInt8]) {
        for i in 0 ..< 4 { bytes[at + i] = UInt8(value >> (8 * UInt32(i)) & 0xFF) }
    }

    /// Sets the long value (or first long of the array) of tag 273.
    func setFirstStripOffset(of bytes: inout [UInt8], to offset: UInt32) {
        guard let entry = entries[273] else { return }
        let count = u32(entry + 4), type = u16(entry + 2)
        let at = count == 1 ? entry + 8 : u32(entry + 8)
        if type == 4 { Self.put32(offset, at: at, in: &bytes) }
    }

    /// Declares another size (tags 256, 257 as LONG).
    func setSize(of bytes: inout [UInt8], width: UInt32, height: UInt32) {
        for (tag, value) in [(256, width), (257, height)] {
            guard let entry = entries[tag] else { continue }
            bytes[entry + 2] = 4
            bytes[entry + 3] = 0
            Self.put32(value, at: entry + 8, in: &bytes)
        }
    }
}
