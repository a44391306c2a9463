import Foundation

/// Runs the built `gallery` executable, as a person would.
public enum GalleryBinary {
    /// The package root, found from this file's location.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `$GALLERY_BIN`, or the debug build next to the tests.
    public static var url: URL {
        if let path = ProcessInfo.processInfo.environment["GALLERY_BIN"] { return URL(fileURLWithPath: path) }
        return packageRoot.appending(path: ".build/debug/gallery")
    }

    public struct Output: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Starts `gallery ARGS` with stdout and stderr going to files in `folder`.
    public static func start(_ arguments: [String], in folder: URL) throws -> (Process, stdout: URL, stderr: URL) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let id = UUID().uuidString
        let out = folder.appending(path: ".out-\(id)"), err = folder.appending(path: ".err-\(id)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, out, err)
    }

    /// Runs `gallery ARGS` in `folder` to completion.
    public static func run(_ arguments: [String], in folder: URL) throws -> Output {
        let (process, out, err) = try start(arguments, in: folder)
        process.waitUntilExit()
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        return Output(
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }
}
