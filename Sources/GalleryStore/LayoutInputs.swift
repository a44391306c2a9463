/// A photo as a layout needs it: its id, shape and annotation texts.
public struct LayoutInput: Sendable, Hashable {
    public var photoID: Int64
    public var aspectRatio: Double
    public var caption: String
    public var comment: String
}

/// A scope's photos in display order, read with the scope's revision in one snapshot.
public struct LayoutInputs: Sendable {
    public var revision: Int64
    public var photos: [LayoutInput]
}

/// A photo's id and displayed shape: what a layout that needs no text is computed from.
public struct PhotoShape: Sendable, Hashable {
    public var id: Int64
    public var aspectRatio: Double
    /// The library's revision of its last change (`photos.changed`): its row, its texts, a
    /// height measured again for one of them.
    public var changed: Int64
}

/// A scope's photo shapes in display order, read with the scope's revision and the library's
/// in one snapshot.
public struct LayoutShapes: Sendable {
    public var revision: Int64
    /// The library's revision they were read at: no photo's `changed` is later.
    public var libraryRevision: Int64
    public var photos: [PhotoShape]
}
