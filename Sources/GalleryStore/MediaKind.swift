/// What a library item is. The layout engine sees only its aspect ratio and texts; pages and
/// the lightbox show each kind in its way. The raw values are stored and printed
/// (`photos --json` `kind`, the cells' `data-kind`): keep them stable.
public enum MediaKind: String, Sendable, Hashable, Codable, CaseIterable {
    case photo
    case video
    /// A Live Photo: a still with its short motion clip.
    case live
    /// An animation (a GIF, an animated PNG or WebP): its first frame as a still, and the file itself
    /// as the clip (`LibraryPhoto.motion`), played looped and muted where it is on screen.
    case animated
}
