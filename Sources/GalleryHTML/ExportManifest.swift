import Foundation

/// `.gallery-export.json`: the files an export owns in its folder (the only ones it will ever
/// delete), and whether an export into the folder has finished.
///
/// Read and written a name at a time into `ExportFiles`: the list holds three names per photo,
/// and a library of 100,000 photos should not hold 300,000 strings (twice) to keep it.
struct ExportManifest: Decodable {
    var complete: Bool
    var files: ExportFiles

    /// The grid's thumbnail widths (`[Int]`), which `ExportFiles` needs to keep image names compactly.
    static let thumbnailWidthsKey = CodingUserInfoKey(rawValue: "thumbnailWidths")!

    private enum Keys: String, CodingKey { case complete, files, generator }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        complete = try container.decodeIfPresent(Bool.self, forKey: .complete) ?? false
        files = ExportFiles(thumbnailWidths: decoder.userInfo[Self.thumbnailWidthsKey] as? [Int] ?? [])
        var list = try container.nestedUnkeyedContainer(forKey: .files)
        while !list.isAtEnd { files.insert(try list.decode(String.self)) }
    }

    static func read(_ data: Data, thumbnailWidths: [Int]) throws -> ExportManifest {
        let decoder = JSONDecoder()
        decoder.userInfo[thumbnailWidthsKey] = thumbnailWidths
        return try decoder.decode(ExportManifest.self, from: data)
    }

    /// The manifest's JSON, keys sorted and indented as `JSONEncoder`'s `.prettyPrinted`
    /// writes them, the names streamed in sorted order.
    static func data(complete: Bool, files: ExportFiles) -> Data {
        var text = "{\n  \"complete\" : \(complete),\n  \"files\" : ["
        var first = true
        files.forEachSorted { name in
            text += (first ? "\n    " : ",\n    ") + quoted(name)
            first = false
        }
        text += first ? "\n\n  ],\n" : "\n  ],\n"
        text += "  \"generator\" : \"gallery\"\n}"
        return Data(text.utf8)
    }

    /// A JSON string (slashes unescaped).
    private static func quoted(_ name: String) -> String {
        var out = "\""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let digits = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
