/// An album's dates as a person writes them: "14 Jul 2024", "14–28 Jul 2024",
/// "30 Jun – 2 Jul 2024", "30 Dec 2023 – 2 Jan 2024", from ISO 8601 capture times (their
/// date part, the camera's clock).
enum DateRangeText {
    /// Every character `text` can write.
    static var characters: String { "0123456789 – " + months.joined(separator: " ") }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func text(first: String?, last: String?) -> String? {
        guard let start = first.flatMap(day), let end = (last ?? first).flatMap(day) else { return nil }
        if start == end { return "\(start.day) \(months[start.month - 1]) \(start.year)" }
        if start.year == end.year, start.month == end.month { return "\(start.day)–\(end.day) \(months[end.month - 1]) \(end.year)" }
        if start.year == end.year { return "\(start.day) \(months[start.month - 1]) – \(end.day) \(months[end.month - 1]) \(end.year)" }
        return "\(start.day) \(months[start.month - 1]) \(start.year) – \(end.day) \(months[end.month - 1]) \(end.year)"
    }

    private struct Day: Equatable { var year: Int, month: Int, day: Int }

    private static func day(_ iso: String) -> Day? {
        let parts = iso.prefix(10).split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1 ... 12).contains(parts[1]), (1 ... 31).contains(parts[2]) else { return nil }
        return Day(year: parts[0], month: parts[1], day: parts[2])
    }
}
