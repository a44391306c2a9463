/// What a photo's EXIF block says about when and with what it was taken, checked: values a
/// camera could not have written (year 0, a 31st of February, an f-number of 0, a GPS
/// reference without coordinates) are left out and named in `warnings`.
public struct EXIFReading: Sendable, Hashable {
    /// ISO 8601 as the camera's clock showed it: "2024-07-14T18:32:05", then ".120" with
    /// sub-seconds and "+02:00" with the offset, when the file gives them.
    public var takenAt: String?
    public var cameraMake: String?
    public var cameraModel: String?
    public var lens: String?
    public var fNumber: Double?
    /// Seconds.
    public var exposureTime: Double?
    public var iso: Int?
    /// Millimetres.
    public var focalLength: Double?
    public var latitude: Double?
    public var longitude: Double?
    /// Apple's content identifier (maker note tag 0x0011): the motion clip of a Live Photo
    /// carries the same one (`VideoProbeResult.contentIdentifier`).
    public var contentIdentifier: String?
    /// Its text tags: ImageDescription, UserComment and Windows' XPTitle, XPComment,
    /// XPKeywords and XPSubject (cameras' placeholders left out).
    public var description = PhotoDescription()
    /// One line per value refused, without the file's name (the caller adds it).
    public var warnings: [String] = []

    public init() {}
}
