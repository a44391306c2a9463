import Foundation
import GalleryTestSupport
import Testing

/// The README's module table is the one map of the package: each of `Package.swift`'s targets
/// (tests aside) has a row, and the row's "depends on" names, in backticks, exactly the target's
/// dependencies as the manifest declares them. A module added, removed or rewired without its
/// row fails here, so the map cannot go stale.
@Suite("The README's module table and Package.swift's targets agree")
struct ModuleMapTests {
    struct Target: Decodable {
        var name: String
        var type: String
        var dependencies: [[String: [Dependency]]]

        /// A dependency as `dump-package` writes it: its first element is the name (a target,
        /// a product or either), the rest are the package and conditions.
        enum Dependency: Decodable {
            case name(String)
            case other
            init(from decoder: any Decoder) throws {
                let value = try decoder.singleValueContainer()
                self = (try? value.decode(String.self)).map(Dependency.name) ?? .other
            }
        }

        var dependencyNames: Set<String> {
            Set(dependencies.compactMap { $0.values.first?.first }.compactMap { if case .name(let name) = $0 { name } else { nil } })
        }
    }

    struct Manifest: Decodable {
        var targets: [Target]
    }

    /// `swift package dump-package` in a scratch folder of its own (the suite's build holds `.build`).
    static func manifestTargets() throws -> [String: Set<String>] {
        let scratch = try TemporaryDirectory("dump-package")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", GalleryBinary.packageRoot.path,
                             "--scratch-path", scratch.url.path, "dump-package"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestFailure(description: "swift package dump-package failed: " + String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
        let manifest = try JSONDecoder().decode(Manifest.self, from: data)
        return Dictionary(uniqueKeysWithValues: manifest.targets.filter { $0.type != "test" }.map { ($0.name, $0.dependencyNames) })
    }

    /// The README's Architecture table: each row's modules (backticked names in its first cell)
    /// with the backticked names of its second.
    static func readmeRows() throws -> [(modules: [String], dependencies: Set<String>)] {
        let readme = try String(contentsOf: GalleryBinary.packageRoot.appending(path: "README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## Architecture\n").dropFirst().first)
        let table = section.components(separatedBy: "\n").drop { !$0.hasPrefix("| module |") }.prefix { $0.hasPrefix("|") }
        return table.dropFirst(2).map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            return (backticked(cells[1]), Set(backticked(cells[2])))
        }
    }

    static func backticked(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test("every target has a row, every row a target, and each row's dependencies are the target's")
    func tableMatchesManifest() throws {
        let targets = try Self.manifestTargets()
        let rows = try Self.readmeRows()
        #expect(rows.count > 10, "the README's module table was not found")
        var documented: Set<String> = []
        for row in rows {
            for module in row.modules {
                documented.insert(module)
                guard let dependencies = targets[module] else {
                    Issue.record("README names `\(module)`, which Package.swift does not have")
                    continue
                }
                #expect(row.dependencies == dependencies,
                        "`\(module)`: README says \(row.dependencies.sorted()), Package.swift \(dependencies.sorted())")
            }
        }
        let missing = Set(targets.keys).subtracting(documented)
        #expect(missing.isEmpty, "Package.swift's targets without a row in README's module table: \(missing.sorted())")
    }

    @Test("the layout engine imports nothing but the C math library and the standard library's Synchronization")
    func layoutEngineStandsAlone() throws {
        let folder = GalleryBinary.packageRoot.appending(path: "Sources/GalleryLayout")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 10)
        for file in files {
            let text = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }.map { String($0.dropFirst("import ".count)) }
            let others = Set(imports).subtracting(["Glibc", "Darwin", "Synchronization"])
            #expect(others.isEmpty, "Sources/GalleryLayout/\(file) imports \(others.sorted())")
        }
    }
}
