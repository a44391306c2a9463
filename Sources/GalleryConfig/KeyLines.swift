import Foundation

/// Where each table and key of a TOML file is defined, by line, for errors that name the line
/// (TOMLKit gives lines for syntax errors only). The file has parsed already, so a plain scan
/// of table headers and `key =` lines is enough; multi-line strings are stepped over.
struct KeyLines {
    /// "table.key" (or "table" for a header, ".key" for a key outside any table) → 1-based line.
    private var lines: [String: Int] = [:]

    init(_ text: String) {
        var table = ""
        var openString: String? = nil  // the delimiter of a multi-line string being stepped over
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            if let delimiter = openString {
                if Self.occurrences(of: delimiter, in: line) % 2 == 1 { openString = nil }
                continue
            }
            if line.hasPrefix("[") {
                let inner = line.drop { $0 == "[" }.prefix { $0 != "]" }
                table = Self.unquoted(inner.trimmingCharacters(in: .whitespaces))
                if lines[table] == nil { lines[table] = number }
                continue
            }
            guard let equals = Self.keyEnd(line) else { continue }
            let key = Self.unquoted(String(line[..<equals]).trimmingCharacters(in: .whitespaces))
            let full = table.isEmpty ? key : table + "." + key
            // A dotted key at the top ("look.theme") names a table and its key.
            if table.isEmpty, let dot = key.lastIndex(of: ".") {
                let owner = String(key[..<dot])
                if lines[owner] == nil { lines[owner] = number }
            }
            if lines[table.isEmpty ? "." + key : full] == nil { lines[table.isEmpty ? "." + key : full] = number }
            if table.isEmpty, key.contains("."), lines[key] == nil { lines[key] = number }
            let value = line[line.index(after: equals)...]
            for delimiter in ["\"\"\"", "'''"] where Self.occurrences(of: delimiter, in: String(value)) % 2 == 1 {
                openString = delimiter
            }
        }
    }

    /// The line of `key` in `table`, else of the table; `key` nil: the table's header.
    func line(table: String, key: String?) -> Int? {
        guard let key else { return lines[table] }
        if table.isEmpty { return lines["." + key] }
        return lines[table + "." + key] ?? lines[table]
    }

    /// Where a `key = value` line's `=` is (outside quotes), or nil for other lines.
    private static func keyEnd(_ line: String) -> String.Index? {
        guard let first = line.first, first != "#" else { return nil }
        var quote: Character? = nil
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "=" {
                return index
            } else if character == "#" {
                return nil
            }
            index = line.index(after: index)
        }
        return nil
    }

    private static func unquoted(_ key: String) -> String {
        key.split(separator: ".").map { part in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            if trimmed.count >= 2, let first = trimmed.first, first == "\"" || first == "'", trimmed.last == first {
                return String(trimmed.dropFirst().dropLast())
            }
            return trimmed
        }.joined(separator: ".")
    }

    private static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}
