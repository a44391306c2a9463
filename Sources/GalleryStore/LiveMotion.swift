import PhotoFacts

/// The clip of a Live Photo: a MOV beside the still (iPhone), or the MP4 inside it (Android's
/// motion photo). In `photos --json` as a Live Photo's `motion`.
public struct LiveMotion: Codable, Sendable, Hashable {
    /// The clip's file, relative to the imported folder (the still's own for a motion photo).
    public var path: String
    /// Where the clip starts in that file: 0 for a file of its own.
    public var offset: Int64
    /// The clip's container ("mov", "mp4").
    public var format: MediaFormat
    /// "xxh64:…" of the clip's file (for a motion photo, of the still's: the file holding both).
    public var contentHash: String
    /// Displayed size, after the display matrix.
    public var displayWidth: Int
    public var displayHeight: Int
    /// Seconds.
    public var duration: Double?

    public init(path: String, offset: Int64, format: MediaFormat, contentHash: String, displayWidth: Int, displayHeight: Int, duration: Double?) {
        self.path = path
        self.offset = offset
        self.format = format
        self.contentHash = contentHash
        self.displayWidth = displayWidth
        self.displayHeight = displayHeight
        self.duration = duration
    }
}
