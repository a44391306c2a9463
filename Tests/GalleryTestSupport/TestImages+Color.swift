import CZlib
import Foundation
import Imaging

extension TestImages {
    /// A flat-coloured JPEG carrying `profile` in APP2 "ICC_PROFILE" segments of at most
    /// `chunkSize` bytes each, written in reverse order (readers must order them by number).
    public static func jpeg(color: (UInt8, UInt8, UInt8), profile: [UInt8]?, chunkSize: Int = 60_000, width: Int = 32, height: Int = 24) -> [UInt8] {
        let pixels = (0 ..< width * height).flatMap { _ in [color.0, color.1, color.2] }
        var file: [UInt8]
        do {
            file = try JPEGEncoder.encode(pixels: pixels, width: width, height: height, format: .rgb, options: .init(quality: 98))
        } catch {
            fatalError("test JPEG could not be encoded: \(error)")
        }
        guard let profile else { return file }
        let pieces = stride(from: 0, to: profile.count, by: chunkSize).map { Array(profile[$0 ..< min($0 + chunkSize, profile.count)]) }
        for (number, piece) in pieces.enumerated() {
            let payload = Array("ICC_PROFILE".utf8) + [0, UInt8(number + 1), UInt8(pieces.count)] + piece
            file = insertingSegment(file, marker: 0xE2, payload: payload)
        }
        return file
    }

    /// A flat CMYK JPEG as Photoshop writes one (Adobe marker, inverted values) of these ink
    /// amounts (0 = none, 255 = full), with `profile` in APP2 pieces when given.
    public static func cmykJPEG(ink: (UInt8, UInt8, UInt8, UInt8), profile: [UInt8]?, width: Int = 32, height: Int = 24) -> [UInt8] {
        let pixels = (0 ..< width * height).flatMap { _ in [255 - ink.0, 255 - ink.1, 255 - ink.2, 255 - ink.3] }
        var file: [UInt8]
        do {
            file = try JPEGEncoder.encode(pixels: pixels, width: width, height: height, format: .cmyk, options: .init(quality: 98))
        } catch {
            fatalError("test JPEG could not be encoded: \(error)")
        }
        guard let profile else { return file }
        let pieces = stride(from: 0, to: profile.count, by: 60_000).map { Array(profile[$0 ..< min($0 + 60_000, profile.count)]) }
        for (number, piece) in pieces.enumerated().reversed() {
            file = insertingSegment(file, marker: 0xE2, payload: Array("ICC_PROFILE".utf8) + [0, UInt8(number + 1), UInt8(pieces.count)] + piece)
        }
        return file
    }

    /// A 16-bit RGB PNG of one colour (given in 8 bits, spread to 16) with `profile` in iCCP.
    public static func png16(color: (UInt8, UInt8, UInt8), profile: [UInt8], width: Int = 8, height: Int = 8) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func compressed(_ data: [UInt8]) -> [UInt8] {
            var size = compressBound(uLong(data.count))
            var out = [UInt8](repeating: 0, count: Int(size))
            _ = compress(&out, &size, data, uLong(data.count))
            return Array(out.prefix(Int(size)))
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be32(data.count) + body + be32(Int(crc32(0, body, uInt(body.count))))
        }
        let row = [UInt8(0)] + (0 ..< width).flatMap { _ in [color.0, color.0, color.1, color.1, color.2, color.2] }
        let raw = (0 ..< height).flatMap { _ in row }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", be32(width) + be32(height) + [16, 2, 0, 0, 0])
            + chunk("iCCP", Array("Test profile".utf8) + [0, 0] + compressed(profile))
            + chunk("IDAT", compressed(raw))
            + chunk("IEND", [])
    }
}
