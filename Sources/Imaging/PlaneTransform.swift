import PhotoFacts

/// One of the eight ways to turn and mirror a picture, as the matrix it applies to (x, y)
/// with y pointing down: what HEIF's `irot`/`imir` compose into, named as an EXIF orientation.
struct PlaneTransform: Hashable {
    var a: Int, b: Int, c: Int, d: Int  // (x, y) → (a·x + b·y, c·x + d·y)

    static let identity = PlaneTransform(a: 1, b: 0, c: 0, d: 1)
    static let flipLeftRight = PlaneTransform(a: -1, b: 0, c: 0, d: 1)
    static let flipTopBottom = PlaneTransform(a: 1, b: 0, c: 0, d: -1)
    /// A quarter turn anticlockwise on screen (y down): right goes up.
    static let counterclockwise = PlaneTransform(a: 0, b: 1, c: -1, d: 0)

    static func counterclockwiseQuarterTurns(_ turns: Int) -> PlaneTransform {
        (0 ..< turns % 4).reduce(identity) { result, _ in counterclockwise.after(result) }
    }

    /// This transform applied after `first`.
    func after(_ first: PlaneTransform) -> PlaneTransform {
        PlaneTransform(a: a * first.a + b * first.c, b: a * first.b + b * first.d,
                       c: c * first.a + d * first.c, d: c * first.b + d * first.d)
    }

    /// The EXIF orientation whose display transform this is (EXIF 2.32, tag 0x0112).
    var orientation: Orientation {
        let exif: [PlaneTransform: Int] = [
            .identity: 1, .flipLeftRight: 2, PlaneTransform(a: -1, b: 0, c: 0, d: -1): 3, .flipTopBottom: 4,
            PlaneTransform(a: 0, b: 1, c: 1, d: 0): 5, PlaneTransform(a: 0, b: -1, c: 1, d: 0): 6,
            PlaneTransform(a: 0, b: -1, c: -1, d: 0): 7, .counterclockwise: 8,
        ]
        return Orientation(exifValue: exif[self] ?? 1)
    }
}
