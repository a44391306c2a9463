import Foundation

/// A plain left-aligned text table for terminal output; long cells are cut with an ellipsis.
struct TextTable {
    let columns: [String]
    private var rows: [[String]] = []
    private let maximumCellWidth = 48

    init(columns: [String]) { self.columns = columns }

    mutating func add(_ row: [String]) {
        rows.append(row.map { cell in
            let flat = cell.replacingOccurrences(of: "\n", with: " ")
            return flat.count > maximumCellWidth ? String(flat.prefix(maximumCellWidth - 1)) + "…" : flat
        })
    }

    func rendered() -> String {
        var widths = columns.map(\.count)
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (i, cell) in cells.enumerated() {
                text += i == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count + 2)
            }
            return text + "\n"
        }
        return line(columns) + rows.map(line).joined()
    }
}
