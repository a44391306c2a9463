/// What the library holds of what is said of a photo: its annotation as worked out at its
/// last import and its file's own description, for the importer to tell whether the
/// annotation changed (`GalleryDatabase.storedDescriptions`). Read only for the photos whose
/// layers may have changed, not with every photo's state.
public struct StoredDescription: Sendable, Hashable {
    public var annotation: Annotation?
    /// `PhotoFile.embeddedDescription` as stored.
    public var embeddedDescription: String?
}
