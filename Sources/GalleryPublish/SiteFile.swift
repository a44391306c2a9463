import Crypto
import Foundation
import GallerySiteFiles

/// One file of the exported site as it is published: its key under the prefix, its MD5 (what
/// S3 gives as the ETag of an object put in one piece), and the headers and order it goes up with.
public struct SiteFile: Sendable, Equatable {
    /// Relative to the site folder, with "/": also the key under the prefix.
    public var path: String
    public var size: Int
    /// The ETag S3 gives the object once this file is put (see `init`).
    public var md5: String
    /// Whether it goes up in parts.
    public var isMultipart: Bool { md5.contains("-") }
    public var phase: Phase
    public var contentType: String
    /// Content-named files (a content hash in the name) never change: cached for a year.
    public var isContentNamed: Bool

    /// What goes up before what: a page must never reach a visitor before what it shows.
    public enum Phase: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
        /// Images, fonts, videos, data files.
        case assets
        /// The site's styles and scripts.
        case code
        /// Pages, the sitemap: what visitors ask for first.
        case pages

        public static func < (a: Phase, b: Phase) -> Bool { a.rawValue < b.rawValue }
        public var description: String { ["images, fonts and data", "styles and scripts", "pages"][rawValue] }
    }

    /// Reads the file at `url` (under the site folder) to hash it: its MD5 when it is put in one
    /// piece, else (larger than `partSize`) what S3 makes the ETag of an upload in parts: the
    /// MD5 of the parts' MD5s, a dash, and the number of parts.
    /// `expectedSize` is the size the folder's listing gave (it decides how the file is read).
    init(path: String, file: String, expectedSize: Int, partSize: Int) throws(PublishError) {
        self.path = path
        (contentType, isContentNamed, phase) = Self.describe(path)
        // Most files are small: read whole, in one call (a site has hundreds of thousands).
        if expectedSize <= partSize {
            guard let data = FileManager.default.contents(atPath: file) else { throw .unreadable(path: file, reason: "it could not be opened") }
            if data.count <= partSize {
                size = data.count
                md5 = SigV4Signer.hex(Insecure.MD5.hash(data: data))
                return
            }
        }
        do {
            guard let handle = FileHandle(forReadingAtPath: file) else { throw PublishError.unreadable(path: file, reason: "it could not be opened") }
            defer { try? handle.close() }
            var parts: [Data] = []
            var whole = Insecure.MD5()
            var total = 0
            while let part = try handle.read(upToCount: partSize), !part.isEmpty {
                whole.update(data: part)
                parts.append(Data(Insecure.MD5.hash(data: part)))
                total += part.count
            }
            size = total
            md5 = parts.count > 1 ? SigV4Signer.hex(Insecure.MD5.hash(data: parts.reduce(Data(), +))) + "-\(parts.count)" : SigV4Signer.hex(whole.finalize())
        } catch let error as PublishError {
            throw error
        } catch {
            throw .unreadable(path: file, reason: error.localizedDescription)
        }
    }

    /// A file whose MD5 is known (`PublishHashCache`): described without reading it.
    init(path: String, size: Int, md5: String) {
        self.path = path
        self.size = size
        self.md5 = md5
        (contentType, isContentNamed, phase) = Self.describe(path)
    }

    /// Its type, whether its name holds a content hash (`SiteFileDelivery`, the rule serve
    /// follows too), and its phase, from its path alone.
    private static func describe(_ path: String) -> (contentType: String, isContentNamed: Bool, phase: Phase) {
        let delivery = SiteFileDelivery(path: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.split(separator: ".").count > 1 ? name.split(separator: ".").last!.lowercased() : ""
        return (delivery.contentType, delivery.isContentNamed, phase(path: path, ext: ext))
    }

    static func phase(path: String, ext: String) -> Phase {
        if ["html", "htm", "xml", "txt", "webmanifest", "rss", "atom"].contains(ext) { return .pages }
        if ["css", "js", "mjs"].contains(ext), !path.hasPrefix("data/") { return .code }
        return .assets
    }
}
