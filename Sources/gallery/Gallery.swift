import ArgumentParser
import CAllocator
import Foundation

/// The `gallery` command. Exit codes (README "Exit codes"):
/// 0 success (an import that skipped bad files still succeeds), 1 the work could not be done
/// (database unwritable, folder missing), 2 invalid usage.
@main
struct Gallery: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn a folder of photos and their annotations into masonry galleries.",
        subcommands: [BuildCommand.self, ImportCommand.self, ExportCommand.self, ServeCommand.self, PhotosCommand.self, LayoutCommand.self, LayoutsCommand.self, MeasureCommand.self, ProbeCommand.self]
    )

    static func main() async {
        // Decoding and resizing allocate pixel buffers of a few MB per photo. By default glibc
        // maps and unmaps each one, and the page faults cost more system time than the
        // resampling; kept in the heap they are reused (peak memory stays bounded by the jobs).
        gallery_keep_large_buffers_in_heap()
        do {
            var command = try parseAsRoot()
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withGalleryError: error)
        }
    }

    /// One place turns errors into text and exit codes.
    static func exit(withGalleryError error: any Error) -> Never {
        switch error {
        case let error as CommandFailure:
            FileHandle.standardError.write(Data("gallery: \(error.message)\n".utf8))
            Foundation.exit(1)
        case let described as CustomStringConvertible where !isArgumentParserError(error):
            FileHandle.standardError.write(Data("gallery: \(described.description)\n".utf8))
            Foundation.exit(1)
        default:
            let code = exitCode(for: error)
            // ArgumentParser's usage errors exit with EX_USAGE (64); ours are documented as 2.
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            Gallery.exit(withError: error)
        }
    }

    private static func isArgumentParserError(_ error: any Error) -> Bool {
        error is ExitCode || error is CleanExit || error is ValidationError || exitCode(for: error) != .failure
    }
}

/// A failure already phrased for the user (what went wrong and what to do); exit code 1.
struct CommandFailure: Error {
    var message: String
}
