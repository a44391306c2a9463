import Foundation
import GalleryJSON
import GallerySiteFiles

/// `.gallery-export-inputs.json`: what each album's files (and the search's) were made from, as
/// a digest (`SiteSnapshot.inputsDigest`), written by an export that finished. The next export
/// renders again only the albums whose digest differs or whose files are missing.
///
/// Trusted only after an export that finished: one killed or failed half-way has rewritten some
/// albums' files, and its running marker (`ExportFolder.runningMarkerName`) stays; the next
/// export then renders everything once (slower, never wrong). Written after the manifest and
/// before the marker goes, and only when it changed, so a rerun that changes nothing leaves
/// it untouched like every other file.
struct ExportInputs: Codable {
    struct Entry: Codable {
        var digest: String
        /// The files, for the search (whose list is known only once its index is made); nil
        /// for an album, whose list follows from what is listed of it.
        var files: [String]?
        /// The digests of the album's files that show a run of its photos only, by name
        /// (`SiteSnapshot.partDigest`): when the album changed, those whose run did not are
        /// kept.
        var parts: [String: String]?
        /// The search's: its documents' numbers (`SearchNumbering`), which the next export keeps.
        var searchNumbering: SearchNumbering?
    }

    /// By the album's page ("album-coast.html", "year-2024.html"), "search" or "map".
    var entries: [String: Entry] = [:]

    static let searchKey = "search"
    /// The map's page and points files (`SiteSnapshot.mapDigest`).
    static let mapKey = "map"

    /// The folder's inputs; empty when there are none, when they cannot be read (another
    /// version's), or when `interrupted` (the last export did not finish).
    static func read(from folder: URL, interrupted: Bool) -> ExportInputs {
        guard !interrupted, let data = FileManager.default.contents(atPath: folder.appending(path: ExportFolder.inputsName).path) else {
            return ExportInputs()
        }
        return (try? JSON.decode(ExportInputs.self, from: data)) ?? ExportInputs()
    }

    /// The file's bytes, for `write(_:into:)`.
    func encoded() throws -> Data {
        Data(try JSON.encode(self, JSONOutput(pretty: true, sortedKeys: true)))
    }

    /// Writes inputs `encoded` into `folder` atomically, unless the file there holds them already.
    static func write(_ encoded: Data, into folder: URL) throws {
        try SiteFileWrite.ifChanged(encoded, to: folder.appending(path: ExportFolder.inputsName))
    }
}
