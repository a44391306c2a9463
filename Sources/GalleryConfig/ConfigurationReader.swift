import Foundation
import GalleryLayout
import TOMLKit

/// Reads `gallery.toml` into a `GalleryConfiguration`, strictly: a syntax error, an unknown
/// table or key, a value of the wrong type or out of range stops the reading with one
/// `ConfigurationError` naming the file, line and key and what is accepted. A typo must not
/// pass for a default (a site published with the wrong title is worse than an error).
public enum ConfigurationReader {
    /// The file `gallery.toml` in `folder`.
    public static let fileName = "gallery.toml"

    /// Whether a font family is installed (fontconfig knows it); nil: not checked.
    public typealias FamilyCheck = @Sendable (String) -> Bool

    /// Reads the file at `path`.
    public static func read(path: String, fontFamilyExists: FamilyCheck? = nil) throws(ConfigurationError) -> GalleryConfiguration {
        try parse(ConfigurationText.read(path), file: path, fontFamilyExists: fontFamilyExists)
    }

    /// Reads `text`; `file` names it in errors.
    public static func parse(_ text: String, file: String, fontFamilyExists: FamilyCheck? = nil) throws(ConfigurationError) -> GalleryConfiguration {
        let root = try ConfigurationText.table(text, file: file)
        let lines = KeyLines(text)
        let reader = TableReader(file: file, lines: lines, fontFamilyExists: fontFamilyExists)
        var configuration = GalleryConfiguration()
        for name in root.keys {
            guard let value = root[name] else { continue }
            guard let table = value.table, Section(rawValue: name) != nil else {
                throw ConfigurationError(file: file, line: lines.line(table: name, key: nil) ?? lines.line(table: "", key: name), key: name,
                                         problem: value.table == nil ? "is not in a table" : "is not a table gallery knows",
                                         accepted: "the tables [site], [look], [content], [browse], [map], [slideshow], [feeds], [downloads] and [publish]")
            }
            switch Section(rawValue: name)! {
            case .site: configuration.site = try reader.site(table)
            case .look: configuration.look = try reader.look(table)
            case .content: configuration.content = try reader.content(table)
            case .browse: configuration.browse = try reader.browse(table)
            case .map: configuration.map = try reader.map(table)
            case .slideshow: configuration.slideshow = try reader.slideshow(table)
            case .feeds: configuration.feeds = try reader.feeds(table)
            case .downloads: configuration.downloads = try reader.downloads(table)
            case .publish: configuration.publish = try reader.publish(table)
            }
        }
        // One setting, two names: `[downloads] originals = true` is `[content] downloads = "original"`.
        if configuration.downloads.originals { configuration.content.downloads = .original }
        return configuration
    }

    enum Section: String { case site, look, content, browse, map, slideshow, feeds, downloads, publish }

    /// Reads the keys of one table, checking each.
    struct TableReader {
        let file: String
        let lines: KeyLines
        let fontFamilyExists: FamilyCheck?

        func site(_ table: TOMLTable) throws(ConfigurationError) -> GalleryConfiguration.Site {
            var site = GalleryConfiguration.Site()
            let keys = Keys(table: table, section: "site", reader: self,
                            known: ["title", "description", "author", "copyright", "language", "base_url"])
            try keys.checkKnown()
            if let title = try keys.string("title") { site.title = title }
            site.description = try keys.string("description") ?? site.description
            site.author = try keys.string("author") ?? site.author
            site.copyright = try keys.string("copyright") ?? site.copyright
            if let language = try keys.string("language") {
                guard Self.isLanguageTag(language) else {
                    throw keys.error("language", "'\(language)' is not a language tag", accepted: "a tag such as en, de, fr, ja or pt-BR")
                }
                site.language = language
            }
            if let base = try keys.string("base_url") {
                guard let url = URL(string: base), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
                      url.host?.isEmpty == false else {
                    throw keys.error("base_url", "'\(base)' is not an absolute http(s) address", accepted: "an address such as https://example.org/photos/")
                }
                site.baseURL = base.hasSuffix("/") ? base : base + "/"
            }
            return site
        }

