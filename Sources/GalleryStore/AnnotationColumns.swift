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

    /// The columns, in `AnnotationColumnsSQL.select`'s order (`ColumnOrder`).
    enum Column: Int, ColumnOrder {
        case rating, rejected, favorite, placeSublocation, placeCity, placeState, placeCountry, keywords, people
    }

    /// From a row whose annotation columns start at `start`.
    init(row: Row, from start: Int) throws {
        rating = try row.decode(atIndex: start + Column.rating.rawValue)
        rejected = try row.decode(atIndex: start + Column.rejected.rawValue)
        favorite = try row.decode(atIndex: start + Column.favorite.rawValue)
        placeSublocation = try row.decode(atIndex: start + Column.placeSublocation.rawValue)
        placeCity = try row.decode(atIndex: start + Column.placeCity.rawValue)
        placeState = try row.decode(atIndex: start + Column.placeState.rawValue)
        placeCountry = try row.decode(atIndex: start + Column.placeCountry.rawValue)
        keywords = try row.decode(atIndex: start + Column.keywords.rawValue)
        people = try row.decode(atIndex: start + Column.people.rawValue)
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
        // `","` and `"]`, exactly: read so, by bytes (a name may begin with a combining mark),
        // not through the decoder (2 % of a build that read 100,000 photos' states).
        let bytes = Array(json.utf8), quote = UInt8(ascii: "\""), comma = UInt8(ascii: ",")
        if bytes.count >= 4, !bytes.contains(UInt8(ascii: "\\")), bytes[0] == UInt8(ascii: "["), bytes[1] == quote,
           bytes[bytes.count - 2] == quote, bytes[bytes.count - 1] == UInt8(ascii: "]") {
            var names: [String] = []
            let end = bytes.count - 2
            var start = 2, index = 2
            while index + 3 <= end {
                if bytes[index] == quote, bytes[index + 1] == comma, bytes[index + 2] == quote {
                    names.append(String(decoding: bytes[start ..< index], as: UTF8.self))
                    index += 3
                    start = index
                } else {
                    index += 1
                }
            }
            names.append(String(decoding: bytes[start ..< end], as: UTF8.self))
            return names
        }
        return (try? JSON.decode([String].self, from: json.utf8)) ?? []
    }
}
