import PhotoFacts

/// Everything the importer learned about one image file, ready to be stored.
public struct PhotoFile: Sendable, Hashable {
    /// Folder relative to the imported root ('' for the root), and the album's display name.
    public var albumPath: String
    public var albumName: String
    public var path: String
    public var sortKey: String
    public var fileSize: Int64
    public var mtimeNanoseconds: Int64
    public var contentHash: String
    public var format: MediaFormat
    public var width: Int
    public var height: Int
    public var orientation: Orientation
    public var displayWidth: Int
    public var displayHeight: Int
    public var metadata: PhotoMetadata
    public var kind: MediaKind
    /// A video's length in seconds and its codecs (FFmpeg's names); nil for photos.
    public var duration: Double?
    public var videoCodec: String?
    public var audioCodec: String?
    /// Apple's content identifier, which pairs a Live Photo's still and clip; nil when none.
    public var contentIdentifier: String?
    /// A motion photo's clip inside the file: where its MP4 starts and its displayed size
    /// (`duration` and the codecs are the clip's); nil for every other file.
    public var motionOffset: Int64?
    public var motionWidth: Int?
    public var motionHeight: Int?
    /// What the file says of itself (its XMP, IPTC and EXIF text), as JSON the importer made;
    /// nil when it says nothing.
    public var embeddedDescription: String?
    /// The other file of a RAW+JPEG pair shown from its JPEG: the photo's original download.
    public var original: PhotoOriginal?

    public init(
        albumPath: String, albumName: String, path: String, sortKey: String, fileSize: Int64,
        mtimeNanoseconds: Int64, contentHash: String, format: MediaFormat, width: Int, height: Int,
        orientation: Orientation, displayWidth: Int, displayHeight: Int, metadata: PhotoMetadata = PhotoMetadata(),
        kind: MediaKind = .photo, duration: Double? = nil, videoCodec: String? = nil, audioCodec: String? = nil
    ) {
        self.albumPath = albumPath
        self.albumName = albumName
        self.path = path
        self.sortKey = sortKey
        self.fileSize = fileSize
        self.mtimeNanoseconds = mtimeNanoseconds
        self.contentHash = contentHash
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
        self.displayWidth = displayWidth
        self.displayHeight = displayHeight
        self.metadata = metadata
        self.kind = kind
        self.duration = duration
        self.videoCodec = videoCodec
        self.audioCodec = audioCodec
    }
}

/// What is said of a photo, merged from its sources (our annotation files, an XMP sidecar,
/// the file's own XMP, IPTC and EXIF text), and where its caption and comment came from.
public struct Annotation: Sendable, Hashable {
    public var caption: String
    public var comment: String
    public var source: String
    /// As written; a hierarchical keyword ("Places|France|Paris") whole, its leaf too.
    public var keywords: [String] = []
    public var people: [String] = []
    /// 0 to 5 stars; nil when unrated (or rejected).
    public var rating: Int?
    public var rejected = false
    public var favorite = false
    public var place: PhotoPlace?

    public init(caption: String, comment: String, source: String) {
        self.caption = caption
        self.comment = comment
        self.source = source
    }
}

/// What the database already holds for a path: enough to tell whether the file changed.
public struct StoredPhotoState: Sendable, Hashable {
    public var id: Int64
    public var fileSize: Int64
    public var mtimeNanoseconds: Int64
    public var contentHash: String
    public var albumName: String
    /// False for photos imported before metadata was read (migrations 0008, 0012, 0013).
    public var metadataRead: Bool
    /// `PhotoFile.original` as stored.
    public var original: PhotoOriginal?
    /// The digest of the layers besides the file its annotation was last worked out from
    /// (`LibraryChanges.annotationLayers`); nil when not known. Its annotation itself is
    /// read apart, when needed (`StoredDescription`).
    public var annotationLayers: Int64?
}
