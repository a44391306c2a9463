/// What a long job (an import, an export) reports while it runs; the CLI turns these into a
/// progress bar and stderr lines.
public enum ProgressEvent: Sendable {
    /// `done` of `total` items handled so far.
    case progress(done: Int, total: Int)
    /// An item that was left out, with the reason (`path` as the user gave it).
    case skipped(path: String, reason: String)
    /// A problem that cost nothing: an annotation entry, invalid UTF-8 that was replaced, a
    /// character no font has.
    case warning(String)
    /// One long item's own progress (a video being encoded): `item` of `items`, `frames`
    /// written, reaching `seconds` of its `duration`.
    case encoding(path: String, item: Int, items: Int, frames: Int, seconds: Double, duration: Double?)
}
