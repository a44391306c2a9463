import GRDB

/// The columns a row record reads by position, declared once as the cases of an enum, in the
/// order its SELECT lists them, each case named as its column in camel case (`displayWidth`
/// for `display_width`). A statement's column names are checked against the cases once,
/// before its rows are read (`check`), and every value is then read by index: by name, GRDB
/// lowercases and hashes the name for every value of every row (1.2 s of the images pass of an
/// export at 100,000 photos), and reading by index alone would let a reordered SELECT swap a
/// width and a height unseen.
protocol ColumnOrder: CaseIterable, RawRepresentable<Int> {}

extension ColumnOrder {
    /// The column's name as the SELECT gives it: the case's name in snake case.
    static func columnName(_ column: Self) -> String {
        var name = ""
        for character in String(describing: column) {
            if character.isUppercase { name += "_" + character.lowercased() } else { name.append(character) }
        }
        return name
    }

    /// Stops unless `names` (a statement's columns) holds these columns, in order, from
    /// `start`: the SELECT and the enum are written together, so a mismatch is this program's
    /// mistake, and every test that reads such rows finds it.
    static func check(_ names: [String], from start: Int = 0) {
        for column in allCases {
            let position = start + column.rawValue
            let expected = columnName(column)
            precondition(position < names.count && names[position].lowercased() == expected,
                         "column \(position) of the statement is \(position < names.count ? "'\(names[position])'" : "missing"), not '\(expected)': \(names)")
        }
    }
}
