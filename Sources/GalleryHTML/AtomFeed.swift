import Foundation
import GallerySiteFiles

/// An Atom 1.0 feed (RFC 4287) of the site or of one album: its newest photos, each with its
/// large image, caption and comment, and on the site's feed its albums. Every address is
/// absolute (feeds are read away from the site), so a site has feeds only with `base_url`.
struct AtomFeed {
    struct Entry {
        /// A permanent IRI: the photo's or album's address, which does not change across exports.
        var id: String
        /// Plain text: a caption, an album's title.
        var title: String
        /// Where a reader opens it (absolute).
        var link: String
        var updated: Date
        /// The large image (absolute), its size and type; nil for an entry without one.
        var image: (url: String, width: Int, height: Int)?
        /// Plain texts, each its own paragraph of the content (the caption, the comment).
        var paragraphs: [String]
        /// The entry's album, as a category.
        var category: String?
    }

    var id: String
    var title: String
    /// The feed's own address and the page it follows.
    var selfLink: String
    var page: String
    var author: String
    var rights: String
    var entries: [Entry]

    var xml: String {
        let updated = entries.map(\.updated).max() ?? Date(timeIntervalSince1970: 0)
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
            <id>\(Self.text(id))</id>
            <title type="text">\(Self.text(title))</title>
            <updated>\(Self.date(updated))</updated>
            <link rel="self" type="application/atom+xml" href="\(Self.text(selfLink))"/>
            <link rel="alternate" type="text/html" href="\(Self.text(page))"/>
            <author><name>\(Self.text(author))</name></author>
            <generator>gallery</generator>

            """
        if !rights.isEmpty { xml += "<rights type=\"text\">\(Self.text(rights))</rights>\n" }
        for entry in entries {
            xml += "<entry>\n<id>\(Self.text(entry.id))</id>\n<title type=\"text\">\(Self.text(entry.title))</title>\n"
            let when = Self.date(entry.updated)
            xml += "<updated>\(when)</updated>\n<published>\(when)</published>\n"
            xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(Self.text(entry.link))\"/>\n"
            if let category = entry.category { xml += "<category term=\"\(Self.text(category))\"/>\n" }
            // The content is HTML carried as text: each caller's text escaped once for the
            // HTML, the HTML escaped once more for the feed.
            var html = ""
            if let image = entry.image {
                html += "<p><a href=\"\(MarkupText.escaped(entry.link))\"><img src=\"\(MarkupText.escaped(image.url))\" width=\"\(image.width)\" height=\"\(image.height)\" alt=\"\"></a></p>"
                xml += "<link rel=\"enclosure\" type=\"image/jpeg\" href=\"\(Self.text(image.url))\"/>\n"
                xml += "<media:thumbnail url=\"\(Self.text(image.url))\" width=\"\(image.width)\" height=\"\(image.height)\"/>\n"
            }
            for paragraph in entry.paragraphs where !paragraph.isEmpty {
                html += "<p>" + MarkupText.escaped(Self.allowed(paragraph)).replacingOccurrences(of: "\n", with: "<br>") + "</p>"
            }
            if let summary = entry.paragraphs.dropFirst().first(where: { !$0.isEmpty }) {
                xml += "<summary type=\"text\">\(Self.text(summary))</summary>\n"
            }
            xml += "<content type=\"html\">\(MarkupText.escaped(html))</content>\n</entry>\n"
        }
        return xml + "</feed>\n"
    }

    /// Text for the feed's XML: escaped, without the characters XML 1.0 cannot hold at all
    /// (controls but tab, line feed and carriage return; U+FFFE, U+FFFF), which a caption
    /// from a file may carry.
    static func text(_ value: String) -> String { MarkupText.escaped(allowed(value)) }

    static func allowed(_ value: String) -> String {
        guard value.unicodeScalars.contains(where: { !isAllowed($0) }) else { return value }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: value.unicodeScalars.filter(isAllowed))
        return String(kept)
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0 ..< 0x20, 0xFFFE, 0xFFFF: false
        default: true
        }
    }

    /// RFC 3339, UTC, to the second: the calendar by hand (a formatter made for each of a
    /// feed's dates cost more than the rest of the feed; one shared is not safe across threads).
    static func date(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                      Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
