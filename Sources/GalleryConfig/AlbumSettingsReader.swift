import Foundation
import Ink
import TOMLKit

/// Reads an album folder's `album.toml` (keys `title`, `description` — Markdown —, `cover`,
/// `order`, `hidden`, `access`) or `index.md` (the same keys in `---` front matter, the Markdown body as
/// the description), strictly, like `ConfigurationReader`: a wrong key or type, or a cover that
/// is not a file of the album, is one `ConfigurationError` naming the file, line and key.
public enum AlbumSettingsReader {
    public static let tomlName = "album.toml"
    public static let markdownName = "index.md"
    static let keys = ["title", "description", "cover", "order", "hidden", "access", "password_file", "password", "hide_title"]

    /// The settings of the album in `folder`, or nil when it has none of these files. A
    /// Google Takeout album's `metadata.json` gives a title and description the album's own
    /// file does not.
    public static func read(folder: String) throws(ConfigurationError) -> AlbumSettings? {
        let own = try readOwn(folder: folder)
        guard let takeout = TakeoutAlbumMetadata.read(folder: folder) else { return own }
        var settings = own ?? AlbumSettings()
        settings.title = settings.title ?? takeout.title
        settings.descriptionHTML = settings.descriptionHTML ?? takeout.descriptionHTML
        return settings
    }

    /// `album.toml` or `index.md`.
    static func readOwn(folder: String) throws(ConfigurationError) -> AlbumSettings? {
        let toml = folder + "/" + tomlName, markdown = folder + "/" + markdownName
        let hasTOML = FileManager.default.fileExists(atPath: toml), hasMarkdown = FileManager.default.fileExists(atPath: markdown)
        if hasTOML && hasMarkdown {
            throw ConfigurationError(file: markdown, line: nil, key: nil, problem: "is beside an album.toml; an album takes one of them",
                                     accepted: "album.toml or index.md, not both")
        }
        guard hasTOML || hasMarkdown else { return nil }
        let file = hasTOML ? toml : markdown
        let text = try ConfigurationText.read(file, missing: "cannot be read (no permission?)")
        let settings = hasTOML ? try readTOML(text, file: file) : try readMarkdown(text, file: file)
        if let cover = settings.cover {
            var isFolder: ObjCBool = false
            guard !cover.contains("/"), FileManager.default.fileExists(atPath: folder + "/" + cover, isDirectory: &isFolder), !isFolder.boolValue else {
                let line = hasTOML ? KeyLines(text).line(table: "", key: "cover") : frontMatterLine(of: "cover", in: text)
                throw ConfigurationError(file: file, line: line, key: "cover", problem: "'\(cover)' is not a photo in this album's folder",
                                         accepted: "the file name of one of the album's photos, such as \"IMG_2041.jpg\"")
            }
        }
        return settings
    }

    static func readTOML(_ text: String, file: String) throws(ConfigurationError) -> AlbumSettings {
        let table = try ConfigurationText.table(text, file: file)
        let lines = KeyLines(text)
        func error(_ key: String, _ problem: String, _ accepted: String) -> ConfigurationError {
            ConfigurationError(file: file, line: lines.line(table: "", key: key) ?? lines.line(table: key, key: nil), key: key,
                               problem: problem, accepted: accepted)
        }
        for key in table.keys where !keys.contains(key) {
            throw error(key, "is not a key of album.toml", keys.joined(separator: ", "))
        }
        var settings = AlbumSettings()
        func string(_ key: String) throws(ConfigurationError) -> String? {
            guard let value = table[key] else { return nil }
            guard let text = value.string else { throw error(key, "is \(ConfigurationReader.Keys.describe(value)), not text", "a quoted string") }
            return text
        }
        settings.title = try string("title").flatMap { $0.isEmpty ? nil : $0 }
        settings.descriptionHTML = try string("description").flatMap { $0.isEmpty ? nil : MarkdownParser().html(from: $0) }
        settings.cover = try string("cover")
        if let value = table["order"] {
            guard let order = value.int else { throw error("order", "is \(ConfigurationReader.Keys.describe(value)), not a whole number", "a whole number, such as 1") }
            settings.order = order
        }
        if let value = table["hidden"] {
            guard let hidden = value.bool else { throw error("hidden", "is \(ConfigurationReader.Keys.describe(value)), not true or false", "true or false") }
            settings.hidden = hidden
        }
        if let access = try string("access") {
            settings.access = try Self.access(access) { problem, accepted throws(ConfigurationError) in throw error("access", problem, accepted) }
        }
        settings.passwordFile = try string("password_file").flatMap { $0.isEmpty ? nil : $0 }
        settings.password = try string("password")
        if let value = table["hide_title"] {
            guard let hide = value.bool else { throw error("hide_title", "is \(ConfigurationReader.Keys.describe(value)), not true or false", "true or false") }
            settings.hideTitle = hide
        }
        return settings
    }

    static func readMarkdown(_ text: String, file: String) throws(ConfigurationError) -> AlbumSettings {
        let markdown = MarkdownParser().parse(text)
        var settings = AlbumSettings()
        func error(_ key: String, _ problem: String, _ accepted: String) -> ConfigurationError {
            ConfigurationError(file: file, line: frontMatterLine(of: key, in: text), key: key, problem: problem, accepted: accepted)
        }
        for key in markdown.metadata.keys.sorted() where !keys.contains(key) {
            throw error(key, "is not a key of the front matter", keys.joined(separator: ", "))
        }
        /// A front-matter value without the quotes YAML allows around it.
        func value(_ key: String) -> String? {
            guard var value = markdown.metadata[key]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        settings.title = value("title")
        settings.cover = value("cover")
        if let order = value("order") {
            guard let number = Int(order) else { throw error("order", "'\(order)' is not a whole number", "a whole number, such as 1") }
            settings.order = number
        }
        if let hidden = value("hidden") {
            switch hidden.lowercased() {
            case "true", "yes": settings.hidden = true
            case "false", "no": settings.hidden = false
            default: throw error("hidden", "'\(hidden)' is not true or false", "true or false")
            }
        }
        if let access = value("access") {
            settings.access = try Self.access(access) { problem, accepted throws(ConfigurationError) in throw error("access", problem, accepted) }
        }
        settings.passwordFile = value("password_file")
        settings.password = value("password")
        if let hide = value("hide_title") {
            switch hide.lowercased() {
            case "true", "yes": settings.hideTitle = true
            case "false", "no": settings.hideTitle = false
            default: throw error("hide_title", "'\(hide)' is not true or false", "true or false")
            }
        }
        // The body is the description; a `description` key is used when the body is empty.
        let body = markdown.html.trimmingCharacters(in: .whitespacesAndNewlines)
        if !body.isEmpty {
            settings.descriptionHTML = body
        } else if let description = value("description") {
            settings.descriptionHTML = MarkdownParser().html(from: description)
        }
        return settings
    }

    /// `access`'s value.
    static func access(_ text: String, error: (String, String) throws(ConfigurationError) -> Never) throws(ConfigurationError) -> AlbumSettings.Access {
        let accepted = "\"public\", \"unlisted\" (left off every list, at an address with a random part) or \"private\" (encrypted, opened by a password)"
        guard let access = AlbumSettings.Access(rawValue: text) else { try error("'\(text)' is not one of its values", accepted) }
        return access
    }

    /// The line of `key:` in a Markdown file's front matter.
    static func frontMatterLine(of key: String, in text: String) -> Int? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---" else { return nil }
        for (index, line) in lines.enumerated().dropFirst() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "---" { return nil }
            if trimmed.hasPrefix(key + ":") { return index + 1 }
        }
        return nil
    }
}
