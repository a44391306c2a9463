import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import GalleryConfig
import GalleryStore
import TextMetrics

/// `--config`, shared by the commands that make a site (import, build, export, serve).
struct ConfigurationOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The configuration file (default: gallery.toml in the photo folder, if there is one).", valueName: "file"))
    var config: String?

    /// The configuration for photos in `folder`: `--config`, else `folder/gallery.toml`, else
    /// the defaults. A file that exists and cannot be used is an error before anything is
    /// written (`ConfigurationError`, exit code 2).
    func load(folder: String?) throws -> GalleryConfiguration {
        try loadFile(folder: folder) ?? GalleryConfiguration()
    }

    /// Reads every album's `album.toml` or `index.md` under `folder` (hidden folders skipped, as
    /// the import skips them), so that a mistake in one stops the command before it writes.
    func checkAlbums(folder: String) throws {
        var pending = [folder]
        var seen = Set<String>()
        while let current = pending.popLast() {
            let resolved = URL(fileURLWithPath: current).resolvingSymlinksInPath().path
            guard seen.insert(resolved).inserted else { continue }
            _ = try AlbumSettingsReader.read(folder: current)
            pending += Self.subfolders(of: current)
        }
    }

    /// The folders in `folder` (symbolic links to folders too), hidden ones left out. Told by
    /// the directory's own entry types where the file system gives them: a stat of each of
    /// 100,000 photos was a quarter of a second of every import.
    private static func subfolders(of folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var folders: [String] = []
        while let entry = readdir(directory) {
            let type = entry.pointee.d_type
            guard type == DT_DIR || type == DT_LNK || type == DT_UNKNOWN else { continue }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix(".") else { continue }
            let path = folder + "/" + name
            var isFolder = ObjCBool(type == DT_DIR)
            if type == DT_DIR || FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                folders.append(path)
            }
        }
        return folders
    }

    /// The configuration file's, or nil when there is none.
    func loadFile(folder: String?) throws -> GalleryConfiguration? {
        let path: String
        if let config {
            path = config
        } else {
            guard let folder else { return nil }
            path = URL(fileURLWithPath: folder).appending(path: ConfigurationReader.fileName).path
            guard FileManager.default.fileExists(atPath: path) else { return nil }
        }
        return try ConfigurationReader.read(path: path, fontFamilyExists: { FontFamilyLookup.exists($0) })
    }

    /// The configuration of a library's photo folder (the folder it was imported from).
    func load(library database: GalleryDatabase) throws -> GalleryConfiguration {
        let root = try database.libraryRoot()
        if let root { try checkAlbums(folder: root) }
        return try load(folder: config == nil ? root : nil)
    }
}
