import GRDB

/// One row of the store's photo query (`PhotoRow.select`), decoded by column name: reordering
/// the SELECT cannot swap a width and a height.
struct PhotoRow: Decodable, FetchableRecord {
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase

    var id: Int64
    var path: String
    var album: String
    var format: String
    var width: Int
    var height: Int
    var orientation: Int
    var displayWidth: Int
    var displayHeight: Int
    var caption: String
    var comment: String
    var contentHash: String
    var takenAt: String?
    var cameraMake: String?
    var cameraModel: String?
    var lens: String?
    var fNumber: Double?
    var exposureTime: Double?
    var iso: Int?
    var focalLength: Double?
    var latitude: Double?
    var longitude: Double?
    var kind: String
    var duration: Double?

    /// Photos `p` with their album `a` and annotation `n`; callers add WHERE / ORDER BY.
    static let select = """
        SELECT p.id, p.path, a.name AS album, p.format, p.width, p.height, p.orientation,
               p.display_width, p.display_height,
               coalesce(n.caption, '') AS caption, coalesce(n.comment, '') AS comment, p.content_hash,
               p.taken_at, p.camera_make, p.camera_model, p.lens, p.f_number, p.exposure_time, p.iso,
               p.focal_length, p.latitude, p.longitude, p.kind, p.duration
        FROM photos p
        JOIN albums a ON a.id = p.album_id
        LEFT JOIN annotations n ON n.photo_id = p.id
        """

    var libraryPhoto: LibraryPhoto {
        LibraryPhoto(
            id: id, path: path, album: album, format: format, width: width, height: height,
            orientation: orientation, displayWidth: displayWidth, displayHeight: displayHeight,
            aspectRatio: Double(displayWidth) / Double(displayHeight), caption: caption, comment: comment,
            kind: MediaKind(rawValue: kind) ?? .photo, duration: duration,
            metadata: PhotoMetadata(
                takenAt: takenAt, cameraMake: cameraMake, cameraModel: cameraModel, lens: lens, fNumber: fNumber,
                exposureTime: exposureTime, iso: iso, focalLength: focalLength, latitude: latitude, longitude: longitude))
    }
}
