#if canImport(Glibc)
import Glibc
#endif

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

    public init(jobs: Int? = nil, annotationsFile: String? = nil, batchSize: Int = 64,
                textWidths: [Double] = AnnotationMeasurer.defaultTextWidths) {
        self.jobs = max(1, jobs ?? ProcessorCount.online)
        self.annotationsFile = annotationsFile
        self.batchSize = max(1, batchSize)
        self.textWidths = textWidths
    }
}

/// The number of cores this process may use.
public enum ProcessorCount {
    public static var online: Int {
        #if canImport(Glibc)
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        return 1
        #endif
    }
}
