/// One entry of an `annotations.json` array, read leniently: what is wrong with an entry is
/// kept for the warning that names it, so one bad entry never loses the others.
struct AnnotationEntry: Decodable {
    /// A caption or comment as found.
    enum Field: Equatable {
        case text(String)
        /// Missing or null: an empty text.
        case absent
        case notAString
    }

    /// False when the entry is not an object at all.
    var isObject = true
    /// nil when missing or not a string.
    var photo: String?
    var caption = Field.absent
    var comment = Field.absent

    private enum Keys: String, CodingKey { case photo, caption, comment }

    init(from decoder: any Decoder) throws {
        guard let container = try? decoder.container(keyedBy: Keys.self) else {
            isObject = false
            return
        }
        photo = try? container.decodeIfPresent(String.self, forKey: .photo)
        func field(_ key: Keys) -> Field {
            guard container.contains(key), (try? container.decodeNil(forKey: key)) != true else { return .absent }
            return (try? container.decode(String.self, forKey: key)).map(Field.text) ?? .notAString
        }
        caption = field(.caption)
        comment = field(.comment)
    }
}
