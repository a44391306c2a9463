import ArgumentParser
import Foundation
import GalleryConfig

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented gallery.toml, every key at its default, into a photo folder.",
        discussion: "Edit it, then run 'gallery build FOLDER --out SITE' (or 'gallery serve FOLDER') to see the result."
    )

    @Argument(help: ArgumentHelp("The photo folder (default: the current folder).", valueName: "folder"))
    var folder: String = "."

    @Flag(help: "Replace a gallery.toml that is already there.")
    var force = false

    func run() throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandFailure(message: "\(folder) is not a folder")
        }
        let url = URL(fileURLWithPath: folder).standardizedFileURL
        let path = url.appending(path: ConfigurationReader.fileName).path
        if FileManager.default.fileExists(atPath: path), !force {
            throw CommandFailure(message: "\(path) exists already; edit it, or pass --force to replace it with the defaults")
        }
        let name = url.lastPathComponent.isEmpty ? "Photos" : url.lastPathComponent
        try Data(ConfigurationTemplate.text(folderName: name).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        print("wrote \(path)")
    }
}
