import PhotoFacts
/// What one source says of a photo in words (an XMP packet or sidecar, the IPTC block, the
/// EXIF text tags, a photo service's export): each field nil when this source does not say,
/// so that sources can be layered field by field (`filling(from:)`).
public struct PhotoDescription: Sendable, Hashable, Codable {
    /// dc:title, IPTC ObjectName, XPTitle.
    public var title: String?
    /// photoshop:Headline, IPTC Headline: the caption when there is no title.
    public var headline: String?
    /// dc:description, IPTC Caption-Abstract, ImageDescription, UserComment, XPComment.
    public var description: String?
    /// As written: a hierarchical keyword ("Places|France|Paris") whole. Duplicates and case
    /// duplicates once, in first-seen order.
    public var keywords: [String]?
    public var people: [String]?
    /// Named face areas (MWG or Microsoft regions), kept for later; never published.
    public var faces: [FaceArea]?
    /// -1 (rejected) to 5.
    public var rating: Int?
    public var favorite: Bool?
    public var place: PhotoPlace?

    public init(title: String? = nil, headline: String? = nil, description: String? = nil, keywords: [String]? = nil,
                people: [String]? = nil, faces: [FaceArea]? = nil, rating: Int? = nil, favorite: Bool? = nil, place: PhotoPlace? = nil) {
        self.title = title
        self.headline = headline
        self.description = description
        self.keywords = keywords
        self.people = people
        self.faces = faces
        self.rating = rating
        self.favorite = favorite
        self.place = place
    }

    /// The caption this source gives: its title, else its headline.
    public var caption: String? { title ?? headline }

    public var isEmpty: Bool { self == PhotoDescription() }

    /// This source's fields, and `other`'s where this one says nothing (a lower source).
    public func filling(from other: PhotoDescription) -> PhotoDescription {
        var merged = self
        // Caption is title-else-headline within one source: a lower source's title must not
        // beat this one's headline.
        if caption == nil { (merged.title, merged.headline) = (other.title, other.headline) }
        merged.description = description ?? other.description
        merged.keywords = keywords ?? other.keywords
        merged.people = people ?? other.people
        merged.faces = faces ?? other.faces
        merged.rating = rating ?? other.rating
        merged.favorite = favorite ?? other.favorite
        merged.place = place ?? other.place
        return merged
    }

    /// A text with its ends trimmed; nil for what is left empty.
    public static func cleaned(_ value: String?) -> String? {
        guard var text = value.map({ Substring($0) }) else { return nil }
        // Writers pad with spaces and end C strings with NULs.
        func blank(_ character: Character) -> Bool { character.isWhitespace || character == "\0" }
        while let first = text.first, blank(first) { text.removeFirst() }
        while let last = text.last, blank(last) { text.removeLast() }
        return text.isEmpty ? nil : String(text)
    }

    /// A list without empty items and with duplicates (ignoring case) once, in first-seen
    /// order; nil when nothing is left.
    public static func cleanedList(_ values: [String]) -> [String]? {
        var seen = Set<String>()
        var result: [String] = []
        for value in values {
            guard let text = cleaned(value), seen.insert(text.lowercased()).inserted else { continue }
            result.append(text)
        }
        return result.isEmpty ? nil : result
    }
}