        func look(_ table: TOMLTable) throws(ConfigurationError) -> GalleryConfiguration.Look {
            var look = GalleryConfiguration.Look()
            let keys = Keys(table: table, section: "look", reader: self,
                            known: ["theme", "accent", "caption_font", "caption_size", "comment_font", "comment_size",
                                    "column_width", "gutter", "cell_padding", "max_columns"])
            try keys.checkKnown()
            look.theme = try keys.choice("theme", of: GalleryConfiguration.Theme.self) ?? look.theme
            if let accent = try keys.string("accent") {
                guard Self.isHexColor(accent) else {
                    throw keys.error("accent", "'\(accent)' is not a colour", accepted: "a hex colour such as \"#c0392b\" or \"#c33\"")
                }
                look.accent = accent.lowercased()
            }
            look.captionFont = try keys.family("caption_font") ?? look.captionFont
            look.captionSize = try keys.number("caption_size", in: 8 ... 48) ?? look.captionSize
            look.commentFont = try keys.family("comment_font") ?? look.commentFont
            look.commentSize = try keys.number("comment_size", in: 8 ... 48) ?? look.commentSize
            look.columnWidth = try keys.number("column_width", in: 120 ... 640) ?? look.columnWidth
            look.gutter = try keys.number("gutter", in: 0 ... 64) ?? look.gutter
            look.cellPadding = try keys.number("cell_padding", in: 0 ... 32) ?? look.cellPadding
            look.maxColumns = try keys.integer("max_columns", in: 1 ... 16) ?? look.maxColumns
            if look.columnWidth - 2 * look.cellPadding < 80 {
                throw keys.error(table["cell_padding"] != nil ? "cell_padding" : "column_width",
                                 "leaves \(Int(look.columnWidth - 2 * look.cellPadding)) px for the photo in a \(Int(look.columnWidth)) px column",
                                 accepted: "column_width at least 80 px more than twice cell_padding")
            }
            return look
        }

        func content(_ table: TOMLTable) throws(ConfigurationError) -> GalleryConfiguration.Content {
            var content = GalleryConfiguration.Content()
            let keys = Keys(table: table, section: "content", reader: self, known: ["sort", "views", "downloads", "image_quality", "thumbnail_format",
                                                                                     "videos", "video_max_height", "video_quality",
                                                                                     "raw_pairs", "keywords", "people", "ratings"])
            try keys.checkKnown()
            content.sort = try keys.choice("sort", of: GalleryConfiguration.SortOrder.self) ?? content.sort
            // "rows", the justified view's first name, is still accepted (LayoutKind).
            if let views = try keys.choices("views", of: LayoutKind.self) {
                guard views.contains(.masonry) else {
                    throw keys.error("views", "must include masonry (the album's own page is its masonry grid)",
                                     accepted: "a list with \"masonry\" and any of justified (or rows), wheel, carousel, circle")
                }
                // The listed order is kept (it is the order of the view links); duplicates once.
                var seen = Set<LayoutKind>()
                content.views = views.filter { seen.insert($0).inserted }
            }
            content.downloads = try keys.choice("downloads", of: GalleryConfiguration.Downloads.self) ?? content.downloads
            content.imageQuality = try keys.integer("image_quality", in: 1 ... 100) ?? content.imageQuality
            content.thumbnailFormat = try keys.choice("thumbnail_format", of: GalleryConfiguration.ThumbnailFormat.self) ?? content.thumbnailFormat
            content.videos = try keys.choice("videos", of: GalleryConfiguration.Videos.self) ?? content.videos
            content.videoMaxHeight = try keys.integer("video_max_height", in: 144 ... 4320) ?? content.videoMaxHeight
            content.videoQuality = try keys.integer("video_quality", in: 0 ... 51) ?? content.videoQuality
            content.rawPairs = try keys.choice("raw_pairs", of: GalleryConfiguration.RawPairs.self) ?? content.rawPairs
            content.keywords = try keys.choice("keywords", of: GalleryConfiguration.Visibility.self) ?? content.keywords
            content.people = try keys.choice("people", of: GalleryConfiguration.Visibility.self) ?? content.people
            content.ratings = try keys.choice("ratings", of: GalleryConfiguration.Visibility.self) ?? content.ratings
            return content
        }

        func browse(_ table: TOMLTable) throws(ConfigurationError) -> GalleryConfiguration.Browse {
            var browse = GalleryConfiguration.Browse()
            let keys = Keys(table: table, section: "browse", reader: self, known: ["by", "favorites_rating"])
            try keys.checkKnown()
            if let kinds = try keys.choices("by", of: GalleryConfiguration.BrowseKind.self) {
                var seen = Set<GalleryConfiguration.BrowseKind>()
                browse.by = kinds.filter { seen.insert($0).inserted }
            }
            browse.favoritesRating = try keys.integer("favorites_rating", in: 1 ... 5) ?? browse.favoritesRating
            return browse
        }

