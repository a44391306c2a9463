import Foundation
import GalleryTestSupport
@testable import Imaging
import Synchronization
import Testing

/// Media from outside is never tidy: every reader, the poster, the grid images and the web
/// version take odd and damaged files and give a result or an error, never a crash. Run under
/// AddressSanitizer by `make test-asan`, which sees what these readers do to memory.
@Suite("Odd and damaged media: a result or an error, never a crash")
struct DamagedMediaTests {
    /// The grid sizes of a picture `width` × `height`, as the export asks for them.
    static func gridSizes(width: Int, height: Int) -> [(width: Int, height: Int)] {
        [Thumbnailer.size(displayWidth: width, displayHeight: height, toWidth: 236),
         Thumbnailer.size(displayWidth: width, displayHeight: height, longSide: 1600)]
    }

    @Test("odd clips (widths no multiple of 16, turned, AV1, grey, 10-bit 4:2:2, a size change): a poster, grid images and a web version each")
    func oddClips() throws {
        let work = try TemporaryDirectory("odd-clips")
        for path in try DamagedMedia.makeOddClips(in: work.path) {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let probe = try VideoProbe.probe(path: path)
            let poster = try VideoPoster.frame(path: path)
            if !name.hasPrefix("size-change") {
                #expect(poster.image.width == probe.width && poster.image.height == probe.height, "\(name): \(poster.image.width)×\(poster.image.height)")
            }
            #expect(poster.image.lumaDeviation > 8, "\(name): the test pattern, not a flat frame")
            let sizes = Self.gridSizes(width: probe.displayWidth, height: probe.displayHeight)
            let images = try Thumbnailer.renderWithColor(poster.image, orientation: probe.orientation, sizes: sizes).images
            for (image, size) in zip(images, sizes) {
                let decoded = try ImageDecoder.decode(image, format: .jpeg)
                #expect(decoded.width == size.width && decoded.height == size.height, "\(name)")
            }
            let rendition = VideoRendition(displayWidth: probe.displayWidth, displayHeight: probe.displayHeight, maxHeight: 1080)
            let target = work.path + "/web-" + name + ".mp4"
            let latest = Mutex<VideoTranscoder.Progress?>(nil)
            let outcome = try VideoTranscoder.makeWebVideo(from: path, to: target, size: rendition, maxHeight: 1080, threads: 2,
                                                           progress: { report in latest.withLock { $0 = report } })
            #expect(outcome.damagedPackets == 0, "\(name)")
            // The progress counts the clip's own seconds (a transport stream's clock starts past 0).
            let reached = try #require(latest.withLock { $0 }).seconds
            #expect(reached <= (probe.duration ?? 0) + 0.1, "\(name): \(reached) s of \(probe.duration ?? 0)")
            let written = try TestVideos.ffprobe(target)
            let (width, height) = outcome.method == .copied ? (probe.width, probe.height) : (rendition.width, rendition.height)
            #expect(written.video?.width == width && written.video?.height == height, "\(name): \(String(describing: written.video))")
            if name.hasPrefix("size-change") {
                // Both sizes' frames, at the one size of the rendition.
                #expect(written.video?.nb_frames.flatMap { Int($0) } == 10, "\(name): \(String(describing: written.video?.nb_frames))")
            }
        }
    }

