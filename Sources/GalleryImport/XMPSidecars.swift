import Foundation
import Imaging

/// The XMP sidecars of a folder's photos, as Lightroom, Capture One, digiKam and darktable
/// write them: `NAME.EXT.xmp` (darktable, digiKam), else the raw's `NAME.EXT.xmp` for the JPEG
/// shown of a raw and JPEG pair (and the other way), else `NAME.xmp` (Lightroom, Capture One;
/// shared by the files of one name, as those tools mean it), either extension in any case.
struct XMPSidecars {
    /// What each photo's sidecar says, and the sidecar's path (relative to the imported folder).
    private(set) var descriptions: [String: (description: PhotoDescription, source: String)] = [:]
    private(set) var warnings: [String] = []

    /// - Parameters:
    ///   - root: the imported folder.
    ///   - photoPaths: relative paths of every photo.
    ///   - files: annotation files by folder, from the scanner (sidecars among them).
    ///   - partners: the other file of a raw and JPEG pair, by the one imported: its
    ///     `NAME.EXT.xmp` (darktable's, for the raw) describes the photo too.
    init(root: String, photoPaths: [String], files: [String: [String]], partners: [String: String] = [:]) {
        var byLowercasedName: [String: [String: String]] = [:]
        for (folder, names) in files {
            for name in names where name.lowercased().hasSuffix(".xmp") { byLowercasedName[folder, default: [:]][name.lowercased()] = name }
        }
        var parsed: [String: PhotoDescription?] = [:]
        for path in photoPaths {
            let folder = AnnotationCatalog.folder(of: path)
            guard let sidecars = byLowercasedName[folder] else { continue }
            let name = AnnotationCatalog.name(of: path)
            let stem = (name as NSString).deletingPathExtension
            let partner = partners[path].map { AnnotationCatalog.name(of: $0).lowercased() + ".xmp" }
            guard let sidecar = ([name.lowercased() + ".xmp"] + (partner.map { [$0] } ?? []) + [stem.lowercased() + ".xmp"])
                .lazy.compactMap({ sidecars[$0] }).first else { continue }
            let relative = AnnotationCatalog.join(folder, sidecar)
            if parsed[relative] == nil { parsed[relative] = read(AnnotationCatalog.join(root, relative)) }
            if let description = parsed[relative] ?? nil, !description.isEmpty { descriptions[path] = (description, relative) }
        }
    }

    /// A sidecar's description; nil (and one warning naming the file) when it cannot be read.
    private mutating func read(_ file: String) -> PhotoDescription? {
        guard let data = FileManager.default.contents(atPath: file) else {
            warnings.append("\(file): cannot read the XMP sidecar; check its permissions")
            return nil
        }
        do {
            return PhotoDescription(xmp: try XMPPacket(parsing: data))
        } catch {
            warnings.append("\(file): \(error.description.replacingOccurrences(of: "its XMP", with: "this XMP sidecar"))")
            return nil
        }
    }
}
