import GalleryService
import GalleryWork
import TextMetrics

/// How an import runs.
public struct ImportOptions: Sendable {
    /// Files probed and hashed at once; defaults to the number of cores.
    public var jobs: Int
    /// `--annotations FILE`: a JSON annotations file whose paths are relative to the folder.
    public var annotationsFile: String?
    /// Files written per transaction. Each batch is atomic; an interrupted import keeps the
    /// batches it finished and a rerun does the rest.
    public var batchSize: Int
    /// Widths (CSS px) at which captions and comments are measured and stored; empty for none.
    public var textWidths: [Double]
    /// The styles captions and comments are measured in (`[look]` fonts and sizes).
    public var captionStyle: TextStyle
    public var commentStyle: TextStyle
    /// False (`videos = "skip"`): videos are left out, and those imported before are removed.
    public var includeVideos: Bool
    /// The long side of the largest image the export makes (`SiteGeometry.largeLongSide`; 0:
    /// the photo's own size): a raw whose preview covers it is not read further at import.
    public var largestImage: Int
    /// Which of a raw and a JPEG of one name is the photo (`raw_pairs`; `RawJPEGPairs`).
    public var rawPairs: RawPairs
    public enum RawPairs: Sendable { case jpeg, raw, both }

    public init(jobs: Int? = nil, annotationsFile: String? = nil, batchSize: Int = 64,
                textWidths: [Double] = AnnotationMeasurer.defaultTextWidths,
                captionStyle: TextStyle = GalleryTextStyles.caption, commentStyle: TextStyle = GalleryTextStyles.comment,
                includeVideos: Bool = true, rawPairs: RawPairs = .jpeg, largestImage: Int = 0) {
        self.includeVideos = includeVideos
        self.largestImage = largestImage
        self.rawPairs = rawPairs
        self.captionStyle = captionStyle
        self.commentStyle = commentStyle
        self.jobs = max(1, jobs ?? ProcessorCount.online)
        self.annotationsFile = annotationsFile
        self.batchSize = max(1, batchSize)
        self.textWidths = textWidths
    }
}
