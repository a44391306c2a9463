import GalleryStore

/// Where a photo goes on the map, as the site publishes it: a latitude and longitude that
/// exist, to `digits` decimals (about a metre). The site's map and `gallery map` both take
/// their points from here, so the engine clusters what the page draws.
public enum MapPlace {
    public static let digits = 5

    /// `photo`'s place on the map, or nil when it has none (or one no map has).
    public static func of(_ photo: LibraryPhoto) -> (latitude: Double, longitude: Double)? {
        of(latitude: photo.metadata.latitude, longitude: photo.metadata.longitude)
    }

    /// A latitude and longitude as the map publishes them, or nil.
    static func of(latitude: Double?, longitude: Double?) -> (latitude: Double, longitude: Double)? {
        guard let latitude, let longitude, latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        return (HTML.rounded(latitude, digits: digits), HTML.rounded(longitude, digits: digits))
    }
}
