import GalleryLayout

/// What identifies a stored layout: where its photos come from, its kind, its width and every
/// other option (text styles included) in a canonical string.
public struct LayoutKey: Sendable, Hashable {
    public var scope: LayoutScope
    public var kind: LayoutKind
    public var width: Double
    public var options: String

    public init(scope: LayoutScope, kind: LayoutKind, width: Double, options: String) {
        self.scope = scope
        self.kind = kind
        self.width = width
        self.options = options
    }
}
