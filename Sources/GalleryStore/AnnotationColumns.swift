import GRDB
import GalleryJSON
import PhotoFacts

/// The columns of an annotation beyond caption and comment (`AnnotationColumnsSQL.select`, with
/// the photo as `p` and its annotation as `n`), declared once: a row record that selects them
/// holds one of these, read from the same row (`PhotoRow.annotationColumns`).
struct AnnotationColumns {
    var rating: Int?
    var rejected: Bool?
    var favorite: Bool?
    var placeSublocation: String?
    var placeCity: String?
    var placeState: String?
    var placeCountry: String?
    /// JSON arrays of names, in their written order.
    var keywords: String
    var people: String

    init(row: Row) throws {
        rating = try row.decode(forColumn: "rating")
        rejected = try row.decode(forColumn: "rejected")
        favorite = try row.decode(forColumn: "favorite")
        placeSublocation = try row.decode(forColumn: "place_sublocation")
        placeCity = try row.decode(forColumn: "place_city")
        placeState = try row.decode(forColumn: "place_state")
        placeCountry = try row.decode(forColumn: "place_country")
        keywords = try row.decode(forColumn: "keywords")
        people = try row.decode(forColumn: "people")
    }
}

enum AnnotationColumnsSQL {
    /// The columns `AnnotationColumns` reads.
    static let select = """
        n.rating, n.rejected, n.favorite, n.place_sublocation, n.place_city, n.place_state, n.place_country,
        (SELECT json_group_array(name) FROM (SELECT k.name FROM photo_keywords pk JOIN keywords k ON k.id = pk.keyword_id
                                             WHERE pk.photo_id = p.id ORDER BY pk.position)) AS keywords,
        (SELECT json_group_array(name) FROM (SELECT h.name FROM photo_people pp JOIN people h ON h.id = pp.person_id
                                             WHERE pp.photo_id = p.id ORDER BY pp.position)) AS people
        """

    /// The same columns, each empty: for a query of the photos' files alone (`PhotoRow.mediaSelect`).
    static let none = """
        NULL AS rating, NULL AS rejected, NULL AS favorite, NULL AS place_sublocation, NULL AS place_city,
        NULL AS place_state, NULL AS place_country, '[]' AS keywords, '[]' AS people
        """
}

extension AnnotationColumns {
    var keywordList: [String] { Self.names(keywords) }
    var peopleList: [String] { Self.names(people) }

    var place: PhotoPlace? {
        let place = PhotoPlace(sublocation: placeSublocation, city: placeCity, state: placeState, country: placeCountry)
        return place == PhotoPlace() ? nil : place
    }

    /// The annotation with caption, comment and source given.
    func annotation(caption: String, comment: String, source: String) -> Annotation {
        var annotation = Annotation(caption: caption, comment: comment, source: source)
        annotation.keywords = keywordList
        annotation.people = peopleList
        annotation.rating = rating
        annotation.rejected = rejected ?? false
        annotation.favorite = favorite ?? false
        annotation.place = place
        return annotation
    }

    /// The names of a JSON array as SQLite's `json_group_array` writes them: `["a","b"]`.
    static func names(_ json: String) -> [String] {
        // Most photos have none: no decoder for them.
        guard json != "[]" else { return [] }
        // Without a backslash no name holds a quote, so the array is its names between `["`,
        // `","` and `"]`, exactly: read so, not through the decoder (2 % of a build that
        // read 100,000 photos' states).
        let bytes = json.utf8
        if !bytes.contains(UInt8(ascii: "\\")), bytes.starts(with: #"[""#.utf8), bytes.reversed().starts(with: #""]"#.utf8.reversed()) {
            return json.dropFirst(2).dropLast(2).split(separator: #"",""#, omittingEmptySubsequences: false).map(String.init)
        }
        return (try? JSON.decode([String].self, from: json.utf8)) ?? []
    }
}
