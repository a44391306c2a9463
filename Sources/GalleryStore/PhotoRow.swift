import GRDB
import PhotoFacts

/// One row of the store's photo query (`PhotoRow.select`), read by column name: reordering
/// the SELECT cannot swap a width and a height.
struct PhotoRow: FetchableRecord {
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
    var original: PhotoOriginal?
    /// Read from the same row.
    var annotationColumns: AnnotationColumns

    /// Read column by column rather than through `Decodable`: GRDB's decoder built an error
    /// (with the statement's SQL, trimmed) for `annotationColumns`, a key that is no column, on
    /// every row — a third of a rebuild's time went into decoding photos.
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        path = try row.decode(forColumn: "path")
        album = try row.decode(forColumn: "album")
        format = try row.decode(forColumn: "format")
        width = try row.decode(forColumn: "width")
        height = try row.decode(forColumn: "height")
        orientation = try row.decode(forColumn: "orientation")
        displayWidth = try row.decode(forColumn: "display_width")
        displayHeight = try row.decode(forColumn: "display_height")
        caption = try row.decode(forColumn: "caption")
        comment = try row.decode(forColumn: "comment")
        contentHash = try row.decode(forColumn: "content_hash")
        takenAt = try row.decode(forColumn: "taken_at")
        cameraMake = try row.decode(forColumn: "camera_make")
        cameraModel = try row.decode(forColumn: "camera_model")
        lens = try row.decode(forColumn: "lens")
        fNumber = try row.decode(forColumn: "f_number")
        exposureTime = try row.decode(forColumn: "exposure_time")
        iso = try row.decode(forColumn: "iso")
        focalLength = try row.decode(forColumn: "focal_length")
        latitude = try row.decode(forColumn: "latitude")
        longitude = try row.decode(forColumn: "longitude")
        kind = try row.decode(forColumn: "kind")
        duration = try row.decode(forColumn: "duration")
        motionPath = try row.decode(forColumn: "motion_path")
        motionFormat = try row.decode(forColumn: "motion_format")
        motionHash = try row.decode(forColumn: "motion_hash")
        motionDisplayWidth = try row.decode(forColumn: "motion_display_width")
        motionDisplayHeight = try row.decode(forColumn: "motion_display_height")
        motionDuration = try row.decode(forColumn: "motion_duration")
        motionOffset = try row.decode(forColumn: "motion_offset")
        motionWidth = try row.decode(forColumn: "motion_width")
        motionHeight = try row.decode(forColumn: "motion_height")
        original = try PhotoOriginal(row: row)
        annotationColumns = try AnnotationColumns(row: row)
    }

    /// Photos `p` with their album `a`, annotation `n` and Live Photo clip `m` (the first by file
    /// order when several name the same still); callers add WHERE (with `p.live_still_id IS
    /// NULL` to leave clips that belong to a still out) and ORDER BY.
    static let select = selection(annotated: true)

    /// `select` without what is said of the photos (caption, comment, keywords, people, place,
    /// stars: empty), for the passes that need their files only (the images an export makes):
    /// no annotation joined, and no keywords and people gathered and decoded for every photo.
    static let mediaSelect = selection(annotated: false)

    private static func selection(annotated: Bool) -> String {
        let annotation = annotated
            ? "coalesce(n.caption, '') AS caption, coalesce(n.comment, '') AS comment"
            : "'' AS caption, '' AS comment"
        return """
            SELECT p.id, p.path, a.name AS album, p.format, p.width, p.height, p.orientation,
                   p.display_width, p.display_height,
                   \(annotation), p.content_hash,
                   p.taken_at, p.camera_make, p.camera_model, p.lens, p.f_number, p.exposure_time, p.iso,
                   p.focal_length, p.latitude, p.longitude, p.kind, p.duration,
                   m.path AS motion_path, m.format AS motion_format, m.content_hash AS motion_hash,
                   m.display_width AS motion_display_width, m.display_height AS motion_display_height,
                   m.duration AS motion_duration, p.motion_offset, p.motion_width, p.motion_height,
                   p.original_path, p.original_size, p.original_mtime_ns, p.original_hash,
                   \(annotated ? AnnotationColumnsSQL.select : AnnotationColumnsSQL.none)
            FROM photos p
            JOIN albums a ON a.id = p.album_id
            \(annotated ? "LEFT JOIN annotations n ON n.photo_id = p.id" : "")
            LEFT JOIN photos m ON p.kind = 'live'
                AND m.id = (SELECT c.id FROM photos c WHERE c.live_still_id = p.id ORDER BY c.sort_key LIMIT 1)
            """
    }

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
        photo.original = original
        return photo
    }
}
