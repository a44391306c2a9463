/// One atomic step of an import: photos to insert or update, annotations to set or clear, and
/// paths to remove. `GalleryDatabase.apply(_:)` writes it in a single transaction.
public struct LibraryChanges: Sendable {
    /// New or changed files, with their annotation (nil: none).
    public var upserts: [(file: PhotoFile, annotation: Annotation?)] = []
    /// Unchanged files whose annotation changed, by path (nil: remove it).
    public var annotationUpdates: [(path: String, annotation: Annotation?)] = []
    /// For files whose annotation was worked out (written, or found as stored), the digest of
    /// the layers besides the file it was worked out from, by path (`annotation_layers`,
    /// migration 0029): while it stays the same, the next import need not work it out again.
    public var annotationLayers: [(path: String, digest: Int64)] = []
    /// Paths no longer in the folder.
    public var removals: [String] = []
    /// Albums whose display name changed (root folder renamed), by album path.
    public var albumRenames: [(path: String, name: String)] = []

    public init() {}

    public var isEmpty: Bool {
        upserts.isEmpty && annotationUpdates.isEmpty && annotationLayers.isEmpty && removals.isEmpty && albumRenames.isEmpty
    }
}
