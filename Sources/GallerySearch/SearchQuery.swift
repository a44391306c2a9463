/// What a visitor typed into the search box: every token must begin some token of a photo's
/// text (prefix matching: "harb" finds "harbour"; all words required).
public struct SearchQuery: Sendable, Hashable {
    /// The query's tokens (`SearchText.tokens`), duplicates once, in order.
    public let tokens: [String]

    /// The most tokens a query keeps: a longer text (a pasted page) finds what its first
    /// words find, never everything.
    public static let mostTokens = 16

    public init(_ text: String) {
        var seen = Set<String>()
        tokens = Array(SearchText.tokens(text).filter { seen.insert($0).inserted }.prefix(Self.mostTokens))
    }

    /// Whether it finds nothing by itself (no letters or digits at all).
    public var isEmpty: Bool { tokens.isEmpty }

    /// Whether a photo whose text has `document` tokens is found.
    public func matches(_ document: some Sequence<String>) -> Bool {
        guard !tokens.isEmpty else { return false }
        let words = Array(document)
        // By scalars, as the script compares (startsWith), not by Swift's characters.
        return tokens.allSatisfy { token in words.contains { $0.unicodeScalars.starts(with: token.unicodeScalars) } }
    }
}
