/// A named area of a photo (a face region), as fractions of the displayed picture: its
/// centre and size, as the Metadata Working Group's regions give them.
public struct FaceArea: Sendable, Hashable, Codable {
    public var name: String
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(name: String, x: Double, y: Double, width: Double, height: Double) {
        self.name = name
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
