import Crypto
import Foundation

/// Every file of an exported site with its SHA-256, one `DIGEST  PATH` line each in path order
/// (as `sha256sum` prints them), held to a golden file: a change to the code that was to change
/// nothing visible shows here as the files whose bytes moved. `RECORD_SNAPSHOTS=1` records the
/// golden file again; the commit that does says which files changed on purpose.
public enum SiteDigest {
    /// The lines for `site`'s files, hidden ones (the export's own records) and the probe pages
    /// other tests write beside a shared site's pages left out.
    public static func lines(of site: URL) throws -> [String] {
        let paths = (FileManager.default.enumerator(atPath: site.path)?.compactMap { $0 as? String } ?? []).filter { path in
            let parts = path.split(separator: "/")
            var isFolder: ObjCBool = false
            return !parts.contains { $0.hasPrefix(".") || $0.contains("probe") }
                && FileManager.default.fileExists(atPath: site.appending(path: path).path, isDirectory: &isFolder) && !isFolder.boolValue
        }
        return try paths.sorted().map { path in
            let data = try Data(contentsOf: site.appending(path: path))
            return SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined() + "  " + path
        }
    }

    /// The digest of each of `site`'s files (as `lines`), by path: two sites compared file for file.
    public static func byPath(of site: URL) throws -> [String: String] {
        Dictionary(try lines(of: site).map { (String($0.dropFirst(66)), String($0.prefix(64))) }, uniquingKeysWith: { first, _ in first })
    }

    /// How a site made again after changes differs from a fresh export of the same library
    /// (`fresh`): every file byte for byte, but those that name the search's documents by
    /// number (its index, its words' shards, the map's points), which a rebuild keeps where a
    /// fresh export numbers afresh (`SearchNumbering`): those must find the same photos at the
    /// same places. Empty when they agree.
    public static func differences(rebuilt site: URL, fresh: URL) throws -> [String] {
        let rebuilt = try byPath(of: site), first = try byPath(of: fresh)
        let numbered = { (name: String) in
            ["data/search.index.js", "data/search.terms-", "data/search.recent-", "data/map.part-", "data/map.points"].contains { name.hasPrefix($0) }
        }
        let keys = Set(rebuilt.keys.filter { !numbered($0) }), freshKeys = Set(first.keys.filter { !numbered($0) })
        var found = keys.symmetricDifference(freshKeys).sorted().map { "only in \(keys.contains($0) ? "the rebuilt site" : "the fresh export"): \($0)" }
        found += keys.intersection(freshKeys).sorted().filter { rebuilt[$0] != first[$0] }.map { "differs: \($0)" }
        guard rebuilt["data/search.index.js"] != nil || first["data/search.index.js"] != nil else { return found }
        guard rebuilt["data/search.index.js"] != nil, first["data/search.index.js"] != nil else { return found + ["only one has a search index"] }
        let search = try SearchIndexFile(site: site), freshSearch = try SearchIndexFile(site: fresh)
        if search.count != freshSearch.count || search.blockStarts != freshSearch.blockStarts || search.blocks != freshSearch.blocks {
            found.append("the search's blocks differ")
        }
        let words = try search.placesByWord(in: site), freshWords = try freshSearch.placesByWord(in: fresh)
        for word in Set(words.keys).union(freshWords.keys).sorted() where words[word] != freshWords[word] {
            found.append("the search finds \(word) at \(words[word] ?? []), a fresh export at \(freshWords[word] ?? [])")
        }
        for listing in Set(rebuilt.keys.filter { $0.hasPrefix("data/map.points") }).union(first.keys.filter { $0.hasPrefix("data/map.points") }).sorted() {
            let points = rebuilt[listing] == nil ? [] : try search.mapPoints(listing: listing, in: site)
            let freshPoints = first[listing] == nil ? [] : try freshSearch.mapPoints(listing: listing, in: fresh)
            if points != freshPoints { found.append("\(listing): the points differ from a fresh export's") }
        }
        return found
    }

    /// The files whose digest differs from `golden`'s (or that only one side has), as lines
    /// that say so; empty when the site is the recorded one. Records `golden` first under
    /// `RECORD_SNAPSHOTS=1`.
    public static func differences(of site: URL, from golden: URL) throws -> [String] {
        let now = try lines(of: site)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try (now.joined(separator: "\n") + "\n").write(to: golden, atomically: true, encoding: .utf8)
        }
        let recorded = try String(contentsOf: golden, encoding: .utf8).split(separator: "\n").map(String.init)
        func byPath(_ lines: [String]) -> [String: String] {
            Dictionary(lines.map { (String($0.dropFirst(66)), String($0.prefix(64))) }, uniquingKeysWith: { first, _ in first })
        }
        let before = byPath(recorded), after = byPath(now)
        return Set(before.keys).union(after.keys).sorted().compactMap { path in
            switch (before[path], after[path]) {
            case let (old?, new?) where old != new: "changed: \(path)"
            case (nil, _?): "new: \(path)"
            case (_?, nil): "gone: \(path)"
            default: nil
            }
        }
    }
}
