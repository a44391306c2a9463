import GRDB
@testable import GalleryStore
import Testing

/// `AnnotationColumns.names`: a photo's keywords or people as SQLite's `json_group_array` gives
/// them, read without the JSON decoder when no name needs an escape.
@Suite("Store: keyword and people lists read back")
struct AnnotationNamesTests {
    @Test("every list SQLite writes reads back as its names, in order, escaped or not")
    func roundTrip() throws {
        let queue = try DatabaseQueue()
        let lists: [[String]] = [
            [], [""], ["family"], ["a", ""], ["", "b", ""], ["Ana Sousa", "Siobhán O'Neill", "東京"], ["a,b", "[x]", "\"quoted\""],
            ["back\\slash"], ["tab\there", "line\nbreak"], ["\",\"", "\"]"], ["emoji 🌊", "Maël|Brest"], ["\u{301}accent first", "e\u{301}", "\u{301}"],
        ]
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE names (list INTEGER, position INTEGER, name TEXT)")
            for (list, names) in lists.enumerated() {
                for (position, name) in names.enumerated() {
                    try db.execute(sql: "INSERT INTO names VALUES (?, ?, ?)", arguments: [list, position, name])
                }
            }
        }
        for (list, names) in lists.enumerated() {
            let json = try queue.read { db in
                try String.fetchOne(db, sql: "SELECT json_group_array(name) FROM (SELECT name FROM names WHERE list = ? ORDER BY position)", arguments: [list])
            }
            #expect(AnnotationColumns.names(try #require(json)) == names, "\(String(describing: json))")
        }
    }
}