    @Test("damaged copies of clips and images (cut, bits flipped, boxes swapped; seeded): every step returns or throws", arguments: [1, 2])
    func damagedCopies(seed: UInt64) throws {
        let work = try TemporaryDirectory("damaged-media")
        var sources: [(name: String, bytes: [UInt8])] = [
            ("photo.jpg", TestImages.jpegPattern(width: 227, height: 131, seed: 3)),
            ("photo.png", TestImages.png(width: 61, height: 43)),
            ("photo.heic", try TestImages.heif(width: 90, height: 58)),
            ("photo.avif", try TestImages.heif(width: 66, height: 42, avif: true)),
            ("photo.webp", try TestImages.webp(width: 70, height: 46)),
            // JPEG XL through libjxl: a lossy naked codestream, and a recompressed JPEG in the
            // container with its EXIF in a Brotli-compressed box.
            ("lossy.jxl", try TestImages.jxl(from: TestImages.png(width: 83, height: 57), arguments: ["-d", "1"])),
            ("jpeg.jxl", try TestImages.jxl(from: TestImages.jpeg(width: 72, height: 40, orientation: 6), extension: "jpg", arguments: [])),
        ]
        try TestVideos.make(work.path + "/clip.mov", width: 426, height: 240, seconds: 0.6, rotate: 90)
        try TestVideos.make(work.path + "/clip.webm", width: 202, height: 114, seconds: 0.6, codec: "libvpx-vp9")
        try TestVideos.make(work.path + "/clip.mts", width: 178, height: 100, seconds: 0.6, format: "mpegts")
        // TIFFs as ImageMagick writes them: LZW strips of 16 bits, Deflate tiles, JPEG in TIFF.
        let pattern = try work.write("pattern.png", TestImages.png(width: 150, height: 97))
        for (name, arguments) in [("strips16.tif", ["-depth", "16", "-compress", "lzw", "-define", "tiff:rows-per-strip=8"]),
                                  ("tiles.tif", ["-compress", "zip", "-define", "tiff:tile-geometry=32x32"]),
                                  ("jpeg.tif", ["-compress", "jpeg"]),
                                  // GIF and BMP, read in Swift: a still GIF, an interlaced one,
                                  // an 8-bit RLE bitmap and a 32-bit one with alpha.
                                  ("still.gif", ["-colors", "64"]), ("interlaced.gif", ["-colors", "32", "-interlace", "GIF"]),
                                  ("rle8.bmp", ["-colors", "100", "-type", "palette", "-compress", "RLE", "BMP3:"]),
                                  ("alpha.bmp", ["-alpha", "set", "-channel", "A", "-evaluate", "set", "60%", "+channel", "BMP:"])] {
            // A "BMP3:" or "BMP:" prefix is ImageMagick's choice of the format's version.
            let prefix = arguments.last?.hasSuffix(":") == true ? arguments.last! : ""
            let options = prefix.isEmpty ? arguments : Array(arguments.dropLast())
            try TestVideos.run(TestMetadata.imageMagick, [pattern] + options + [prefix + work.path + "/" + name])
            sources.append((name, [UInt8](try Data(contentsOf: work.url.appending(path: name)))))
        }
        for name in ["clip.mov", "clip.webm", "clip.mts"] {
            sources.append((name, [UInt8](try Data(contentsOf: work.url.appending(path: name)))))
        }
        // Camera raws through LibRaw: a DNG with pixels and a preview, and a real camera's CR3
        // (its boxes and preview; its sensor data stripped); a CR2 LibRaw refuses, shown from
        // the JPEG our own walk of its directories finds; a DNG with black levels and white
        // balance. (Grid sizes take its preview: the half-size development is fed damaged
        // copies in RawDevelopmentTests.)
        for name in ["preview.dng", "CanonRaw.cr3", "cr2-preview.cr2", "black.dng"] {
            sources.append((name, [UInt8](try Data(contentsOf: TestRaws.folder.appending(path: name)))))
        }
        var outcomes: [String: Int] = [:]
        for (name, bytes) in sources {
            for (index, copy) in DamagedMedia.damagedCopies(of: bytes, count: 6, seed: seed &* 1000 &+ UInt64(bytes.count)).enumerated() {
                let path = try work.write("damaged/\(index)-\(name)", copy.bytes)
                let outcome = Self.runEveryStep(path: path, work: work.path)
                outcomes[outcome, default: 0] += 1
                // Only the library's own error types: anything else is a fault of ours.
                #expect(!outcome.hasPrefix("unexpected"), "\(name), \(copy.damage): \(outcome)")
            }
        }
        print("damaged copies, seed \(seed): \(outcomes.map { "\($0.value) \($0.key)" }.sorted().joined(separator: "\n  "))")
        // Damage that every reader refuses would test only the refusals.
        #expect(outcomes.keys.contains { $0.hasPrefix("made") }, "\(outcomes)")
    }

    /// Probes the file at `path` as the importer does, then makes what the export makes of it;
    /// a word for what happened.
    static func runEveryStep(path: String, work: String) -> String {
        do {
            if VideoProbe.container(atPath: path) != nil {
                let probe = try VideoProbe.probe(path: path)
                let poster = try VideoPoster.frame(path: path, timeLimitSeconds: 20)
                _ = try Thumbnailer.renderWithColor(poster.image, orientation: probe.orientation,
                                                    sizes: gridSizes(width: probe.displayWidth, height: probe.displayHeight))
                let rendition = VideoRendition(displayWidth: probe.displayWidth, displayHeight: probe.displayHeight, maxHeight: 1080)
                try VideoTranscoder.makeWebVideo(from: path, to: work + "/web.mp4", size: rendition, maxHeight: 1080, threads: 2)
                return "made a video"
            }
            let probe = try PhotoProbe.probe(path: path)
            _ = try Thumbnailer.renderWithColor(path: path, format: probe.format, orientation: probe.orientation,
                                                sizes: gridSizes(width: probe.displayWidth, height: probe.displayHeight))
            return "made a photo"
        } catch let error as ProbeError {
            return "refused by the probe: \(error)"
        } catch let error as VideoError {
            return "refused (\(error.cause)): \(error)"
        } catch let error as CodecError {
            return "refused by a codec: \(error)"
        } catch {
            return "unexpected \(type(of: error)): \(error)"
        }
    }
}
