import GalleryConfig
import GalleryHTML
import GalleryImport

extension ImportOptions {
    /// An import that measures captions and comments as the configured site sets them: in its
    /// fonts and sizes, at its grid's text width.
    init(_ configuration: GalleryConfiguration, jobs: Int?, annotationsFile: String?) {
        let styles = configuration.textStyles
        self.init(jobs: jobs, annotationsFile: annotationsFile, textWidths: [SiteGeometry(configuration).innerWidth],
                  captionStyle: styles.caption, commentStyle: styles.comment, includeVideos: configuration.content.videos != .skip)
    }
}
