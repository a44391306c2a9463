import GRDB
import PhotoFacts

/// One row of the store's photo query (`PhotoRow.select`), read by position in the order
/// `Column` declares (checked against each statement's column names, `ColumnOrder`).
struct PhotoRow {
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

    /// The columns before the original's and the annotation's, in the SELECT's order.
    enum Column: Int, ColumnOrder {
        case id, path, album, format, width, height, orientation, displayWidth, displayHeight, caption, comment, contentHash
        case takenAt, cameraMake, cameraModel, lens, fNumber, exposureTime, iso, focalLength, latitude, longitude, kind, duration
        case motionPath, motionFormat, motionHash, motionDisplayWidth, motionDisplayHeight, motionDuration, motionOffset, motionWidth, motionHeight
    }

    /// Where the original's columns start, and the annotation's after them.
    static let originalStart = Column.allCases.count
    static let annotationStart = originalStart + PhotoOriginal.Column.allCases.count

    /// Read column by column rather than through `Decodable`: GRDB's decoder built an error
    /// (with the statement's SQL, trimmed) for `annotationColumns`, a key that is no column, on
    /// every row — a third of a rebuild's time went into decoding photos.
    init(row: Row) throws {
        id = try row.decode(atIndex: Column.id.rawValue)
        path = try row.decode(atIndex: Column.path.rawValue)
        album = try row.decode(atIndex: Column.album.rawValue)
        format = try row.decode(atIndex: Column.format.rawValue)
        width = try row.decode(atIndex: Column.width.rawValue)
        height = try row.decode(atIndex: Column.height.rawValue)
        orientation = try row.decode(atIndex: Column.orientation.rawValue)
        displayWidth = try row.decode(atIndex: Column.displayWidth.rawValue)
        displayHeight = try row.decode(atIndex: Column.displayHeight.rawValue)
        caption = try row.decode(atIndex: Column.caption.rawValue)
        comment = try row.decode(atIndex: Column.comment.rawValue)
        contentHash = try row.decode(atIndex: Column.contentHash.rawValue)
        takenAt = try row.decode(atIndex: Column.takenAt.rawValue)
        cameraMake = try row.decode(atIndex: Column.cameraMake.rawValue)
        cameraModel = try row.decode(atIndex: Column.cameraModel.rawValue)
        lens = try row.decode(atIndex: Column.lens.rawValue)
        fNumber = try row.decode(atIndex: Column.fNumber.rawValue)
        exposureTime = try row.decode(atIndex: Column.exposureTime.rawValue)
        iso = try row.decode(atIndex: Column.iso.rawValue)
        focalLength = try row.decode(atIndex: Column.focalLength.rawValue)
        latitude = try row.decode(atIndex: Column.latitude.rawValue)
        longitude = try row.decode(atIndex: Column.longitude.rawValue)
        kind = try row.decode(atIndex: Column.kind.rawValue)
        duration = try row.decode(atIndex: Column.duration.rawValue)
        motionPath = try row.decode(atIndex: Column.motionPath.rawValue)
        motionFormat = try row.decode(atIndex: Column.motionFormat.rawValue)
        motionHash = try row.decode(atIndex: Column.motionHash.rawValue)
        motionDisplayWidth = try row.decode(atIndex: Column.motionDisplayWidth.rawValue)
        motionDisplayHeight = try row.decode(atIndex: Column.motionDisplayHeight.rawValue)
        motionDuration = try row.decode(atIndex: Column.motionDuration.rawValue)
        motionOffset = try row.decode(atIndex: Column.motionOffset.rawValue)
        motionWidth = try row.decode(atIndex: Column.motionWidth.rawValue)
        motionHeight = try row.decode(atIndex: Column.motionHeight.rawValue)
        original = try PhotoOriginal(row: row, from: Self.originalStart)
        annotationColumns = try AnnotationColumns(row: row, from: Self.annotationStart)
    }

    /// The rows `sql` (a `select` or `mediaSelect` with its WHERE and ORDER BY) selects.
    static func fetchAll(_ db: Database, _ sql: SQL) throws -> [PhotoRow] {
        let statement = try db.makeStatement(literal: sql)
        check(statement.columnNames)
        var result: [PhotoRow] = []
        let rows = try Row.fetchCursor(statement)
        while let row = try rows.next() { result.append(try PhotoRow(row: row)) }
        return result
    }

    /// Stops unless `names` are `select`'s columns in order (`ColumnOrder.check`).
    static func check(_ names: [String]) {
        Column.check(names)
        PhotoOriginal.Column.check(names, from: originalStart)
        AnnotationColumns.Column.check(names, from: annotationStart)
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
