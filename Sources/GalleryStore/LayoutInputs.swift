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
}

/// A scope's photo shapes in display order, read with the scope's revision in one snapshot.
public struct LayoutShapes: Sendable {
    public var revision: Int64
    public var photos: [PhotoShape]
}