        func map(_ table: TOMLTable) throws(ConfigurationError) -> GalleryConfiguration.Map {
            var map = GalleryConfiguration.Map()
            let keys = Keys(table: table, section: "map", reader: self, known: ["tiles", "attribution", "attribution_url"])
            try keys.checkKnown()
            if let tiles = try keys.string("tiles") {
                let accepted = "an address with {z}, {x} and {y}, such as \"https://tile.openstreetmap.org/{z}/{x}/{y}.png\", or a path in the site such as \"tiles/{z}/{x}/{y}.png\""
                guard ["{z}", "{x}", "{y}"].allSatisfy(tiles.contains) else { throw keys.error("tiles", "'\(tiles)' lacks {z}, {x} or {y}", accepted: accepted) }
                let scheme = tiles.range(of: "://").map { tiles[..<$0.lowerBound].lowercased() }
                guard scheme == nil || scheme == "https" || scheme == "http", !tiles.hasPrefix("//"), !tiles.contains("\""), !tiles.contains("<") else {
                    throw keys.error("tiles", "'\(tiles)' is not an http(s) address or a path", accepted: accepted)
                }
                map.tiles = tiles
            }
            map.attribution = try keys.string("attribution") ?? map.attribution
            if let url = try keys.string("attribution_url") {
                guard url.isEmpty || url.hasPrefix("https://") || url.hasPrefix("http://") else {
                    throw keys.error("attribution_url", "'\(url)' is not an http(s) address", accepted: "the tiles' terms, such as https://www.openstreetmap.org/copyright, or \"\"")
                }
                map.attributionURL = url
            }
            return map
        }

        func slideshow(_ table: TOMLTable) throws(ConfigurationError) -> GalleryConfiguration.Slideshow {
            var slideshow = GalleryConfiguration.Slideshow()
            let keys = Keys(table: table, section: "slideshow", reader: self, known: ["seconds"])
            try keys.checkKnown()
            slideshow.seconds = try keys.number("seconds", in: 1 ... 3600) ?? slideshow.seconds
            return slideshow
        }

        func feeds(_ table: TOMLTable) throws(ConfigurationError) -> GalleryConfiguration.Feeds {
            var feeds = GalleryConfiguration.Feeds()
            let keys = Keys(table: table, section: "feeds", reader: self, known: ["entries"])
            try keys.checkKnown()
            feeds.entries = try keys.integer("entries", in: 0 ... 1000) ?? feeds.entries
            return feeds
        }

        func downloads(_ table: TOMLTable) throws(ConfigurationError) -> GalleryConfiguration.DownloadFiles {
            var downloads = GalleryConfiguration.DownloadFiles()
            let keys = Keys(table: table, section: "downloads", reader: self, known: ["album_zip", "originals"])
            try keys.checkKnown()
            downloads.albumZip = try keys.boolean("album_zip") ?? downloads.albumZip
            downloads.originals = try keys.boolean("originals") ?? downloads.originals
            return downloads
        }

        func publish(_ table: TOMLTable) throws(ConfigurationError) -> GalleryConfiguration.Publish {
            var publish = GalleryConfiguration.Publish()
            let keys = Keys(table: table, section: "publish", reader: self, known: ["target", "endpoint", "region", "page_max_age"])
            // A secret written here would end up in backups and repositories: refused by name.
            for key in table.keys where key.lowercased().contains("secret") || key.lowercased().contains("key_id") || key.lowercased().contains("token") {
                throw keys.error(key, "is a credential, which gallery never reads from gallery.toml",
                                 accepted: "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY in the environment, or a profile in ~/.aws/credentials")
            }
            try keys.checkKnown()
            if let target = try keys.string("target") {
                guard target.hasPrefix("s3://"), target.count > 5 else {
                    throw keys.error("target", "'\(target)' is not an s3:// address", accepted: "s3://BUCKET or s3://BUCKET/PREFIX")
                }
                publish.target = target
            }
            if let endpoint = try keys.string("endpoint") {
                guard let url = URL(string: endpoint), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", url.host?.isEmpty == false else {
                    throw keys.error("endpoint", "'\(endpoint)' is not an http(s) address", accepted: "an address such as https://s3.eu-central-003.backblazeb2.com")
                }
                publish.endpoint = endpoint
            }
            publish.region = try keys.string("region")
            publish.pageMaxAge = try keys.integer("page_max_age", in: 0 ... 31_536_000) ?? publish.pageMaxAge
            return publish
        }

