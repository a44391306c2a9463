/// The part of a HEIF's coded picture that is the image (its `clap` property), in stored
/// pixels, before rotation and mirroring.
public struct CleanAperture: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
}
