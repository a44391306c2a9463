import Foundation

/// Real video files for tests, made by the `ffmpeg` command (FFmpeg's own libraries, the ones
/// the gallery reads with): a moving test pattern and a tone, in any container and codec, with
/// a display rotation, non-square pixels and the metadata tags phones write.
public enum TestVideos {
    public typealias Failure = TestFailure

    /// Writes a video to `path` and returns its bytes' count.
    /// - Parameters:
    ///   - codec: an ffmpeg encoder ("libx264", "mpeg4", "libvpx-vp9", "libx265").
    ///   - rotate: degrees clockwise a player turns the picture (the display matrix; a phone
    ///     held upright writes 90). Set by remuxing, which is where ffmpeg 5.1 honours its
    ///     `rotate` tag (counter-clockwise there); `ffprobeRotation` reads it back independently.
    ///   - sampleAspectRatio: "32/27" for non-square pixels.
    ///   - metadata: container tags ("com.apple.quicktime.make", "creation_time", "location").
    ///   - format: ffmpeg's muxer when the extension does not say it ("mpegts").
    @discardableResult
    public static func make(_ path: String, width: Int = 320, height: Int = 240, seconds: Double = 1.5, codec: String = "libx264",
                            audio: Bool = true, rotate: Int? = nil, sampleAspectRatio: String? = nil,
                            metadata: [String: String] = [:], format: String? = nil, extra: [String] = []) throws -> Int {
        var arguments = ["-y", "-v", "error", "-nostdin",
                         "-f", "lavfi", "-i", "testsrc2=size=\(width)x\(height):rate=25:duration=\(seconds)"]
        if audio { arguments += ["-f", "lavfi", "-i", "sine=frequency=440:duration=\(seconds)"] }
        arguments += ["-c:v", codec, "-pix_fmt", "yuv420p"]
        if codec == "libx264" || codec == "libx265" { arguments += ["-preset", "ultrafast"] }
        if codec == "libvpx-vp9" { arguments += ["-deadline", "realtime", "-b:v", "200k"] }
        if let sampleAspectRatio { arguments += ["-vf", "setsar=\(sampleAspectRatio)"] }
        if audio { arguments += ["-c:a", path.hasSuffix(".webm") ? "libopus" : "aac", "-shortest"] }
        if !metadata.isEmpty {
            arguments += ["-movflags", "use_metadata_tags"]
            for (key, value) in metadata.sorted(by: { $0.key < $1.key }) { arguments += ["-metadata", "\(key)=\(value)"] }
        }
        if let format { arguments += ["-f", format] }
        let encoded = rotate == nil ? path : path + ".unrotated." + (path.split(separator: ".").last.map(String.init) ?? "mp4")
        arguments += extra + [encoded]
        try run("/usr/bin/ffmpeg", arguments)
        if let rotate {
            let tag = (360 - rotate % 360) % 360
            try run("/usr/bin/ffmpeg", ["-y", "-v", "error", "-nostdin", "-i", encoded, "-map", "0", "-c", "copy", "-metadata:s:v:0", "rotate=\(tag)"]
                + (metadata.isEmpty ? [] : ["-movflags", "use_metadata_tags"]) + [path])
            try FileManager.default.removeItem(atPath: encoded)
        }
        return (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    /// A copy of the video at `source` cut after `bytes` (by default half of it): a file that
    /// was copied only in part.
    public static func cutCopy(of source: String, to destination: String, bytes: Int? = nil) throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: source))
        try whole.prefix(bytes ?? whole.count / 2).write(to: URL(fileURLWithPath: destination))
    }

    /// The display matrix's rotation as ffprobe reports it (counter-clockwise degrees: -90 for
    /// a phone held upright), nil when the file has none.
    public static func ffprobeRotation(_ path: String) throws -> Int? {
        let output = try run("/usr/bin/ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream_side_data=rotation",
                                                  "-of", "default=noprint_wrappers=1:nokey=1", path])
        return output.split(separator: "\n").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.first
    }

    /// ffprobe's own reading of the file (`-show_format -show_streams`, JSON): the reference a
    /// rendition is checked against.
    public static func ffprobe(_ path: String) throws -> FFprobeReport {
        let output = try run("/usr/bin/ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", path])
        return try JSONDecoder().decode(FFprobeReport.self, from: Data(output.utf8))
    }

    public struct FFprobeReport: Decodable, Sendable {
        public struct Stream: Decodable, Sendable {
            public var codec_type: String
            public var codec_name: String?
            public var profile: String?
            public var width: Int?
            public var height: Int?
            public var pix_fmt: String?
            public var color_transfer: String?
            public var color_primaries: String?
            public var sample_aspect_ratio: String?
            public var channels: Int?
            public var nb_frames: String?
            public var tags: [String: String]?
            public var side_data_list: [[String: JSONScalar]]?
        }
        public struct Format: Decodable, Sendable {
            public var format_name: String
            public var duration: String?
            public var tags: [String: String]?
        }
        public var streams: [Stream]
        public var format: Format
        public var video: Stream? { streams.first { $0.codec_type == "video" } }
        public var audio: Stream? { streams.first { $0.codec_type == "audio" } }
        /// Tags that say where, when or with what a clip was filmed (none may reach a rendition).
        public var privateTags: [String] {
            allTags.keys.filter { key in
                ["location", "make", "model", "creation", "date", "iso6709", "gps", "xyz"].contains { key.contains($0) }
            }.sorted()
        }

        /// Every tag of the file and its streams, keys lowercased.
        public var allTags: [String: String] {
            var tags: [String: String] = [:]
            for (key, value) in (format.tags ?? [:]).merging(streams.flatMap { ($0.tags ?? [:]).map { $0 } }, uniquingKeysWith: { a, _ in a }) {
                tags[key.lowercased()] = value
            }
            return tags
        }
    }

    /// A number or a string in ffprobe's JSON.
    public enum JSONScalar: Decodable, Sendable, Equatable {
        case number(Double)
        case text(String)
        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) { self = .number(number) } else { self = .text(try container.decode(String.self)) }
        }
    }

    /// Runs `program` (ffmpeg, ffprobe) and returns its output; its stderr in the error when it fails.
    @discardableResult
    public static func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Small outputs: read after the exit would do, but a full pipe must never stall it.
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit(timeout: 120)
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(program) \(arguments.joined(separator: " ")): \(String(decoding: message, as: UTF8.self))")
        }
        return String(decoding: printed, as: UTF8.self)
    }
}
