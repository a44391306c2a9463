/// What an import reports while it runs; the CLI turns these into a progress bar and stderr lines.
public enum ImportEvent: Sendable {
    /// `done` of `total` files handled so far.
    case progress(done: Int, total: Int)
    /// A file that was not imported, with the reason (`path` includes the imported folder).
    case skipped(path: String, reason: String)
    /// A problem that cost no photo: an annotation entry, invalid UTF-8 that was replaced.
    case warning(String)
}

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
