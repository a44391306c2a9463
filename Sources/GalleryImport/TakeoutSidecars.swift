import Foundation
import GalleryJSON
import Imaging

/// The Google Takeout JSON sidecars of a folder's photos, matched as Google names them:
/// `NAME.EXT.supplemental-metadata.json` (Takeouts since 2024) or `NAME.EXT.json`, cut to 51
/// characters when the name is long; `NAME(1).EXT`'s as `NAME.EXT(1).json`; an edited copy
/// (`NAME-edited.EXT`, and its names in other languages) sharing its original's; and, failing
/// those, the one JSON whose `title` is the photo's name.
struct TakeoutSidecars {
    struct Sidecar {
        var description: PhotoDescription
        /// The sidecar's path, relative to the imported folder.
        var source: String
        /// ISO 8601 (UTC) of `photoTakenTime`, for a photo whose file has no date.
        var takenAt: String?
        /// `geoData` (0, 0 is no place), for a photo whose file has no position.
        var latitude: Double?
        var longitude: Double?
    }

    private(set) var sidecars: [String: Sidecar] = [:]
    private(set) var warnings: [String] = []

    /// Google cuts a sidecar's name to this many characters, ".json" included.
    static let longestName = 51
    /// What Google Photos appends to an edited copy's name, by language.
    static let editedSuffixes = ["-edited", "-bearbeitet", "-modifié", "-editado", "-modificato", "-bewerkt", "-redigerad",
                                 "-redigeret", "-redigert", "-muokattu", "-edytowane", "-upraveno", "-編集済み", "-編輯", "-已编辑"]

    init(root: String, photoPaths: [String], files: [String: [String]]) {
        var jsonByFolder: [String: Set<String>] = [:]
        for (folder, names) in files {
            jsonByFolder[folder] = Set(names.filter { $0.lowercased().hasSuffix(".json") && $0 != AnnotationCatalog.jsonFileName })
        }
        var parsed: [String: TakeoutSidecar?] = [:]
        var byTitle: [String: [String: [String]]] = [:]  // folder → title → JSON names
        for path in photoPaths {
            let folder = AnnotationCatalog.folder(of: path)
            guard let names = jsonByFolder[folder], !names.isEmpty else { continue }
            let name = AnnotationCatalog.name(of: path)
            var match = Self.candidates(for: name).first(where: names.contains)
            if match == nil {
                // By title: read the folder's JSONs once, and take a title only one of them has.
                if byTitle[folder] == nil {
                    var titles: [String: [String]] = [:]
                    for json in names.sorted() {
                        let relative = AnnotationCatalog.join(folder, json)
                        if parsed[relative] == nil { parsed[relative] = Self.decode(AnnotationCatalog.join(root, relative)) }
                        if let title = parsed[relative]??.title { titles[title, default: []].append(json) }
                    }
                    byTitle[folder] = titles
                }
                if let found = byTitle[folder]?[name], found.count == 1 { match = found[0] }
            }
            guard let match else { continue }
            let relative = AnnotationCatalog.join(folder, match)
            if parsed[relative] == nil { parsed[relative] = Self.decode(AnnotationCatalog.join(root, relative)) }
            guard let sidecar = parsed[relative] ?? nil, sidecar.isGoogleSidecar else {
                warnings.append("\(AnnotationCatalog.join(root, relative)): named like \(name)'s Google Takeout sidecar, but it is not one (no title or photo fields); not read")
                parsed[relative] = .some(nil)
                continue
            }
            sidecars[path] = Self.sidecar(sidecar, photoName: name, source: relative)
        }
    }

    /// The names Google gives `name`'s sidecar, most likely first.
    static func candidates(for name: String) -> [String] {
        var originals = [name]
        let stem = (name as NSString).deletingPathExtension, ext = (name as NSString).pathExtension
        let dotted = ext.isEmpty ? "" : "." + ext
        for suffix in editedSuffixes where stem.lowercased().hasSuffix(suffix) {
            originals.append(String(stem.dropLast(suffix.count)) + dotted)
        }
        var names: [String] = []
        for original in originals {
            let originalStem = (original as NSString).deletingPathExtension
            // NAME(1).EXT → NAME.EXT(1).json
            if let open = originalStem.lastIndex(of: "("), originalStem.hasSuffix(")"), open > originalStem.startIndex {
                let number = originalStem[open...]
                let base = String(originalStem[..<open]) + dotted
                names += [base + ".supplemental-metadata" + number + ".json", base + number + ".json"]
            }
            names += [original + ".supplemental-metadata.json", original + ".json"]
            // Cut to Google's length: the part before ".json" to 46 characters.
            for long in [original + ".supplemental-metadata", original] where long.count + 5 > longestName {
                names.append(String(long.prefix(longestName - 5)) + ".json")
            }
            names.append((original as NSString).deletingPathExtension + ".json")
        }
        return names
    }

    private static func decode(_ file: String) -> TakeoutSidecar? {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        return try? JSON.decode(TakeoutSidecar.self, from: data)
    }

    static func sidecar(_ json: TakeoutSidecar, photoName: String, source: String) -> Sidecar {
        var description = PhotoDescription()
        // Google's title is the file's name unless someone typed one.
        if let title = json.title, !Self.isFileName(title, of: photoName) { description.title = PhotoDescription.cleaned(title) }
        description.description = PhotoDescription.cleaned(json.description)
        description.people = PhotoDescription.cleanedList((json.people ?? []).compactMap(\.name))
        if json.favorited == true { description.favorite = true }
        var sidecar = Sidecar(description: description, source: source)
        if let seconds = json.photoTakenTime?.timestamp.flatMap(Double.init), seconds > 0 {
            sidecar.takenAt = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: seconds)).replacingOccurrences(of: "Z", with: "+00:00")
        }
        for place in [json.geoData, json.geoDataExif] {
            guard let latitude = place?.latitude, let longitude = place?.longitude, latitude != 0 || longitude != 0,
                  abs(latitude) <= 90, abs(longitude) <= 180 else { continue }
            (sidecar.latitude, sidecar.longitude) = (latitude, longitude)
            break
        }
        return sidecar
    }

    /// Whether a Takeout title is only a file's name (this photo's, its original's, any
    /// extension).
    static func isFileName(_ title: String, of photoName: String) -> Bool {
        let stem = { (name: String) in (name as NSString).deletingPathExtension.lowercased() }
        let candidates = [photoName] + editedSuffixes.compactMap { suffix in
            stem(photoName).hasSuffix(suffix) ? String(stem(photoName).dropLast(suffix.count)) : nil
        }
        return candidates.contains { stem($0) == stem(title) }
    }
}
