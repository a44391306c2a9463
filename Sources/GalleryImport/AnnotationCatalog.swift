import Foundation
import GalleryJSON
import GalleryStore

/// Every photo's caption and comment, gathered from the annotation files of a folder.
///
/// Precedence, highest first (documented in the README):
/// 1. a sidecar next to the photo: `NAME.txt` or `NAME.jpg.txt` (first line caption, the rest comment);
/// 2. `--annotations FILE` (paths relative to the imported folder), then each folder's
///    `annotations.json` (paths relative to that folder);
/// 3. each folder's `Photos.plist`, shaped like the Pinterest tutorial's
///    (an array of `{Photo, Caption, Comment}`; `Photo` may omit the extension).
///
/// Problems never stop an import: each becomes one warning naming the file and the entry.
struct AnnotationCatalog {
    static let jsonFileName = "annotations.json"
    static let plistFileName = "Photos.plist"

    private(set) var annotations: [String: Annotation] = [:]
    private(set) var warnings: [String] = []

    /// - Parameters:
    ///   - root: the imported folder, as the user named it (used in messages and to read files).
    ///   - photoPaths: relative paths of every candidate photo file.
    ///   - annotationFiles: annotation files by folder, from the scanner.
    ///   - explicitFile: `--annotations FILE`, if given.
    init(root: String, photoPaths: [String], annotationFiles: [String: [String]], explicitFile: String?) throws(ImportError) {
        let photos = Set(photoPaths)
        // Photos by folder, for the folders whose plist or text sidecars name them by file
        // name: none in most libraries, whose 100,000 paths were split for nothing.
        let namingFolders = Set(annotationFiles.compactMap { folder, names in
            names.contains { $0 == Self.plistFileName || $0.hasSuffix(".txt") } ? folder : nil
        })
        var byFolder: [String: [String]] = [:]
        if !namingFolders.isEmpty {
            for path in photoPaths {
                let folder = Self.folder(of: path)
                if namingFolders.contains(folder) { byFolder[folder, default: []].append(path) }
            }
        }

        var plist: [String: Annotation] = [:]
        var json: [String: Annotation] = [:]
        for folder in annotationFiles.keys.sorted() {
            let names = annotationFiles[folder] ?? []
            if names.contains(Self.plistFileName) {
                let relative = Self.join(folder, Self.plistFileName)
                loadPlist(file: Self.join(root, relative), folder: folder, photosInFolder: byFolder[folder] ?? [], into: &plist)
            }
            if names.contains(Self.jsonFileName) {
                let relative = Self.join(folder, Self.jsonFileName)
                loadJSON(file: Self.join(root, relative), source: relative, folder: folder, photos: photos, into: &json)
            }
        }
        if let explicitFile {
            guard FileManager.default.isReadableFile(atPath: explicitFile) else {
                throw ImportError.annotationsFileUnreadable(path: explicitFile)
            }
            loadJSON(file: explicitFile, source: explicitFile, folder: "", photos: photos, into: &json)
        }
        annotations = plist.isEmpty ? json : plist.merging(json) { _, new in new }

        for folder in byFolder.keys {
            let texts = Set(annotationFiles[folder] ?? [])
            for path in byFolder[folder] ?? [] {
                let name = Self.name(of: path)
                let stem = (name as NSString).deletingPathExtension
                guard let sidecar = [name + ".txt", stem + ".txt"].first(where: texts.contains) else { continue }
                let relative = Self.join(folder, sidecar)
                guard let text = readText(Self.join(root, relative)) else { continue }
                annotations[path] = Self.sidecarAnnotation(text, source: "sidecar")
            }
        }
    }

    /// First line: the caption; the rest: the comment.
    static func sidecarAnnotation(_ text: String, source: String) -> Annotation {
        let normalized = normalize(text)
        let parts = normalized.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let caption = parts.first.map(String.init) ?? ""
        let comment = parts.count > 1 ? String(parts[1]) : ""
        return Annotation(
            caption: caption.trimmingCharacters(in: .whitespaces),
            comment: trimmed(comment),
            source: source)
    }

    /// CRLF and CR to LF; a leading byte-order mark dropped.
    static func normalize(_ text: String) -> String {
        var text = text
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        // Most texts hold no CR, and the replacements copy a text through Foundation all the
        // same: a large library's import spent a tenth of its time there.
        guard text.utf8.contains(UInt8(ascii: "\r")) else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// `text` without white space at either end (Foundation's `.whitespacesAndNewlines`), and
    /// `text` itself when neither end has any: most texts, which Foundation's trimming copied
    /// all the same (a twentieth of a 100,000-photo import).
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last,
              whiteSpace.contains(first) || whiteSpace.contains(last) else { return text }
        return text.trimmingCharacters(in: whiteSpace)
    }

    private static let whiteSpace = CharacterSet.whitespacesAndNewlines

    // MARK: - Sources

    /// Reads a text file as UTF-8, replacing invalid bytes with U+FFFD and warning once.
    private mutating func readText(_ file: String) -> String? {
        guard let data = FileManager.default.contents(atPath: file) else {
            warnings.append("\(file): cannot read the file; check its permissions")
            return nil
        }
        if let text = String(validating: data, as: UTF8.self) { return text }
        warnings.append("\(file): not valid UTF-8; invalid bytes were replaced with U+FFFD (save the file as UTF-8)")
        return String(decoding: data, as: UTF8.self)
    }

