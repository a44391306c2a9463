import GRDB
@testable import GalleryStore
import Testing

/// Rows read by position (`ColumnOrder`): the enums' cases name the statements' columns in
/// their order, and a statement whose columns are not those stops before a value is read.
@Suite("Store: columns read by position, in the order their enum declares")
struct ColumnOrderTests {
    /// The photo query's columns, as SQLite names them for the statement.
    func columns(_ select: String) throws -> [String] {
        let database = try GalleryDatabase()
        return try database.read { db in try db.makeStatement(sql: select).columnNames }
    }

    @Test("each case is its column's name in snake case, in the photo query's order, with or without annotations")
    func namesAndOrder() throws {
        #expect(PhotoRow.Column.columnName(.fNumber) == "f_number")
        #expect(PhotoRow.Column.columnName(.motionDisplayWidth) == "motion_display_width")
        #expect(PhotoOriginal.Column.columnName(.originalMtimeNs) == "original_mtime_ns")
        for select in [PhotoRow.select, PhotoRow.mediaSelect] {
            let names = try columns(select)
            let declared = PhotoRow.Column.allCases.map(PhotoRow.Column.columnName)
                + PhotoOriginal.Column.allCases.map(PhotoOriginal.Column.columnName)
                + AnnotationColumns.Column.allCases.map(AnnotationColumns.Column.columnName)
            #expect(names.map { $0.lowercased() } == declared)
            PhotoRow.check(names)
        }
    }

    @Test("a statement with two columns swapped stops, rather than reading a width as a height")
    func swappedColumnsStop() async {
        await #expect(processExitsWith: .failure) {
            var names = PhotoRow.Column.allCases.map(PhotoRow.Column.columnName)
            names.swapAt(PhotoRow.Column.width.rawValue, PhotoRow.Column.height.rawValue)
            PhotoRow.Column.check(names)
        }
        await #expect(processExitsWith: .failure) {
            // The original's columns, from where they start, one short.
            PhotoOriginal.Column.check(["id", "original_path", "original_size", "original_mtime_ns"], from: 1)
        }
    }
}
