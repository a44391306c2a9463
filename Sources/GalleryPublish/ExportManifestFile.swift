import Foundation

/// What a publish reads of the export's manifest (`.gallery-export.json`, written by
/// `SiteExporter`): whether the last export into the folder finished, and the files it wrote.
/// Only those are the site: a half-written export is refused, and a file put into the folder
/// by hand is not part of it.
struct ExportManifestFile: Decodable {
    /// The manifest's name in the site folder (the export's `SiteExporter.manifestName`).
    static let name = ".gallery-export.json"
    /// Lies in the folder while an export writes into it, and after one was killed
    /// (`SiteExporter.runningMarkerName`).
    static let runningMarkerName = ".gallery-export.running"

    var complete: Bool
    /// Relative to the site folder, with "/".
    var files: [String]

    /// The manifest of the site folder at `site`, when the last export into it finished.
    static func read(site: String) throws(PublishError) -> ExportManifestFile {
        let folder = site.hasSuffix("/") ? site : site + "/"
        guard let data = FileManager.default.contents(atPath: folder + name) else { throw .notAnExport(path: site) }
        let manifest: ExportManifestFile
        do {
            manifest = try JSONDecoder().decode(ExportManifestFile.self, from: data)
        } catch {
            throw .site(path: folder + name, problem: "is not an export manifest (\(error.localizedDescription))")
        }
        guard manifest.complete, !FileManager.default.fileExists(atPath: folder + runningMarkerName) else {
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
