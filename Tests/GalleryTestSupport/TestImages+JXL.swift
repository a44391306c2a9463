import Foundation
import Imaging

extension TestImages {
    /// libjxl's command-line encoder and decoder (Debian's `libjxl-tools`).
    public static let cjxl = "/usr/bin/cjxl"
    public static let djxl = "/usr/bin/djxl"

    /// A JPEG XL made by `cjxl` from `source` (a PNG or JPEG's bytes) with `arguments`
    /// (`-d 0`: lossless; `-d 1`: lossy, XYB; a JPEG: recompressed losslessly, its EXIF and XMP
    /// kept in Brotli-compressed boxes).
    public static func jxl(from source: [UInt8], extension sourceExtension: String = "png", arguments: [String]) throws -> [UInt8] {
        let work = try TemporaryDirectory("jxl")
        let input = try work.write("source." + sourceExtension, source)
        let output = work.path + "/out.jxl"
        _ = try TestVideos.run(cjxl, [input, output] + arguments + ["--quiet"])
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    /// What libjxl's own `djxl` shows of `file`: turned upright, 8 bits, written as a PNG and
    /// read back by our PNG reader (alpha on the same background as ours).
    public static func djxlDisplayed(_ file: [UInt8]) throws -> RGBImage {
        let work = try TemporaryDirectory("djxl")
        let input = try work.write("in.jxl", file)
        let output = work.path + "/out.png"
        _ = try TestVideos.run(djxl, [input, output, "--bits_per_sample=8", "--quiet"])
        return try ImageDecoder.decode(path: output, format: .png)
    }
}
