extension PhotoDescription {
    /// What cameras, phones and their software write as a photo's title or description when
    /// nobody typed anything (compared ignoring case and the ends' blanks), as exiftool's and
    /// digiKam's users list them. The camera's own make or model, texts naming a digital
    /// camera, and a memory card's folder ("DCIM\\100GOPRO") are placeholders too.
    static let placeholders: Set<String> = [
        "olympus digital camera", "sony dsc", "digital camera", "digital still camera", "kodak digital still camera",
        "minolta digital camera", "konica minolta digital camera", "exif_jpeg_picture", "default", "samsung camera pictures",
        "pentax image", "image", "picture", "photo", "dcim", "lg electronics", "camera", "untitled", "nikon digital camera",
        "casio digital camera", "fujifilm digital camera", "sanyo digital camera", "sharp digital camera", "vivitar digital camera",
        "hp photosmart digital camera", "binary comment", "applemark", "no description", "user comments",
    ]

    /// What image software writes into a JPEG's comment (COM) segment to sign its output: not
    /// words about the photo (compared with the comment's start, ignoring case).
    static let softwareSignatures = [
        "creator: gd-jpeg", "created with gimp", "created with the gimp", "file written by adobe photoshop", "lead technologies",
        "intel(r) jpeg library", "optimized by jpegmini", "compressed by jpeg-recompress", "handmade software", "applemark",
        "lavc", "lavf", "exif_jpeg_picture", "xv version", "ijg jpeg",
    ]

    /// Whether `text` is what a camera writes when nobody typed anything (`placeholders`).
    static func isPlaceholder(_ text: String, make: String?, model: String?) -> Bool {
        let folded = text.lowercased()
        if placeholders.contains(folded) { return true }
        // A maker's name before it ("NIKON DIGITAL CAMERA", "Samsung Digital Still Camera"),
        // not a sentence someone wrote about a camera.
        if folded.hasSuffix("digital camera") || folded.hasSuffix("digital still camera"), folded.split(separator: " ").count <= 5 { return true }
        // A path on the camera's card: "DCIM\\100GOPRO", "DCIM/100MSDCF".
        if folded.hasPrefix("dcim\\") || folded.hasPrefix("dcim/") { return true }
        let camera = [make, model, [make, model].compactMap { $0 }.joined(separator: " ")].compactMap { $0?.lowercased() }.filter { !$0.isEmpty }
        return camera.contains(folded)
    }

    /// This source with its title, headline and description left out where they are a
    /// camera's placeholder, so that a lower source may give them.
    public func withoutPlaceholders(make: String?, model: String?) -> PhotoDescription {
        var kept = self
        func real(_ text: String?) -> String? { text.flatMap { Self.isPlaceholder($0, make: make, model: model) ? nil : $0 } }
        kept.title = real(title)
        kept.headline = real(headline)
        kept.description = real(description)
        return kept
    }

    /// A JPEG comment (COM) as a description of last resort: its text (UTF-8, else Latin-1,
    /// as old software wrote it), unless it is empty, a placeholder or a program's signature.
    static func comment(_ bytes: [UInt8], make: String?, model: String?) -> String? {
        let written = Array(bytes.prefix { $0 != 0 })
        let text: String
        if let utf8 = String(validating: written, as: UTF8.self) { text = utf8 } else { text = String(written.map { Character(Unicode.Scalar($0)) }) }
        guard let cleaned = cleaned(text), !isPlaceholder(cleaned, make: make, model: model) else { return nil }
        let folded = cleaned.lowercased()
        guard !softwareSignatures.contains(where: { folded.hasPrefix($0) }) else { return nil }
        // Binary junk some writers leave: a comment is words, mostly letters and spaces.
        let printable = cleaned.unicodeScalars.filter { !$0.properties.isNoncharacterCodePoint && ($0.value >= 0x20 || $0 == "\n") }.count
        return printable * 10 >= cleaned.unicodeScalars.count * 9 ? cleaned : nil
    }

    /// Stars from Windows' rating percentage (Explorer writes 1, 25, 50, 75 and 99 for one to
    /// five stars); nil for 0 (no rating) or a value out of range.
    static func stars(percent: Double) -> Int? {
        guard percent.isFinite, percent >= 1, percent <= 100 else { return nil }
        switch percent {
        case ..<25: return 1
        case ..<50: return 2
        case ..<75: return 3
        case ..<99: return 4
        default: return 5
        }
    }
}
