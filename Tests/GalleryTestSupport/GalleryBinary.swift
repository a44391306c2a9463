import Foundation

/// Runs the built `gallery` executable, as a person would.
public enum GalleryBinary {
    /// `gallery photos [ARGUMENTS] --json` in `folder`, as objects; the command's stderr when it fails.
    public static func listedPhotos(in folder: URL, _ arguments: [String] = []) throws -> [[String: Any]] {
        let listed = try run(["photos"] + arguments + ["--json"], in: folder)
        guard listed.status == 0 else { throw TestVideos.Failure(description: "gallery photos \(arguments.joined(separator: " ")) --json: \(listed.stderr)") }
        return try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
    }

    /// The package root, found from this file's location.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `$GALLERY_BIN`, or the debug build next to the tests.
    public static var url: URL {
        if let path = ProcessInfo.processInfo.environment["GALLERY_BIN"] { return URL(fileURLWithPath: path) }
        return packageRoot.appending(path: ".build/debug/gallery")
    }

    /// `make-sample-data` (its `--album N DIR` writes a large annotated album).
    public static var sampleData: URL { url.deletingLastPathComponent().appending(path: "make-sample-data") }

    public struct Output: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Starts `gallery ARGS` (or another of the package's programs) with stdout and stderr going to files in `folder`.
    /// - Parameters:
    ///   - environment: added to the process's environment.
    ///   - input: the process's standard input (none when nil).
    public static func start(_ arguments: [String], in folder: URL, environment: [String: String] = [:], input: String? = nil,
                             executable: URL = url) throws -> (Process, stdout: URL, stderr: URL) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let id = UUID().uuidString
        let out = folder.appending(path: ".out-\(id)"), err = folder.appending(path: ".err-\(id)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        if let input {
            let file = folder.appending(path: ".in-\(id)")
            try Data(input.utf8).write(to: file)
            process.standardInput = try FileHandle(forReadingFrom: file)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        return (process, out, err)
    }

    /// A running `gallery serve` and what it writes.
    public struct Server {
        public var process: Process
        /// Its address, from its `serving URL` line; nil when none came.
        public var url: URL?
        public var stdout: ProcessOutput
        public var stderr: ProcessOutput

        /// Its address, or a failure that says what it wrote instead.
        public func address() throws -> URL {
            guard let url else { throw HeadlessChromium.Failure(description: "gallery serve printed no URL: \(stderr.text)") }
            return url
        }

        /// Stops it (SIGTERM) and waits for it to end.
        public func stop() {
            process.terminate()
            process.waitUntilExit(timeout: 30)
        }
    }

    /// Imports `library` (relative to `folder`) and serves it (`gallery serve --port 0`): the
    /// server, to be stopped with `stop()`.
    public static func importAndServe(_ library: String, in folder: URL) async throws -> Server {
        let imported = try run(["import", library, "--quiet"], in: folder)
        guard imported.status == 0 else { throw HeadlessChromium.Failure(description: "gallery import: \(imported.stderr)") }
        return try await serve(["--port", "0"], in: folder)
    }

    /// Starts `gallery serve ARGS` (with `--port 0` among them) in `folder` and returns once it
    /// has printed its `serving URL` line (or ended, or printed none within `timeout` seconds).
    public static func serve(_ arguments: [String], in folder: URL, timeout: Double = 120) async throws -> Server {
        let process = Process()
        process.executableURL = url
        process.arguments = ["serve"] + arguments
        process.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = ProcessOutput(out), stderr = ProcessOutput(err)
        let line = await stdout.line(containing: "serving http://127.0.0.1:", timeout: timeout)
        return Server(process: process, url: line.flatMap { URL(string: String($0.dropFirst("serving ".count))) }, stdout: stdout, stderr: stderr)
    }

    /// Runs `gallery ARGS` in `folder` to completion.
    /// - Parameter timeout: seconds after which the run is stopped and reported as failed
    ///   (status -1, the reason at the end of stderr).
    public static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:], input: String? = nil,
                           executable: URL = url, timeout: Double = 600) throws -> Output {
        let (process, out, err) = try start(arguments, in: folder, environment: environment, input: input, executable: executable)
        let inTime = process.waitUntilExit(timeout: timeout)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        return Output(
            status: inTime ? process.terminationStatus : -1,
            stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            stderr: ((try? String(contentsOf: err, encoding: .utf8)) ?? "")
                + (inTime ? "" : "\n(gallery \(arguments.joined(separator: " ")) stopped after \(Int(timeout)) s)"))
    }
}
