import CWebP
import CZlib
import Foundation

/// An animated WebP's frames for FFmpeg, which cannot decode them (Debian's FFmpeg 5.1 webp
/// decoder refuses ANIM/ANMF): libwebp's animation decoder composes each frame on the canvas
/// (disposal and blending as browsers do), and the frames are written, whole and lossless, as
/// an APNG with each frame's own delay — which FFmpeg's APNG demuxer reads into the same
/// looping-video pipeline as a GIF's. Deflated at zlib's fastest level: the file lives only
/// until the video is made.
enum AnimatedWebPFrames {
    /// Writes `source`'s frames to `target` (an APNG), at most `frameLimit` frames and
    /// `secondsLimit` seconds (where it was cut, if it was, is returned).
    static func writeAPNG(from source: String, to target: String, frameLimit: Int, secondsLimit: Double,
                          pixelLimit: Int) throws(VideoError) -> Double? {
        guard let data = FileManager.default.contents(atPath: source) else {
            throw VideoError(.permissionDenied, path: source, "the file cannot be read")
        }
        let bytes = [UInt8](data)
        let result = bytes.withUnsafeBufferPointer { buffer in Result { () throws(VideoError) -> Double? in
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw VideoError(.unsupportedCodec, path: source, "libwebp's version does not match") }
            options.color_mode = MODE_RGBA
            var webpData = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let decoder = WebPAnimDecoderNew(&webpData, &options) else {
                throw VideoError(.corruptInput, path: source, "libwebp cannot read the animation")
            }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw VideoError(.corruptInput, path: source, "libwebp cannot read the animation") }
            let width = Int(info.canvas_width), height = Int(info.canvas_height)
            guard width > 0, height > 0, width * height <= pixelLimit else {
                throw VideoError(.unsupportedCodec, path: source, "its frames are \(width)×\(height) pixels, more than an animation the gallery plays (\(pixelLimit / 1_000_000) MP)")
            }
            guard FileManager.default.createFile(atPath: target, contents: nil), let file = FileHandle(forWritingAtPath: target) else {
                throw VideoError(status: -errno, doing: "write \(target)", path: target, writing: true)
            }
            defer { try? file.close() }
            func write(_ chunk: [UInt8]) throws(VideoError) {
                do { try file.write(contentsOf: chunk) } catch { throw Self.writeError(error, target) }
            }
            try write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            try write(Self.chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0]))
            // The frame count is known at the end (the limits may cut the animation): written
            // as 0 here and set then, in place.
            let countOffset: UInt64 = 8 + 25
            try write(Self.chunk("acTL", be32(0) + be32(0)))
            var sequence = 0, frames = 0, elapsed = 0
            var cutAt: Double?
            var rows = [UInt8](repeating: 0, count: (width * 4 + 1) * height)
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var pixels: UnsafeMutablePointer<UInt8>?
                var end: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &pixels, &end) != 0, let pixels else {
                    // A damaged frame ends the animation with the frames before it.
                    guard frames > 0 else { throw VideoError(.corruptInput, path: source, "its first frame cannot be decoded") }
                    break
                }
                if frames == frameLimit || Double(elapsed) / 1000 >= secondsLimit {
                    cutAt = Double(elapsed) / 1000
                    break
                }
                // libwebp gives each frame's end time in milliseconds: its delay is the difference.
                let delay = max(0, min(Int(end) - elapsed, Int(UInt16.max)))
                elapsed = Int(end)
                for row in 0 ..< height {
                    rows[row * (width * 4 + 1)] = 0
                    rows.withUnsafeMutableBufferPointer { target in
                        (target.baseAddress! + row * (width * 4 + 1) + 1).update(from: pixels + row * width * 4, count: width * 4)
                    }
                }
                var length = compressBound(uLong(rows.count))
                var deflated = [UInt8](repeating: 0, count: Int(length))
                guard compress2(&deflated, &length, rows, uLong(rows.count), 1) == Z_OK else {
                    throw VideoError(.outOfMemory, path: source, "zlib could not compress a frame")
                }
                deflated.removeSubrange(Int(length)...)
                // Whole canvas frames: no offset, nothing disposed, each replacing the last.
                let control = be32(sequence) + be32(width) + be32(height) + be32(0) + be32(0)
                    + [UInt8(delay >> 8), UInt8(delay & 0xFF), 0x03, 0xE8, 0, 0]
                try write(Self.chunk("fcTL", control))
                sequence += 1
                if frames == 0 {
                    try write(Self.chunk("IDAT", deflated))
                } else {
                    try write(Self.chunk("fdAT", be32(sequence) + deflated))
                    sequence += 1
                }
                frames += 1
            }
            try write(Self.chunk("IEND", []))
            do {
                try file.seek(toOffset: countOffset)
                try file.write(contentsOf: Self.chunk("acTL", be32(frames) + be32(0)))
            } catch {
                throw Self.writeError(error, target)
            }
            return cutAt
        } }
        return try result.get()
    }

    /// A failed write by its cause (a full disk is not a damaged animation).
    private static func writeError(_ error: any Error, _ target: String) -> VideoError {
        let code = (error as NSError).domain == NSPOSIXErrorDomain ? Int32((error as NSError).code) : EIO
        return VideoError(status: -code, doing: "write \(target)", path: target, writing: true)
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(crc32(0, body, uInt(body.count))))
    }

    private static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
