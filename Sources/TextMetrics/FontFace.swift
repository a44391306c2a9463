/// One font file in a style's font list, like one family of CSS `font-family`.
public struct FontFace: Sendable, Hashable, Codable {
    /// The family name the generated CSS gives it in `@font-face`; unique per file.
    public var family: String
    /// Absolute path of the font file.
    public var path: String
    /// The face in a collection (.ttc); 0 for single-face files.
    public var index: Int
    /// The Debian package that installs the file, named in the error when it is missing.
    public var package: String

    public init(family: String, path: String, index: Int = 0, package: String) {
        self.family = family
        self.path = path
        self.index = index
        self.package = package
    }
}
