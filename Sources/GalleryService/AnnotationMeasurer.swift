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
    /// - Parameter only: the texts to make sure of (one album's, for its layout); all the
    ///   library's by default. Checking every text of the library for every album made laying
    ///   out many albums of many captions quadratic.
    /// - Parameter changedAfter: the library's revision before an import: only the texts of
    ///   the photos it changed are looked up (and those in fallback faces, at every width they
    ///   were measured at), unless a width is new to the library. Looking up every text of the
    ///   library at every width was a fifth of the import of one edited caption.
    /// - Returns: how many texts were measured (0 when everything was stored already).
    @discardableResult
    public func ensureMeasured(widths: [Double], only subset: AnnotationTexts? = nil, changedAfter revision: Int64? = nil) throws -> Int {
        var measured: [TextStyle: Set<String>] = [:], count = 0
        var subset = subset
        if subset == nil, let revision {
            var changed = try database.annotationTexts(changedAfter: revision)
            changed.captions = Array(Set(changed.captions + (try database.fallbackTexts(style: styles.caption.fingerprint))))
            changed.comments = Array(Set(changed.comments + (try database.fallbackTexts(style: styles.comment.fingerprint))))
            subset = changed
        }
        for width in widths {
            // A width new to the library (another grid) has every text to measure.
            let newWidth = try revision != nil && [styles.caption, styles.comment].contains { try !database.hasMeasurements(style: $0.fingerprint, width: width) }
            if let subset, !newWidth {
                count += try measure(subset, width: width, measured: &measured).count
            } else {
                count += try measureLibrary(width: width, measured: &measured)
            }
        }
        try keepFontCharacters(all: { try database.annotationTexts() }, measured: measured)
        return count
    }

    /// The measurements of `texts` at `width` (one layout's), measuring and storing first
    /// what is missing: one lookup of the store a style, which the layout then reads.
    public func measurements(of texts: AnnotationTexts, width: Double)
        throws -> (captions: [String: StoredMeasurement], comments: [String: StoredMeasurement]) {
        var measured: [TextStyle: Set<String>] = [:]
        let found = try measure(texts, width: width, measured: &measured)
        try keepFontCharacters(all: { try database.annotationTexts() }, measured: measured)
        return (found.captions, found.comments)
    }

    /// Looks up `texts` at `width` in each style, measures and stores what is missing, and
    /// gives both together with how many measurements were made; `measured` gains the texts
    /// measured now.
    private func measure(_ texts: AnnotationTexts, width: Double, measured: inout [TextStyle: Set<String>])
        throws -> (captions: [String: StoredMeasurement], comments: [String: StoredMeasurement], count: Int) {
        var found: [[String: StoredMeasurement]] = [], count = 0
        for (style, list) in [(styles.caption, texts.captions), (styles.comment, texts.comments)] {
            var stored = try database.measurements(style: style.fingerprint, width: width, texts: list)
            let missing = try measureMissing(list.map { ($0, stored[$0]?.fontSignature) }, style: style, width: width)
            measured[style, default: []].formUnion(missing.keys)
            count += missing.count
            stored.merge(missing) { $1 }
            found.append(stored)
        }
        return (found[0], found[1], count)
    }

    /// `measure` for every text of the library, which asks the store only for the texts it
    /// has no measurement of and those set in fallback faces: a library's measurements are
    /// not read into memory to find the few an import added.
    private func measureLibrary(width: Double, measured: inout [TextStyle: Set<String>]) throws -> Int {
        var count = 0
        for (style, field) in [(styles.caption, AnnotationField.caption), (styles.comment, .comment)] {
            let candidates = try database.textsToMeasure(field, style: style.fingerprint, width: width)
            let missing = try measureMissing(candidates.map { ($0.text, $0.fontSignature) }, style: style, width: width)
            measured[style, default: []].formUnion(missing.keys)
            count += missing.count
        }
        return count
    }

    /// Measures and stores the texts without a stored measurement (`known` nil) or whose
    /// fallback faces are no longer the system's; gives what it measured.
    private func measureMissing(_ texts: [(text: String, known: String?)], style: TextStyle, width: Double) throws -> [String: StoredMeasurement] {
        var missing: [String: StoredMeasurement] = [:]
        for (text, known) in texts {
            if let known {
                if known.isEmpty { continue }
                if known == (try measurer.fontSignature(text, style: style)) { continue }
            }
            let result = try measurer.measure(text, style: style, width: width)
            missing[text] = StoredMeasurement(lines: result.lines, height: result.height,
                                              fontSignature: try measurer.fontSignature(text, style: style))
        }
        if !missing.isEmpty { try database.saveMeasurements(style: style.fingerprint, width: width, missing) }
        return missing
    }

    /// What the kept font characters were found for (`library_settings` 'font_characters'):
    /// when it differs from what is stored (other fonts, a library from before), the next
    /// `ensureMeasured` finds them again from every text.
    public var fontCharactersStyles: String { styles.caption.fingerprint + "\n" + styles.comment.fingerprint }

    /// Keeps, beside the measurements, the characters each face drew (`font_characters`): a
    /// site's fonts are cut to them without shaping the library again. Only the texts measured
    /// now are shaped, unless the stored characters were found for other styles (or never):
    /// then every text is.
    private func keepFontCharacters(all allTexts: () throws -> AnnotationTexts, measured: [TextStyle: Set<String>]) throws {
        let styles = fontCharactersStyles
        let stored = try database.fontCharacters().styles
        let everything = stored != styles
        // Every text in every style: the pages set captions in the comment's fonts too (the
        // views' labels and the lightbox use the body's), and comments in the caption's.
        let texts = everything ? try allTexts() : AnnotationTexts(captions: [], comments: [])
        let shaped = everything ? texts.captions + texts.comments : Array(measured.values.reduce(into: Set<String>()) { $0.formUnion($1) })
        var found: [FontFace: Set<Unicode.Scalar>] = [:]
        for style in [self.styles.caption, self.styles.comment] where !shaped.isEmpty {
            found.merge(try measurer.charactersByFace(shaped, style: style)) { $0.union($1) }
        }
        if found.isEmpty && !everything { return }
        let faces = Dictionary(found.map { (StoredFontFace(family: $0.key.family, path: $0.key.path, index: $0.key.index, package: $0.key.package), $0.value) },
                               uniquingKeysWith: { $0.union($1) })
        try database.addFontCharacters(faces, styles: styles, replacing: everything)
    }
}
