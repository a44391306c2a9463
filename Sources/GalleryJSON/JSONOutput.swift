/// How `JSON.encode` lays out its text.
public struct JSONOutput: Sendable, Hashable {
    /// Indented, two spaces a level, `"key" : value` (as `JSONEncoder`'s `.prettyPrinted`).
    public var pretty: Bool
    /// Object keys in byte order of their UTF-8 (as `JSONEncoder`'s `.sortedKeys`); otherwise in
    /// the order the value encodes them — a Codable struct's declaration order.
    public var sortedKeys: Bool

    public init(pretty: Bool = false, sortedKeys: Bool = false) {
        self.pretty = pretty
        self.sortedKeys = sortedKeys
    }

    /// One line, keys in declaration order: the API's and the CLI's `--json`.
    public static let compact = JSONOutput()
}
