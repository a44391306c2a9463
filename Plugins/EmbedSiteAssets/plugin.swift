import Foundation
import PackagePlugin

/// Compiles the page's script and styles (`Assets/*.js`, `Assets/*.css` in the target's folder:
/// real files, which editors, linters and diffs see as what they are) into a Swift source of
/// the target, so an installed `gallery` binary needs no source tree.
@main
struct EmbedSiteAssets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let folder = target.directoryURL.appending(path: "Assets")
        let files = try FileManager.default
            .contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { ["js", "css"].contains($0.pathExtension) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedSiteAssets.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) page assets",
                executable: try context.tool(named: "embed-files").url,
                arguments: [output.path, "EmbeddedSiteAssets", "--keep-extension"] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }
}
