import PhotoFacts

/// What a photo's EXIF block says about when and with what it was taken, checked: values a
/// camera could not have written (year 0, a 31st of February, an f-number of 0, a GPS
/// reference without coordinates) are left out and named in `warnings`. The capture facts are
/// `metadata`, the library's own type, read through as if they were this reading's fields
/// (`reading.takenAt`).
@dynamicMemberLookup
public struct EXIFReading: Sendable, Hashable {
    /// When, with what and where: "2024-07-14T18:32:05" as the camera's clock showed it (then
    /// ".120" with sub-seconds and "+02:00" with the offset, when the file gives them), camera,
    /// lens, exposure, GPS.
    public var metadata = PhotoMetadata()
    public subscript<Value>(dynamicMember path: WritableKeyPath<PhotoMetadata, Value>) -> Value {
        get { metadata[keyPath: path] }
        set { metadata[keyPath: path] = newValue }
    }
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
