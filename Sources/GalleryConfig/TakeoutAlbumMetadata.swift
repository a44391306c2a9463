import Foundation
import GallerySiteFiles

/// A Google Takeout album folder's metadata file: `metadata.json`, named in the language of
/// the account (`Metadaten.json`, `métadonnées.json`, …), with the album's title and description.
struct TakeoutAlbumMetadata: Decodable {
    var title: String?
    var description: String?

    /// The file's name in the languages Takeout is exported in.
    static let names = ["metadata.json", "Metadaten.json", "métadonnées.json", "metadatos.json", "metadati.json", "metadados.json",
                        "metagegevens.json", "metadane.json", "metadata (1).json", "メタデータ.json", "元数据.json", "메타데이터.json"]

    /// The album's title and description (as HTML), or nil when the folder has no such file or
    /// it is not Google's (another program's JSON is left alone).
    static func read(folder: String) -> (title: String?, descriptionHTML: String?)? {
        for name in names {
            guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { continue }
            guard let metadata = try? JSONDecoder().decode(Self.self, from: data), let title = metadata.title else { return nil }
            let text = metadata.description?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            return (title.isEmpty ? nil : title, text.isEmpty ? nil : "<p>" + MarkupText.escaped(text).replacingOccurrences(of: "\n", with: "<br>") + "</p>")
        }
        return nil
    }
}
