/// An EXIF orientation (TIFF tag 0x0112): how the stored pixels must be turned to be displayed
/// upright.
///
/// Values 5–8 involve a quarter turn, so the displayed width is the stored height.
public struct Orientation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The EXIF value, always in 1...8.
    public let rawValue: Int

    /// Reads an EXIF value; anything outside 1...8 (absent, 0, corrupt) means "as stored", 1,
    /// which is what browsers and libjpeg-based tools do.
    public init(exifValue: Int) {
        rawValue = (1...8).contains(exifValue) ? exifValue : 1
    }

    public static let up = Orientation(exifValue: 1)

    /// True for the orientations that rotate by 90° (5, 6, 7, 8).
    public var swapsDimensions: Bool { rawValue >= 5 }

    /// The orientation that turns pixels shown this way back to how they are stored: a quarter
    /// turn one way (6) undoes the other (8); every other value undoes itself.
    public var inverse: Orientation {
        switch rawValue {
        case 6: Orientation(exifValue: 8)
        case 8: Orientation(exifValue: 6)
        default: self
        }
    }

    public var description: String { String(rawValue) }
}
