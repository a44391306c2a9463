import Foundation
import GallerySearch

/// The photos a search finds, as a layout's scope: the query's tokens, the site's language
/// (whose month names a date is found by), whether places are searched (only where the site
/// publishes locations), and the albums left out (unlisted ones).
public struct SearchScope: Sendable, Hashable, Codable {
    public var tokens: [String]
    public var language: String
    public var places: Bool
    public var excluding: [String]

    public init(query: SearchQuery, language: String, places: Bool, excluding: [String]) {
        tokens = query.tokens
        self.language = language
        self.places = places
        self.excluding = excluding.sorted()
    }

    public var query: SearchQuery { SearchQuery(tokens.joined(separator: " ")) }

    /// Each month's names, full and short, in English and in `language` (folded by search).
    public var monthNames: [[String]] { Self.monthNames(language: language) }

    /// Each month's names, full and short, in English and in `language`: the words a date is
    /// found by on a site in that language.
    public static func monthNames(language: String) -> [[String]] {
        var names = [[String]](repeating: [], count: 12)
        for identifier in Set(["en", language]).sorted() {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: identifier)
            for (index, month) in formatter.standaloneMonthSymbols.enumerated() where index < 12 { names[index].append(month) }
            for (index, month) in formatter.monthSymbols.enumerated() where index < 12 { names[index].append(month) }
            for (index, month) in formatter.shortStandaloneMonthSymbols.enumerated() where index < 12 { names[index].append(month) }
        }
        return names
    }

    /// As `layouts.scope` stores it after "search:": JSON, keys sorted.
    var stored: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    init?(stored: String) {
        guard let scope = try? JSONDecoder().decode(SearchScope.self, from: Data(stored.utf8)) else { return nil }
        self = scope
    }
}
