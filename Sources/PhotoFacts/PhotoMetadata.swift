/// What a photo's file says about when, with what and where it was taken: as the EXIF reader
/// (`EXIFReading.metadata`) and a video's tags give it, and as the library stores it.
/// Every value is optional: most files lack some, screenshots and scans lack all.
public struct PhotoMetadata: Sendable, Hashable, Codable {
    /// ISO 8601 as the camera's clock showed it ("2024-07-14T18:32:05", ".120" and "+02:00"
    /// when known).
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

    public init(takenAt: String? = nil, cameraMake: String? = nil, cameraModel: String? = nil, lens: String? = nil,
                fNumber: Double? = nil, exposureTime: Double? = nil, iso: Int? = nil, focalLength: Double? = nil,
                latitude: Double? = nil, longitude: Double? = nil) {
        self.takenAt = takenAt
        self.cameraMake = cameraMake
        self.cameraModel = cameraModel
        self.lens = lens
        self.fNumber = fNumber
        self.exposureTime = exposureTime
        self.iso = iso
        self.focalLength = focalLength
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Make and model as one name, the make left out when the model already says it
    /// ("NIKON CORPORATION" + "NIKON D750" → "NIKON D750"; "Google" + "Pixel 7" → "Google Pixel 7").
    public var camera: String? {
        guard let model = cameraModel else { return cameraMake }
        guard let make = cameraMake, let brand = make.split(separator: " ").first else { return model }
        return model.lowercased().contains(brand.lowercased()) ? model : make + " " + model
    }
}
