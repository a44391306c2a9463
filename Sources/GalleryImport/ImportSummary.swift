/// The counts an import ends with.
public struct ImportSummary: Sendable, Hashable {
    public var added = 0
    public var updated = 0
    public var unchanged = 0
    public var removed = 0
    public var skipped = 0

    public init(added: Int = 0, updated: Int = 0, unchanged: Int = 0, removed: Int = 0, skipped: Int = 0) {
        self.added = added
        self.updated = updated
        self.unchanged = unchanged
        self.removed = removed
        self.skipped = skipped
    }

    /// "added N, updated N, unchanged N, removed N, skipped N"
    public var line: String {
        "added \(added), updated \(updated), unchanged \(unchanged), removed \(removed), skipped \(skipped)"
    }
}
