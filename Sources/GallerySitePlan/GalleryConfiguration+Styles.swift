import GalleryConfig
import TextMetrics

extension GalleryConfiguration {
    /// The caption and comment styles `[look]` asks for (fonts as fontconfig finds them). The
    /// reader checked the families exist; one removed since falls back to the defaults.
    public var textStyles: (caption: TextStyle, comment: TextStyle) {
        GalleryTextStyles.styles(captionFamily: look.captionFont, captionSize: look.captionSize,
                                 commentFamily: look.commentFont, commentSize: look.commentSize)
            ?? (GalleryTextStyles.caption, GalleryTextStyles.comment)
    }
}
