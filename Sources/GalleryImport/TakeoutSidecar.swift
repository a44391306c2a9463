/// A Google Takeout JSON sidecar as Google Photos writes it (only the fields the gallery reads;
/// every one optional, as Takeouts of different years differ).
struct TakeoutSidecar: Decodable {
    struct Time: Decodable {
        /// Seconds since 1970, as a string.
        var timestamp: String?
    }

    struct Place: Decodable {
        var latitude: Double?
        var longitude: Double?
    }

    struct Person: Decodable {
        var name: String?
    }

    var title: String?
    var description: String?
    var photoTakenTime: Time?
    var geoData: Place?
    var geoDataExif: Place?
    var people: [Person]?
    var favorited: Bool?
    /// Every photo sidecar has it; a JSON without it is not a photo's Takeout sidecar.
    var url: String?
    var creationTime: Time?

    /// Whether this looks like Google's photo sidecar (and not another program's JSON).
    var isGoogleSidecar: Bool { title != nil && (photoTakenTime != nil || creationTime != nil || url != nil) }
}
