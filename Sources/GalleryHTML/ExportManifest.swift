import Foundation
import GalleryJSON

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
        try JSON.decode(ExportManifest.self, from: data, userInfo: [thumbnailWidthsKey: thumbnailWidths])
    }

    /// The manifest's JSON, keys sorted and indented as `JSONEncoder`'s `.prettyPrinted`
    /// writes them, the names in sorted order, handed to `emit` a piece at a time.
    static func write(complete: Bool, files: ExportFiles, _ emit: (String) throws -> Void) rethrows {
        var text = "{\n  \"complete\" : \(complete),\n  \"files\" : ["
        var first = true
        try files.forEachSorted { name in
            text += (first ? "\n    " : ",\n    ") + quoted(name)
            first = false
            if text.utf8.count >= 1 << 16 {
                try emit(text)
                text = ""
            }
        }
        text += first ? "\n\n  ],\n" : "\n  ],\n"
        text += "  \"generator\" : \"gallery\"\n}"
        try emit(text)
    }

    /// The whole manifest (tests; an export streams it with `write(complete:files:to:)`).
    static func data(complete: Bool, files: ExportFiles) -> Data {
        var data = Data()
        write(complete: complete, files: files) { data.append(contentsOf: $0.utf8) }
        return data
    }

    /// Writes the manifest at `url` a piece at a time, atomically (a temporary file renamed
    /// over it), unless the file already holds exactly these bytes: a rerun with nothing
    /// changed leaves it untouched. Never holds the whole list (11 MB at 100,000 photos).
    static func write(complete: Bool, files: ExportFiles, to url: URL) throws {
        let existing = FileHandle(forReadingAtPath: url.path)
        defer { try? existing?.close() }
        var same = existing != nil
        let temporary = url.deletingLastPathComponent().appending(path: ".\(url.lastPathComponent).\(getpid()).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
              let output = FileHandle(forWritingAtPath: temporary.path) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        do {
            try write(complete: complete, files: files) { piece in
                let bytes = Data(piece.utf8)
                try output.write(contentsOf: bytes)
                if same, let existing { same = (try existing.read(upToCount: bytes.count) ?? Data()) == bytes }
            }
            if same, let existing { same = (try existing.read(upToCount: 1) ?? Data()).isEmpty }
            try output.synchronize()
            try output.close()
            if same {
                try FileManager.default.removeItem(at: temporary)
            } else if rename(temporary.path, url.path) != 0 {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        } catch {
            try? output.close()
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Reads a manifest a line at a time when it has the shape `write` gives it (one name per
    /// line), through `JSON.decode` otherwise; nil when the file is missing or is no manifest.
    static func read(at url: URL, thumbnailWidths: [Int]) -> ExportManifest? {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? handle.close() }
        var files = ExportFiles(thumbnailWidths: thumbnailWidths)
        var complete: Bool?
        var pending = Data()
        var inFiles = false, ended = false, plain = true
        // Bytes, not Strings: trimming each of 360,000 lines through Foundation was half of
        // reading the manifest at 100,000 photos.
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), backslash = UInt8(ascii: "\\")
        func line(_ bytes: Data) {
            var lower = bytes.startIndex, upper = bytes.endIndex
            while lower < upper, bytes[lower] == 0x20 || bytes[lower] == 0x09 { lower += 1 }
            while upper > lower, bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 || bytes[upper - 1] == 0x0D { upper -= 1 }
            let trimmed = bytes[lower ..< upper]
            if inFiles {
                if trimmed.elementsEqual("],".utf8) || trimmed.elementsEqual("]".utf8) { inFiles = false; return }
                if trimmed.isEmpty { return }
                let literal = trimmed.last == comma ? trimmed.dropLast() : trimmed
                guard literal.count >= 2, literal.first == quote, literal.last == quote else { plain = false; return }
                if literal.contains(backslash) {
                    guard let name = try? JSON.decode(String.self, from: Array(literal)) else { plain = false; return }
                    files.insert(name)
                } else {
                    files.insert(String(decoding: literal.dropFirst().dropLast(), as: UTF8.self))
                }
                return
            }
            switch String(decoding: trimmed, as: UTF8.self) {
            case "{", "\"generator\" : \"gallery\"": return
            case "}": ended = true
            case "\"complete\" : true,": complete = true
            case "\"complete\" : false,": complete = false
            case "\"files\" : [": inFiles = true
            default: plain = false
            }
        }
        while plain, let chunk = try? handle.read(upToCount: 1 << 16), !chunk.isEmpty {
            pending.append(chunk)
            // Lines by index; what they used is dropped once per piece read, not per line.
            var start = pending.startIndex
            while plain, let newline = pending[start...].firstIndex(of: 0x0A) {
                line(pending[start ..< newline])
                start = newline + 1
            }
            pending = Data(pending[start...])
        }
        if plain, !pending.isEmpty { line(pending) }
        if plain, ended, let complete { return ExportManifest(complete: complete, files: files) }
        // Another shape (written by hand, or by another version): the whole file through JSON.
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try? read(data, thumbnailWidths: thumbnailWidths)
    }

    init(complete: Bool, files: ExportFiles) {
        self.complete = complete
        self.files = files
    }

    /// A JSON string, as the one JSON writer writes it.
    private static func quoted(_ name: String) -> String {
        // Printable ASCII but '"' and '\\' is written as it is ('/' too: the writer leaves
        // slashes), which is every name an export makes: the writer's call per name was a
        // third of the manifest's time at 100,000 photos.
        if name.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + name + "\""
        }
        return (try? JSON.string(name)) ?? "\"\""
    }
}