    private mutating func loadJSON(file: String, source: String, folder: String, photos: Set<String>, into result: inout [String: Annotation]) {
        guard let text = readText(file) else { return }
        let entries: [AnnotationEntry]
        do {
            entries = try JSON.decode([AnnotationEntry].self, from: text.utf8)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            warnings.append("\(file): expected an array of {\"photo\", \"caption\", \"comment\"} objects; no annotations were read from it")
            return
        } catch {
            warnings.append("\(file): not valid JSON (\(JSON.describe(error))); no annotations were read from it")
            return
        }
        var seen: [String: Int] = [:]
        seen.reserveCapacity(entries.count)
        result.reserveCapacity(result.count + entries.count)
        for (index, entry) in entries.enumerated() {
            let label = "\(file): entry \(index + 1)"
            guard entry.isObject else {
                warnings.append("\(label): expected an object with \"photo\", \"caption\" and \"comment\"; skipped")
                continue
            }
            guard let photo = entry.photo, !photo.isEmpty else {
                warnings.append("\(label): missing the \"photo\" key (a path relative to the folder); skipped")
                continue
            }
            var fields: [String: String] = [:]
            var wrongType: String?
            for (key, field) in [("caption", entry.caption), ("comment", entry.comment)] {
                switch field {
                case .absent: fields[key] = ""
                case .text(let value): fields[key] = value
                case .notAString: wrongType = wrongType ?? key
                }
            }
            if let wrongType {
                warnings.append("\(label) (\(photo)): \"\(wrongType)\" must be a string; skipped")
                continue
            }
            let path = Self.resolve(photo, in: folder)
            guard photos.contains(path) else {
                warnings.append("\(label): no photo '\(photo)' in \(folder.isEmpty ? "the imported folder" : "folder '\(folder)'"); check the path (relative to the folder of the annotations file)")
                continue
            }
            if let previous = seen[path] {
                warnings.append("\(label): '\(photo)' is annotated again (first in entry \(previous)); the later entry wins")
            }
            seen[path] = index + 1
            result[path] = Annotation(
                caption: Self.trimmed(Self.normalize(fields["caption"] ?? "")),
                comment: Self.trimmed(Self.normalize(fields["comment"] ?? "")),
                source: source)
        }
    }

    private mutating func loadPlist(file: String, folder: String, photosInFolder: [String], into result: inout [String: Annotation]) {
        guard let data = FileManager.default.contents(atPath: file) else {
            warnings.append("\(file): cannot read the file; check its permissions")
            return
        }
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            warnings.append("\(file): not a valid property list (\(error.localizedDescription)); no annotations were read from it")
            return
        }
        guard let entries = root as? [Any] else {
            warnings.append("\(file): expected an array of dictionaries with Photo, Caption and Comment; no annotations were read from it")
            return
        }
        let source = Self.join(folder, Self.plistFileName)
        for (index, entry) in entries.enumerated() {
            let label = "\(file): entry \(index + 1)"
            guard let dictionary = entry as? [String: Any], let photo = dictionary["Photo"] as? String, !photo.isEmpty else {
                warnings.append("\(label): expected a dictionary with a \"Photo\" string; skipped")
                continue
            }
            let caption = dictionary["Caption"] as? String ?? ""
            let comment = dictionary["Comment"] as? String ?? ""
            // The tutorial names asset-catalog images ("01"); match a file with that stem too.
            let exact = Self.resolve(photo, in: folder)
            let matches = photosInFolder.contains(exact)
                ? [exact]
                : photosInFolder.filter { (Self.name(of: $0) as NSString).deletingPathExtension == photo }
            guard let path = matches.first else {
                warnings.append("\(label): no photo '\(photo)' in \(folder.isEmpty ? "the imported folder" : "folder '\(folder)'"); skipped")
                continue
            }
            if matches.count > 1 {
                warnings.append("\(label): '\(photo)' matches \(matches.count) files; using \(path)")
            }
            result[path] = Annotation(
                caption: Self.trimmed(Self.normalize(caption)),
                comment: Self.trimmed(Self.normalize(comment)),
                source: source)
        }
    }

    // MARK: - Paths

    /// A path from an annotation file, relative to `folder`, as a library path ("./" and
    /// backslashes tolerated).
    static func resolve(_ photo: String, in folder: String) -> String {
        // Most paths are plain ("2019/IMG_0001.jpg"): nothing to split and join again.
        if isPlain(photo) { return join(folder, photo) }
        var parts: [Substring] = folder.isEmpty ? [] : folder.split(separator: "/")
        let photo = photo.utf8.contains(UInt8(ascii: "\\")) ? photo.replacingOccurrences(of: "\\", with: "/") : photo
        for part in photo.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// Whether `path` is relative and has neither backslashes nor empty, "." or ".." parts.
    private static func isPlain(_ path: String) -> Bool {
        var partLength = 0, dots = 0
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): return false
            case UInt8(ascii: "/"):
                if partLength == 0 || dots == partLength && dots <= 2 { return false }
                (partLength, dots) = (0, 0)
            case UInt8(ascii: "."): (partLength, dots) = (partLength + 1, dots + 1)
            default: partLength += 1
            }
        }
        return partLength > 0 && !(dots == partLength && dots <= 2)
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder + "/" + name
    }
}
