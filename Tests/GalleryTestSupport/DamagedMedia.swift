import Foundation

/// Media that broke the export on real libraries, made here, and damaged copies of any file:
/// clips whose width is no multiple of 16 (libswscale's SIMD writes past such rows), turned,
/// AV1, 4:2:2, 4:4:4, 10-bit and grey pictures, timecode tracks, a picture that changes size
/// part-way; and copies cut short, with bits flipped, or with their boxes (ISO BMFF), chunks
/// (PNG, RIFF) or segments shuffled, from a seeded generator so a failure is found again.
public enum DamagedMedia {
    /// One odd clip: its file name and how ffmpeg makes it.
    public struct Clip: Sendable {
        public var name: String
        public var arguments: [String]
    }

    /// Clips like those that broke the export (an iPhone 6 MOV, a FaceTime MOV, an AV1 MP4, a
    /// thermal camera's grey MP4), each under a second.
    public static let oddClips: [Clip] = {
        func pattern(_ size: String, _ seconds: Double = 0.6) -> [String] {
            ["-f", "lavfi", "-i", "testsrc2=size=\(size):rate=15:duration=\(seconds)"]
        }
        let tone = ["-f", "lavfi", "-i", "sine=frequency=440:duration=0.6"]
        return [
            // iPhone 6: 568×320 turned 90°, AAC, a timecode track, a place.
            Clip(name: "iphone-568x320.mov", arguments: pattern("568x320") + tone + [
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
                "-metadata:s:v", "rotate=90", "-metadata", "location=+37.7858-122.4064+010.000/", "-timecode", "01:00:00:00"]),
            Clip(name: "av1-426x240.mp4", arguments: pattern("426x240", 0.4) + [
                "-c:v", "libaom-av1", "-cpu-used", "8", "-crf", "45", "-b:v", "0", "-row-mt", "1"]),
            Clip(name: "facetime-full-range.mov", arguments: pattern("1000x562") + ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuvj420p"]),
            Clip(name: "thermal-grey-242x322.mp4", arguments: pattern("242x322") + ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "gray"]),
            Clip(name: "camera-422-10bit.mov", arguments: pattern("330x186") + ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv422p10le"]),
            Clip(name: "odd-444-161x121.mkv", arguments: pattern("161x121") + ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv444p"]),
            Clip(name: "turned-270-346x200.mp4", arguments: pattern("346x200") + [
                "-c:v", "mpeg4", "-metadata:s:v", "rotate=270"]),
            Clip(name: "vp9-202x114.webm", arguments: pattern("202x114") + ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-b:v", "100k"]),
            Clip(name: "hevc-298x168.mov", arguments: pattern("298x168") + ["-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1",
                                                                            "-x265-params", "log-level=0"]),
            Clip(name: "mjpeg-146x98.avi", arguments: pattern("146x98") + ["-c:v", "mjpeg"]),
            Clip(name: "broadcast-178x100.mts", arguments: pattern("178x100") + ["-c:v", "libx264", "-preset", "ultrafast", "-f", "mpegts"]),
        ]
    }()

    /// Writes every odd clip into `folder` and, when `sizeChange` is true, a clip whose picture
    /// grows from 170×96 to 338×190 part-way (a stream's parameters describe only its start;
    /// 4:4:4, so that the web version is encoded, not copied); the paths written.
    public static func makeOddClips(in folder: String, sizeChange: Bool = true) throws -> [String] {
        var paths: [String] = []
        for clip in oddClips {
            let path = folder + "/" + clip.name
            try TestVideos.run("/usr/bin/ffmpeg", ["-y", "-v", "error", "-nostdin"] + clip.arguments + [path])
            paths.append(path)
        }
        if sizeChange {
            let small = folder + "/.small.h264", large = folder + "/.large.h264", both = folder + "/.both.h264"
            for (path, size) in [(small, "170x96"), (large, "338x190")] {
                try TestVideos.run("/usr/bin/ffmpeg", ["-y", "-v", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc2=size=\(size):rate=10:duration=0.5",
                                                       "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv444p", "-bsf:v", "h264_mp4toannexb", path])
            }
            var joined = try Data(contentsOf: URL(fileURLWithPath: small))
            joined.append(try Data(contentsOf: URL(fileURLWithPath: large)))
            try joined.write(to: URL(fileURLWithPath: both))
            let path = folder + "/size-change-turned.mp4"
            try TestVideos.run("/usr/bin/ffmpeg", ["-y", "-v", "error", "-nostdin", "-r", "10", "-i", both, "-c", "copy",
                                                   "-metadata:s:v", "rotate=90", path])
            for file in [small, large, both] { try? FileManager.default.removeItem(atPath: file) }
            paths.append(path)
        }
        return paths
    }

    /// What was done to a copy.
    public enum Damage: Sendable, CustomStringConvertible {
        /// Cut after this many bytes.
        case truncated(Int)
        /// These bytes' bits inverted (one bit each).
        case bitsFlipped([Int])
        /// Two of its boxes, chunks or segments swapped (their offsets).
        case swapped(Int, Int)

        public var description: String {
            switch self {
            case .truncated(let count): "cut after \(count) bytes"
            case .bitsFlipped(let offsets): "a bit flipped at \(offsets.map(String.init).joined(separator: ", "))"
            case .swapped(let a, let b): "the parts at \(a) and \(b) swapped"
            }
        }
    }

    /// `count` damaged copies of `bytes`, in turn cut, bit-flipped and shuffled, as `seed` says.
    public static func damagedCopies(of bytes: [UInt8], count: Int, seed: UInt64) -> [(bytes: [UInt8], damage: Damage)] {
        var random = SplitMix64(seed: seed)
        var copies: [(bytes: [UInt8], damage: Damage)] = []
        guard bytes.count > 16 else { return copies }
        for index in 0 ..< count {
            switch index % 3 {
            case 0:
                // Anywhere from just past the header to just before the end.
                let length = Int.random(in: 12 ..< bytes.count, using: &random)
                copies.append((Array(bytes.prefix(length)), .truncated(length)))
            case 1:
                var copy = bytes
                // A few bits in the first 4 KB (headers, sizes, tables), a few anywhere.
                let offsets = (0 ..< 4).map { $0 < 2 ? Int.random(in: 0 ..< min(4096, bytes.count), using: &random)
                                                     : Int.random(in: 0 ..< bytes.count, using: &random) }.sorted()
                for offset in offsets { copy[offset] ^= UInt8(1) << UInt8.random(in: 0 ..< 8, using: &random) }
                copies.append((copy, .bitsFlipped(offsets)))
            default:
                let parts = parts(of: bytes)
                guard parts.count >= 2 else {
                    let length = bytes.count / 2
                    copies.append((Array(bytes.prefix(length)), .truncated(length)))
                    continue
                }
                let a = Int.random(in: 0 ..< parts.count, using: &random)
                var b = Int.random(in: 0 ..< parts.count - 1, using: &random)
                if b >= a { b += 1 }
                var ordered = parts
                ordered.swapAt(a, b)
                copies.append((ordered.flatMap { Array(bytes[$0]) }, .swapped(parts[a].lowerBound, parts[b].lowerBound)))
            }
        }
        return copies
    }

    /// The file's parts as its format divides it: ISO BMFF boxes (a `moov`'s children too),
    /// PNG chunks, RIFF chunks (WebP, AVI), JPEG segments; else eight equal slices.
    static func parts(of bytes: [UInt8]) -> [Range<Int>] {
        func u32(_ at: Int, bigEndian: Bool = true) -> Int? {
            guard at + 4 <= bytes.count else { return nil }
            let b = bytes[at ..< at + 4].map(Int.init)
            return bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
        }
        func fourCC(_ at: Int) -> String {
            at + 4 <= bytes.count ? String(decoding: bytes[at ..< at + 4], as: UTF8.self) : ""
        }
        var parts: [Range<Int>] = []
        if fourCC(4) == "ftyp" {
            func boxes(_ start: Int, _ end: Int, into parts: inout [Range<Int>]) {
                var at = start
                while at + 8 <= end, let size = u32(at), size >= 8, at + size <= end {
                    if fourCC(at + 4) == "moov" {
                        parts.append(at ..< at + 8)
                        boxes(at + 8, at + size, into: &parts)
                    } else {
                        parts.append(at ..< at + size)
                    }
                    at += size
                }
                if at < end { parts.append(at ..< end) }
            }
            boxes(0, bytes.count, into: &parts)
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            parts.append(0 ..< 8)
            var at = 8
            while let length = u32(at), at + 12 + length <= bytes.count {
                parts.append(at ..< at + 12 + length)
                at += 12 + length
            }
            if at < bytes.count { parts.append(at ..< bytes.count) }
        } else if fourCC(0) == "RIFF" {
            parts.append(0 ..< 12)
            var at = 12
            while let length = u32(at + 4, bigEndian: false), at + 8 + length + (length & 1) <= bytes.count {
                parts.append(at ..< at + 8 + length + (length & 1))
                at += 8 + length + (length & 1)
            }
            if at < bytes.count { parts.append(at ..< bytes.count) }
        } else if bytes.starts(with: [0xFF, 0xD8]) {
            parts.append(0 ..< 2)
            var at = 2
            while at + 4 <= bytes.count, bytes[at] == 0xFF, bytes[at + 1] != 0xDA {
                let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
                guard length >= 2, at + 2 + length <= bytes.count else { break }
                parts.append(at ..< at + 2 + length)
                at += 2 + length
            }
            if at < bytes.count { parts.append(at ..< bytes.count) }
        }
        if parts.count >= 2 { return parts }
        let slice = max(1, bytes.count / 8)
        return stride(from: 0, to: bytes.count, by: slice).map { $0 ..< min(bytes.count, $0 + slice) }
    }
}
