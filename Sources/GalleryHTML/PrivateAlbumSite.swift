import Crypto
import Foundation
import GalleryConfig
import GalleryCrypt
import GalleryStore
import GalleryWork

/// A private album's own site, sealed: the album exported alone as a one-album site (its grid,
/// lightbox, videos, search, ZIP — every file the public albums have) into a staging folder
/// beside the library (`gallery.db.private/TOKEN/`, never in the site), then every file of it
/// sealed with the album's key (`SealedFile`) into the site's `private/TOKEN/`, under the same
/// names, with the key wrapped by the password in `private/TOKEN/key.json`. The page's service
/// worker opens them for a visitor who gave the password; to anyone else they are noise.
///
/// The key is the library's (`album_keys`): a new password re-wraps it, and only files that
/// changed are sealed again.
struct PrivateAlbumSite {
    /// A private album of the library, with its password.
    struct Album: Sendable {
        var path: String
        var password: String
        var warnings: [String]
    }

    let album: Album
    /// "private/" + 16 hex digits: where its sealed site is, in the site.
    let folder: String
    /// Its password page in the site ("album-family-….html").
    let page: String
    /// The site's title: its own site's home link leads back to it.
    let siteTitle: String

    /// The entry of `.sealed.json` that names the key its files were sealed with (no file's
    /// relative path starts with a slash).
    static let keyEntry = "/key"
    /// The extensions of the text files sealed gzipped (pages, scripts, styles, data, search shards).
    static let gzipped: Set<String> = ["html", "js", "css", "json", "svg", "xml", "txt"]

    /// The library's private albums, each with its password (`AlbumPassword`).
    /// - Throws: `ConfigurationError` for an album with no password: the export stops before it writes.
    static func find(database: GalleryDatabase, environment: [String: String], ask: (String) -> String?) throws -> [Album] {
        guard let root = try database.libraryRoot() else { return [] }
        var found: [Album] = []
        for album in try database.albums() where album.photoCount > 0 {
            let folder = album.path.isEmpty ? root : root + "/" + album.path
            guard let settings = try AlbumSettingsReader.read(folder: folder), settings.visibility == .private else { continue }
            let file = FileManager.default.fileExists(atPath: folder + "/" + AlbumSettingsReader.tomlName)
                ? folder + "/" + AlbumSettingsReader.tomlName : folder + "/" + AlbumSettingsReader.markdownName
            let password = try AlbumPassword.find(settings: settings, folder: folder, settingsFile: file, environment: environment, ask: ask)
            found.append(Album(path: album.path, password: password.password, warnings: password.warnings))
        }
        return found
    }

    /// Exports the album's own site into its staging folder, seals what changed into the site,
    /// and writes its key. Returns the names of the site's files it holds (the export keeps
    /// them; sealed files of an older state are removed with the export's other stale files).
    func write(into site: URL, exporter: SiteExporter, events: @escaping @Sendable (ProgressEvent) -> Void) throws -> [String] {
        let database = exporter.database
        guard let key = AlbumKey(rawBytes: try database.albumKey(path: album.path) { AlbumKey.random().rawBytes }) else {
            throw ExportError.cannotWrite(path: database.path, reason: "the album key of '\(album.path)' is not 32 bytes")
        }
        let token = String(folder.dropFirst("private/".count))
        let staging = URL(fileURLWithPath: database.path + ".private").appending(path: token)
        // Its own site: the album alone, no browse pages (they would be its own photos again).
        var configuration = exporter.configuration
        configuration.browse.by = []
        configuration.site.title = siteTitle
        _ = try SiteExporter(database: database, outFolder: staging.path, force: true, jobs: exporter.jobs, geometry: exporter.geometry,
                             encodeImages: exporter.encodeImages, publishLocation: exporter.publishLocation,
                             configuration: configuration, onlyAlbum: album.path).run(events: events)

        // Seal each file whose size or time changed since it was last sealed with this key (a
        // library made anew has a new key: everything is sealed again).
        let stateFile = staging.appending(path: ".sealed.json")
        let keyID = SHA256.hash(data: key.rawBytes).prefix(8).map { String(format: "%02x", $0) }.joined()
        var before = (try? JSONDecoder().decode([String: String].self, from: Data(contentsOf: stateFile))) ?? [:]
        if before[Self.keyEntry] != keyID { before = [:] }
        var after: [String: String] = [Self.keyEntry: keyID]
        var names: [String] = []
        let walker = FileManager.default.enumerator(at: staging, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey, .contentModificationDateKey])
        while let url = walker?.nextObject() as? URL {
            let relative = String(url.standardizedFileURL.path.dropFirst(staging.standardizedFileURL.path.count + 1))
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            let values = try url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey, .contentModificationDateKey])
            guard values.isRegularFile == true else { continue }
            let stamp = "\(values.fileSize ?? 0) \(values.contentModificationDate?.timeIntervalSince1970 ?? 0)"
            let name = SiteFileName.sealed(folder: folder, path: relative).name
            let target = site.appending(path: name)
            if before[relative] != stamp || !FileManager.default.fileExists(atPath: target.path) {
                do {
                    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    if Self.gzipped.contains(url.pathExtension.lowercased()) {
                        // Text, small: gzipped, then sealed whole (a host cannot compress ciphertext).
                        try SealedFile.seal(try Data(contentsOf: url), key: key, gzipping: true).write(to: target, options: .atomic)
                    } else {
                        try SealedFile.seal(file: url.path, to: target.path, key: key)
                    }
                } catch {
                    throw ExportError.cannotWrite(path: target.path, reason: "\(error)")
                }
            }
            after[relative] = stamp
            names.append(name)
        }
        try JSONEncoder().encode(after).write(to: stateFile, options: .atomic)

        // The key, wrapped again only when the password changed (a new salt each time).
        let keyName = SiteFileName.sealed(folder: folder, path: "key.json").name
        let keyFile = site.appending(path: keyName)
        let kept = (try? Data(contentsOf: keyFile)).flatMap { try? JSONDecoder().decode(WrappedAlbumKey.self, from: $0) }
        if kept?.page != page || (try? kept?.unwrap(password: album.password)) != key {
            var wrapped = try WrappedAlbumKey(wrapping: key, password: album.password)
            wrapped.page = page
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(wrapped).write(to: keyFile, options: .atomic)
        }
        return names + [keyName]
    }
}
