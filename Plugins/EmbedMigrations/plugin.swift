import Foundation
import PackagePlugin

/// Compiles `Migrations/*.sql` (at the package root, the one place the schema is defined) into
/// a Swift source of the target, so an installed `gallery` binary needs no source tree.
@main
struct EmbedMigrations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Migrations")
        let files = try FileManager.default
            .contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) migrations",
                executable: try context.tool(named: "embed-files").url,
                arguments: [output.path, "EmbeddedMigrations"] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }
}
