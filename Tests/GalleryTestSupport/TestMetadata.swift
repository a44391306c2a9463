import Foundation

/// Photos whose metadata the real tool wrote: exiftool, which writes IPTC, XMP (embedded and
/// sidecars) and EXIF as Lightroom and the others do.
public enum TestMetadata {
    public static let exiftool = "/usr/bin/exiftool"
    /// ImageMagick's convert, which keeps a photo's metadata in PNG text chunks of its own form.
    public static let imageMagick = "/usr/bin/convert"

    /// A small JPEG at `relative` in `folder`, then exiftool's `arguments` applied to it in place.
    @discardableResult
    public static func jpeg(_ relative: String, in folder: TemporaryDirectory, exiftool arguments: [String]) throws -> String {
        let path = try folder.write(relative, TestImages.jpeg(width: 48, height: 32))
        if !arguments.isEmpty { try write(arguments, to: path) }
        return path
    }

    /// An XMP sidecar at `relative` in `folder`, written by exiftool from `arguments` alone (as
    /// Lightroom and darktable write one: a packet in a file of its own).
    @discardableResult
    public static func sidecar(_ relative: String, in folder: TemporaryDirectory, exiftool arguments: [String]) throws -> String {
        let path = folder.url.appending(path: relative).path
        try? FileManager.default.removeItem(atPath: path)
        try TestVideos.run(exiftool, ["-q", "-q", "-o", path] + arguments)
        return path
    }

    /// Runs exiftool on `path` with `arguments`, changing the file in place.
    public static func write(_ arguments: [String], to path: String) throws {
        try TestVideos.run(exiftool, ["-q", "-q", "-overwrite_original"] + arguments + [path])
    }
}