        static func isLanguageTag(_ tag: String) -> Bool {
            let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
            guard let first = parts.first, (2 ... 3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
            return parts.dropFirst().allSatisfy { (1 ... 8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        }

        static func isHexColor(_ text: String) -> Bool {
            guard text.first == "#" else { return false }
            let digits = text.dropFirst()
            return (digits.count == 3 || digits.count == 6) && digits.allSatisfy(\.isHexDigit)
        }
    }

    /// One table's keys, read with the checks each kind of value needs.
    struct Keys {
        let table: TOMLTable
        let section: String
        let reader: TableReader
        let known: [String]

        func error(_ key: String, _ problem: String, accepted: String? = nil) -> ConfigurationError {
            ConfigurationError(file: reader.file, line: reader.lines.line(table: section, key: key), key: "\(section).\(key)",
                               problem: problem, accepted: accepted)
        }

        func checkKnown() throws(ConfigurationError) {
            for key in table.keys where !known.contains(key) {
                let near = known.min { Self.distance($0, key) < Self.distance($1, key) }
                let hint = near.map { Self.distance($0, key) <= 2 ? " (did you mean \($0)?)" : "" } ?? ""
                throw error(key, "is not a key of [\(section)]\(hint)", accepted: known.joined(separator: ", "))
            }
        }

        func string(_ key: String) throws(ConfigurationError) -> String? {
            guard let value = table[key] else { return nil }
            guard let text = value.string else { throw error(key, "is \(Self.describe(value)), not text", accepted: "a quoted string") }
            return text
        }

        func family(_ key: String) throws(ConfigurationError) -> String? {
            guard let name = try string(key) else { return nil }
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            let accepted = "a family fontconfig lists (`fc-list : family`), such as \"Inter\" or \"DejaVu Serif\""
            guard !trimmed.isEmpty else { throw error(key, "is empty", accepted: accepted) }
            if let exists = reader.fontFamilyExists, !exists(trimmed) {
                throw error(key, "'\(trimmed)' is not a font family installed here (fontconfig would draw another)", accepted: accepted)
            }
            return trimmed
        }

        func number(_ key: String, in range: ClosedRange<Double>) throws(ConfigurationError) -> Double? {
            guard let value = table[key] else { return nil }
            let accepted = "a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))"
            guard let number = value.double ?? value.int.map(Double.init) else {
                throw error(key, "is \(Self.describe(value)), not a number", accepted: accepted)
            }
            guard number.isFinite, range.contains(number) else { throw error(key, "is \(Self.format(number))", accepted: accepted) }
            return number
        }

        func boolean(_ key: String) throws(ConfigurationError) -> Bool? {
            guard let value = table[key] else { return nil }
            guard let flag = value.bool else { throw error(key, "is \(Self.describe(value)), not true or false", accepted: "true or false") }
            return flag
        }

        func integer(_ key: String, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int? {
            guard let value = table[key] else { return nil }
            let accepted = "a whole number from \(range.lowerBound) to \(range.upperBound)"
            guard let number = value.int else { throw error(key, "is \(Self.describe(value)), not a whole number", accepted: accepted) }
            guard range.contains(number) else { throw error(key, "is \(number)", accepted: accepted) }
            return number
        }

        func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, of: Choice.Type) throws(ConfigurationError) -> Choice?
            where Choice.RawValue == String {
            guard let text = try string(key) else { return nil }
            guard let choice = Choice(rawValue: text) else {
                throw error(key, "'\(text)' is not one of its values", accepted: "one of " + Choice.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return choice
        }

        func choices<Choice: RawRepresentable & CaseIterable>(_ key: String, of: Choice.Type) throws(ConfigurationError) -> [Choice]?
            where Choice.RawValue == String {
            guard let value = table[key] else { return nil }
            let accepted = "a list of " + Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            guard let array = value.array else { throw error(key, "is \(Self.describe(value)), not a list", accepted: accepted) }
            var chosen: [Choice] = []
            for element in array {
                guard let text = element.string, let choice = Choice(rawValue: text) else {
                    throw error(key, "holds \(element.string.map { "'\($0)'" } ?? Self.describe(element)), which is not one of its values", accepted: accepted)
                }
                chosen.append(choice)
            }
            return chosen
        }

        static func describe(_ value: TOMLValueConvertible) -> String {
            switch value.type {
            case .string: "text"
            case .int: "a whole number"
            case .double: "a number"
            case .bool: "true or false"
            case .array: "a list"
            case .table: "a table"
            default: "a date or time"
            }
        }

        static func format(_ number: Double) -> String {
            number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        }

        /// Edit distance, for "did you mean".
        static func distance(_ a: String, _ b: String) -> Int {
            let a = Array(a), b = Array(b)
            var previous = Array(0 ... b.count)
            for i in 1 ... max(a.count, 1) where !a.isEmpty {
                var current = [i] + Array(repeating: 0, count: b.count)
                for j in 1 ... max(b.count, 1) where !b.isEmpty {
                    current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                }
                previous = current
            }
            return a.isEmpty ? b.count : previous[b.count]
        }
    }
}
