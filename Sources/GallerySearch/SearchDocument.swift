/// The words search finds a photo by, as tokens (`SearchText.tokens`): its caption, comment,
/// keywords (a hierarchical one's every level), people, place (where published), camera, file
/// name and album, and its date: the year, the month's number and names (`monthNames`: for
/// each month, its names in English and the site's language, full and short), the day.
/// The page's script builds the same from the search index (gallery.js): change both together.
public enum SearchDocument {
    public static func tokens(caption: String, comment: String, keywords: [String], people: [String], place: [String],
                              camera: String?, fileName: String, album: String, takenAt: String?, monthNames: [[String]]) -> [String] {
        var text = [caption, comment, fileName, album, camera ?? ""] + keywords + people + place
        // "2024-07-14T…": the camera's own calendar date.
        if let takenAt, takenAt.count >= 10 {
            let date = takenAt.prefix(10).split(separator: "-")
            if date.count == 3, let month = Int(date[1]), (1 ... 12).contains(month) {
                text += [String(date[0]), String(date[1]), String(date[2])]
                if month - 1 < monthNames.count { text += monthNames[month - 1] }
            }
        }
        var seen = Set<String>()
        return text.flatMap(SearchText.tokens).filter { seen.insert($0).inserted }
    }
}
