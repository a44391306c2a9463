import GalleryStore
import TextMetrics

/// Makes sure every caption and comment of the library has a stored measurement at the given
/// widths: measures only what is missing (a text, style and width already stored is never
/// measured again) and stores it in one transaction per style and width.
public struct AnnotationMeasurer: Sendable {
    /// The text width of the default masonry layout: Pinterest's 236 px pin (a 252 px column
    /// with 8 px cell padding on each side).
    public static let defaultTextWidths: [Double] = [236]

    let database: GalleryDatabase
    let measurer: TextMeasurer
    let styles: (caption: TextStyle, comment: TextStyle)

    public init(database: GalleryDatabase, measurer: TextMeasurer,
                caption: TextStyle = GalleryTextStyles.caption, comment: TextStyle = GalleryTextStyles.comment) {
        self.database = database
        self.measurer = measurer
        styles = (caption, comment)
    }

    /// Texts stored with a font signature (they needed the system's fallback faces) are
    /// measured again when the faces the system would now pick differ: installing or removing
    /// fonts changes exactly those measurements.
    /// - Returns: how many texts were measured (0 when everything was stored already).
    @discardableResult
    public func ensureMeasured(widths: [Double]) throws -> Int {
        let texts = try database.annotationTexts()
        var measured = 0
        for width in widths {
            for (style, list) in [(styles.caption, texts.captions), (styles.comment, texts.comments)] {
                let key = style.fingerprint
                let stored = try database.measurements(style: key, width: width)
                var missing: [String: StoredMeasurement] = [:]
                for text in list {
                    if let known = stored[text] {
                        if known.fontSignature.isEmpty { continue }
                        if known.fontSignature == (try measurer.fontSignature(text, style: style)) { continue }
                    }
                    let result = try measurer.measure(text, style: style, width: width)
                    missing[text] = StoredMeasurement(lines: result.lines, height: result.height,
                                                      fontSignature: try measurer.fontSignature(text, style: style))
                }
                if !missing.isEmpty {
                    try database.saveMeasurements(style: key, width: width, missing)
                    measured += missing.count
                }
            }
        }
        return measured
    }
}
