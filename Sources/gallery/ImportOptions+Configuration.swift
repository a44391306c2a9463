import GalleryConfig
import GalleryImport
import GallerySitePlan

extension ImportOptions {
    /// An import that measures captions and comments as the configured site sets them: in its
    /// fonts and sizes, at its grid's text width.
    init(_ configuration: GalleryConfiguration, jobs: Int?, annotationsFile: String?) {
        let plan = SitePlan(configuration)
        let rawPairs: RawPairs = switch configuration.content.rawPairs {
        case .jpeg: .jpeg
        case .raw: .raw
        case .both: .both
        }
        self.init(jobs: jobs, annotationsFile: annotationsFile, textWidths: [plan.geometry.innerWidth],
                  captionStyle: plan.caption, commentStyle: plan.comment, includeVideos: configuration.content.videos != .skip,
                  rawPairs: rawPairs, largestImage: plan.geometry.largeLongSide)
    }
}
