import GRDB

/// A font face as the store keeps it beside the characters it draws (`font_characters`).
public struct StoredFontFace: Sendable, Hashable {
    public var family: String
    public var path: String
    public var index: Int
    public var package: String

    public init(family: String, path: String, index: Int, package: String) {
        self.family = family
        self.path = path
        self.index = index
        self.package = package
    }
}

/// The characters each face draws for the library's texts, and the styles they were found for.
public struct KeptFontCharacters: Sendable {
    /// The style fingerprints the characters were found for; nil when never found (a library
    /// made before they were kept).
    public var styles: String?
    public var characters: [StoredFontFace: String]
}

extension GalleryDatabase {
    /// The characters each face draws for the library's texts, and the styles they were found
    /// for (nil when never found: a library made before they were kept).
    public func fontCharacters() throws -> KeptFontCharacters {
        try read { db in
            let styles = try String.fetchOne(db, sql: "SELECT value FROM library_settings WHERE key = 'font_characters'")
            var result: [StoredFontFace: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT family, path, face_index, package, characters FROM font_characters") {
                result[StoredFontFace(family: row["family"], path: row["path"], index: row["face_index"], package: row["package"])] = row["characters"]
            }
            return KeptFontCharacters(styles: styles, characters: result)
        }
    }

    /// Adds characters to what each face draws (one transaction). With `replacing`, the rows
    /// are first cleared: the characters were found again from every text.
    public func addFontCharacters(_ characters: [StoredFontFace: Set<Unicode.Scalar>], styles: String, replacing: Bool = false) throws {
        try write { db in
            if replacing { try db.execute(sql: "DELETE FROM font_characters") }
            for (face, added) in characters where !added.isEmpty {
                var all = Set((try String.fetchOne(db, sql: "SELECT characters FROM font_characters WHERE family = ?", arguments: [face.family]) ?? "").unicodeScalars)
                let before = all.count
                all.formUnion(added)
                if all.count == before && !replacing { continue }
                var text = String.UnicodeScalarView()
                text.append(contentsOf: all.sorted { $0.value < $1.value })
                try db.execute(sql: """
                    INSERT INTO font_characters (family, path, face_index, package, characters) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (family) DO UPDATE SET path = excluded.path, face_index = excluded.face_index,
                        package = excluded.package, characters = excluded.characters
                    """, arguments: [face.family, face.path, face.index, face.package, String(text)])
            }
            try db.execute(sql: "INSERT OR REPLACE INTO library_settings (key, value) VALUES ('font_characters', ?)", arguments: [styles])
        }
    }
}
