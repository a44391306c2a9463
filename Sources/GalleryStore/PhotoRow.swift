import GRDB
import PhotoFacts

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
    // A Live Photo's clip: its own row (`m`), or inside the file (motion_offset).
    var motionPath: String?
    var motionFormat: String?
    var motionHash: String?
    var motionDisplayWidth: Int?
    var motionDisplayHeight: Int?
    var motionDuration: Double?
    var motionOffset: Int64?
    var motionWidth: Int?
    var motionHeight: Int?
    // A RAW+JPEG pair's raw, its original download.
    var originalPath: String?
    var originalSize: Int64?
    var originalMtimeNs: Int64?
    var originalHash: String?
    /// Decoded from the same row (no column has its name).
    var annotationColumns: AnnotationColumns

    /// Photos `p` with their album `a`, annotation `n` and Live Photo clip `m` (the first by file
    /// order when several name the same still); callers add WHERE (with `p.live_still_id IS
    /// NULL` to leave clips that belong to a still out) and ORDER BY.
    static let select = """
        SELECT p.id, p.path, a.name AS album, p.format, p.width, p.height, p.orientation,
               p.display_width, p.display_height,
               coalesce(n.caption, '') AS caption, coalesce(n.comment, '') AS comment, p.content_hash,
               p.taken_at, p.camera_make, p.camera_model, p.lens, p.f_number, p.exposure_time, p.iso,
               p.focal_length, p.latitude, p.longitude, p.kind, p.duration,
               m.path AS motion_path, m.format AS motion_format, m.content_hash AS motion_hash,
               m.display_width AS motion_display_width, m.display_height AS motion_display_height,
               m.duration AS motion_duration, p.motion_offset, p.motion_width, p.motion_height,
               p.original_path, p.original_size, p.original_mtime_ns, p.original_hash,
               \(AnnotationColumnsSQL.select)
        FROM photos p
        JOIN albums a ON a.id = p.album_id
        LEFT JOIN annotations n ON n.photo_id = p.id
        LEFT JOIN photos m ON p.kind = 'live'
            AND m.id = (SELECT c.id FROM photos c WHERE c.live_still_id = p.id ORDER BY c.sort_key LIMIT 1)
        """

    /// The clip of a Live Photo: its own file when one is paired, else the one inside; an
    /// animation's is the file itself.
    var motion: LiveMotion? {
        if kind == MediaKind.animated.rawValue {
            return LiveMotion(path: path, offset: 0, format: MediaFormat(rawValue: format), contentHash: contentHash,
                              displayWidth: displayWidth, displayHeight: displayHeight, duration: duration)
        }
        if let motionPath, let motionFormat, let motionHash, let motionDisplayWidth, let motionDisplayHeight {
            return LiveMotion(path: motionPath, offset: 0, format: MediaFormat(rawValue: motionFormat), contentHash: motionHash,
                              displayWidth: motionDisplayWidth, displayHeight: motionDisplayHeight, duration: motionDuration)
        }
        if let motionOffset, let motionWidth, let motionHeight {
            return LiveMotion(path: path, offset: motionOffset, format: .video(.mp4), contentHash: contentHash,
                              displayWidth: motionWidth, displayHeight: motionHeight, duration: duration)
        }
        return nil
    }

    var libraryPhoto: LibraryPhoto {
        var photo = LibraryPhoto(
            id: id, path: path, album: album, format: MediaFormat(rawValue: format), width: width, height: height,
            orientation: Orientation(exifValue: orientation), displayWidth: displayWidth, displayHeight: displayHeight,
            aspectRatio: Double(displayWidth) / Double(displayHeight), caption: caption, comment: comment,
            kind: MediaKind(rawValue: kind) ?? .photo, duration: motion?.duration ?? duration, motion: motion,
            metadata: PhotoMetadata(
                takenAt: takenAt, cameraMake: cameraMake, cameraModel: cameraModel, lens: lens, fNumber: fNumber,
                exposureTime: exposureTime, iso: iso, focalLength: focalLength, latitude: latitude, longitude: longitude))
        photo.describe(with: annotationColumns.annotation(caption: caption, comment: comment, source: ""))
        photo.original = PhotoOriginal(path: originalPath, fileSize: originalSize, mtimeNanoseconds: originalMtimeNs, contentHash: originalHash)
        return photo
    }
}
