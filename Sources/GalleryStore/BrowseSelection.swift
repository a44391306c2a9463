import GRDB

/// The photos of a browse page, from every album: a year's or a month's, a place's, a
/// person's, a keyword's, or the favourites. `name` is how `gallery layout --album` and
/// `gallery photos --album` take one ("year:2024", "month:2024-07", "place:Brest",
/// "person:Anna Berg", "keyword:sunset", "favorites", "all"): an interface, keep it stable.
public enum BrowseSelection: Sendable, Hashable {
    /// By the date the camera gave (its own clock's calendar).
    case year(Int)
    case month(year: Int, month: Int)
    /// Photos whose place names it at any level: sub-location, city, state or country.
    case place(String)
    case person(String)
    /// As written (a hierarchical keyword's leaf is a keyword too).
    case keyword(String)
    /// Favourites, and photos rated `minimumRating` stars or more (`[browse] favorites_rating`).
    case favorites(minimumRating: Int)
    /// Every photo the site lists, by date across albums: what the site's search finds in
    /// (its index's order is this page's).
    case all

    /// How the command line names it.
    public var name: String {
        switch self {
        case .year(let year): "year:\(year)"
        case .month(let year, let month): "month:\(year)-\(month < 10 ? "0" : "")\(month)"
        case .place(let place): "place:" + place
        case .person(let person): "person:" + person
        case .keyword(let keyword): "keyword:" + keyword
        case .favorites: "favorites"
        case .all: "all"
        }
    }

    /// As `layouts.scope` stores it after "browse:": the name, and the favourites' threshold
    /// (a layout made for another threshold holds other photos).
    var stored: String {
        if case .favorites(let rating) = self { return "favorites:\(rating)" }
        return name
    }

    /// The selection `name` gives ("keyword:sunset", …; "favorites" takes `favoritesRating`);
    /// nil when it names none.
    public init?(name: String, favoritesRating: Int) {
        if name == "favorites" || name == "favourites" {
            self = .favorites(minimumRating: favoritesRating)
            return
        }
        if name == "all" {
            self = .all
            return
        }
        guard let colon = name.firstIndex(of: ":") else { return nil }
        let kind = name[..<colon], value = String(name[name.index(after: colon)...])
        guard !value.isEmpty else { return nil }
        switch kind {
        case "year":
            guard value.count == 4, let year = Int(value) else { return nil }
            self = .year(year)
        case "month":
            let parts = value.split(separator: "-")
            guard parts.count == 2, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]), (1 ... 12).contains(month) else { return nil }
            self = .month(year: year, month: month)
        case "place": self = .place(value)
        case "person": self = .person(value)
        case "keyword": self = .keyword(value)
        case "favorites":  // as stored, with its threshold
            guard let rating = Int(value) else { return nil }
            self = .favorites(minimumRating: rating)
        default: return nil
        }
    }

    /// The form a name that starts like a browse page's must take ("month:YYYY-MM"), or nil
    /// when it starts like none.
    static func expectedForm(of name: String) -> String? {
        let forms = ["year:": "year:YYYY", "month:": "month:YYYY-MM (01 to 12)", "place:": "place:NAME", "person:": "person:NAME", "keyword:": "keyword:NAME"]
        return forms.first { name.hasPrefix($0.key) }?.value
    }

    /// The condition on albums `a` that leaves out `excluding` (paths), its values bound (an
    /// empty list leaves out nothing).
    static func listed(_ excluding: [String]) -> SQL {
        "a.path NOT IN \(excluding)"
    }

    /// The condition on photos `p` and their annotations `n` that selects these photos.
    var condition: SQL {
        func padded(_ number: Int, _ digits: Int) -> String {
            let text = String(number)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
        switch self {
        case .year(let year):
            // taken_at is ISO 8601 text in the camera's own time: its first characters are the
            // local date, which text comparison orders.
            return "p.taken_at >= \(padded(year, 4)) AND p.taken_at < \(padded(year + 1, 4))"
        case .month(let year, let month):
            let next = month == 12 ? padded(year + 1, 4) + "-01" : padded(year, 4) + "-" + padded(month + 1, 2)
            return "p.taken_at >= \(padded(year, 4) + "-" + padded(month, 2)) AND p.taken_at < \(next)"
        case .place(let place):
            // By the photos' annotations (one a photo), each level through its own index (0026):
            // the same photos as the levels of `n`, without a scan of every photo.
            return """
                p.id IN (SELECT photo_id FROM annotations WHERE place_sublocation = \(place) COLLATE NOCASE \
                OR place_city = \(place) COLLATE NOCASE OR place_state = \(place) COLLATE NOCASE OR place_country = \(place) COLLATE NOCASE)
                """
        case .person(let person):
            return "p.id IN (SELECT pp.photo_id FROM photo_people pp JOIN people e ON e.id = pp.person_id WHERE e.name = \(person) COLLATE NOCASE)"
        case .keyword(let keyword):
            return "p.id IN (SELECT pk.photo_id FROM photo_keywords pk JOIN keywords k ON k.id = pk.keyword_id WHERE k.name = \(keyword) COLLATE NOCASE)"
        case .favorites(let rating):
            return "(n.favorite = 1 OR n.rating >= \(rating))"
        case .all:
            return "1"
        }
    }
}
