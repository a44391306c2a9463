import PhotoFacts

/// What the header of an image file says, read without decoding any pixels.
public struct ProbeResult: Sendable, Hashable {
    public var format: ImageFormat
    /// Stored pixel size, as in the file's frame header (JPEG SOF), IHDR (PNG) or first directory (TIFF).
    public var width: Int
    public var height: Int
    public var orientation: Orientation
    /// Where the rest of the file must show its end marker for the file to be complete; see
    /// `EndMarker`. The probe reads headers only, so it cannot see truncation itself.
    public var endMarker: EndMarker
    /// The EXIF block (a TIFF structure: "II*\0" or "MM\0*" first) as the file carries it, for
    /// `PhotoMetadata`; nil when the file has none.
    public var exif: [UInt8]?
    /// The embedded ICC profile (JPEG APP2, PNG iCCP, HEIF colr, WebP ICCP), nil when the
    /// picture is sRGB by default.
    public var iccProfile: [UInt8]?
    /// Where the video of an Android motion photo starts: an MP4 appended to the JPEG, which its
    /// XMP announces (`MotionPhotoXMP`); nil for other files.
    public var motionVideoOffset: Int64?
    /// The XMP packet (JPEG APP1), as the file carries it; nil when it has none.
    public var xmp: [UInt8]?
    /// Extended XMP (JPEG APP1 parts, joined), by the GUID the main packet names it with
    /// (`xmpNote:HasExtendedXMP`).
    public var extendedXMP: [String: [UInt8]] = [:]
    /// Photoshop's image resources (JPEG APP13), where IPTC-IIM lives.
    public var photoshopResources: [UInt8]?
    /// A JPEG's comment (COM segment), as written: a description of last resort.
    public var comment: [UInt8]?
    /// Damage the header walk stepped over (stray bytes between JPEG markers): the file is
    /// worth a real decode before it is taken.
    public var damage: [String] = []
    /// What the importer says about a file it takes whole ("a TIFF of 3 pages: only the first
    /// is imported").
    public var notes: [String] = []
    /// An animation (a GIF of several frames, an animated PNG or WebP): its first frame is its still,
    /// and it plays as a looping web video (`VideoTranscoder.makeLoopingVideo`).
    public var isAnimated = false
    /// A HEIF's clean aperture: the decoder crops the coded picture to it, and `width` and
    /// `height` are already its size.
    public var cleanAperture: CleanAperture?

    public init(format: ImageFormat, width: Int, height: Int, orientation: Orientation, endMarker: EndMarker, exif: [UInt8]? = nil) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
        self.endMarker = endMarker
        self.exif = exif
    }

    /// Size as displayed, after the EXIF orientation is applied.
    public var displayWidth: Int { orientation.swapsDimensions ? height : width }
    public var displayHeight: Int { orientation.swapsDimensions ? width : height }
    /// Displayed width over displayed height.
    public var aspectRatio: Double { Double(displayWidth) / Double(displayHeight) }
}

/// The byte sequence that ends a complete image, and the offset after which it must appear.
///
/// A JPEG cut short still has a valid header (libjpeg then pads the picture with grey), and a
/// PNG cut short still has its IHDR; a reader that streams the whole file anyway (the importer
/// hashes it) checks that this marker appears after `searchFrom`.
public struct EndMarker: Sendable, Hashable {
    public var bytes: [UInt8]
    public var searchFrom: Int

    /// JPEG's EOI (FF D9). Entropy-coded data stuffs every FF with 00, so FF D9 after the frame
    /// header can only be the end of the image.
    static func jpeg(after offset: Int) -> EndMarker { EndMarker(bytes: [0xFF, 0xD9], searchFrom: offset) }

    /// No marker to look for: the probe saw that the file holds all the image's data (HEIF's
    /// item locations, WebP's RIFF size).
    public static let checkedByProbe = EndMarker(bytes: [], searchFrom: 0)

    /// PNG's IEND chunk: length 0, type "IEND", and its fixed CRC.
    static func png(after offset: Int) -> EndMarker {
        EndMarker(bytes: [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82], searchFrom: offset)
    }
}
