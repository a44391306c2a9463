import Foundation
import GalleryJSON
import GallerySiteFiles

/// What a publish reads of the export's manifest (`.gallery-export.json`, written by
/// `SiteExporter`): whether the last export into the folder finished, and the files it wrote.
/// Only those are the site: a half-written export is refused, and a file put into the folder
/// by hand is not part of it.
struct ExportManifestFile: Decodable {
    var complete: Bool
    /// Relative to the site folder, with "/".
    var files: [String]

    /// The manifest of the site folder at `site`, when the last export into it finished.
    static func read(site: String) throws(PublishError) -> ExportManifestFile {
        let folder = site.hasSuffix("/") ? site : site + "/"
        guard let data = FileManager.default.contents(atPath: folder + ExportFolder.manifestName) else { throw .notAnExport(path: site) }
        let manifest: ExportManifestFile
        do {
            manifest = try JSON.decode(ExportManifestFile.self, from: data)
        } catch {
            throw .site(path: folder + ExportFolder.manifestName, problem: "is not an export manifest (\(JSON.describe(error)))")
        }
        guard manifest.complete, !FileManager.default.fileExists(atPath: folder + ExportFolder.runningMarkerName) else {
            throw .interruptedExport(path: site)
        }
        return manifest
    }

    private enum Keys: String, CodingKey { case complete, files }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        complete = try container.decodeIfPresent(Bool.self, forKey: .complete) ?? false
        files = try container.decode([String].self, forKey: .files)
    }
}
