import ArgumentParser
import CAllocator
import Foundation
import GalleryConfig
import GalleryHTML
import GalleryPublish
import GalleryStore

/// The `gallery` command. Exit codes: see `GalleryExitCode`, the one table of them.
@main
struct Gallery: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn a folder of photos and their annotations into masonry galleries.",
        // No release has been tagged yet: raise it with the first one (and the man page follows).
        version: "0.1.0",
        subcommands: [InitCommand.self, BuildCommand.self, ImportCommand.self, ExportCommand.self, ServeCommand.self, PublishCommand.self, PhotosCommand.self, LayoutCommand.self, LayoutsCommand.self, MapCommand.self, MeasureCommand.self, ProbeCommand.self]
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
            Foundation.exit(GalleryExitCode.failure.rawValue)
        case let described as CustomStringConvertible where !isArgumentParserError(error):
            let advice = commandLineAdvice(for: error).map { "; " + $0 } ?? ""
            FileHandle.standardError.write(Data("gallery: \(described.description)\(advice)\n".utf8))
            Foundation.exit(GalleryExitCode(for: error).rawValue)
        default:
            let code = exitCode(for: error)
            // ArgumentParser's usage errors exit with EX_USAGE (64); ours are documented as 2.
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(GalleryExitCode.usage.rawValue)
            }
            Gallery.exit(withError: error)
        }
    }

    /// What to type about an error of a lower module, which states only the facts.
    private static func commandLineAdvice(for error: any Error) -> String? {
        switch error {
        case StoreError.newerSchema: "or use another --db"
        case StoreError.unknownAlbum(_, let known) where known.isEmpty: "run 'gallery import PHOTOS/' first"
        case ExportError.notAnExport: "or pass --force to write into this one anyway"
        case ExportError.noLibrary: "run 'gallery import PHOTOS/' first"
        case ExportError.busy: "wait for it to finish (or stop it), then run this one again"
        case let error as PublishError: publishAdvice(for: error)
        default: nil
        }
    }

    /// What to do about a publish's failure.
    private static func publishAdvice(for error: PublishError) -> String? {
        switch error {
        case .target: "give s3://BUCKET or s3://BUCKET/PREFIX"
        case .credentials: "set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or a profile in ~/.aws/credentials (AWS_PROFILE)"
        case .site, .notAnExport: "give the folder 'gallery export --out' wrote"
        case .interruptedExport(let path), .missingFiles(let path, _, _): "run 'gallery export --out \(path)' again, then publish"
        case .unreachable: "check --endpoint and the network"
        case .unreadable, .cancelled: nil
        case .refused(_, let status, let code, _):
            switch code {
            case "SignatureDoesNotMatch": "check AWS_SECRET_ACCESS_KEY (the secret does not belong to this key) and --region"
            case "InvalidAccessKeyId": "check AWS_ACCESS_KEY_ID: the store does not know this key"
            case "NoSuchBucket": "create the bucket first, or check its name and --endpoint"
            case "AccessDenied": "this key may not write to this bucket: check its policy"
            case "AuthorizationHeaderMalformed", "IllegalLocationConstraintException": "check --region"
            default: status >= 500 ? "the store failed: try again later" : nil
            }
        case .incomplete(_, _, let cause):
            [publishAdvice(for: cause), "the same command again finishes the publish"].compactMap { $0 }.joined(separator: "; ")
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

/// Every exit code of `gallery`, in one place (README "Exit codes").
enum GalleryExitCode: Int32 {
    /// Done; an import that skipped bad files is done too (they are listed on stderr).
    case success = 0
    /// The work could not be done: a folder missing, a database that cannot be opened or written.
    case failure = 1
    /// Invalid usage: an unknown option, a value out of range, an album the library does not have.
    case usage = 2

    /// The code for an error the command could not get past.
    init(for error: any Error) {
        switch error {
        case StoreError.unknownAlbum, StoreError.emptyBrowsePage, StoreError.malformedBrowseName: self = .usage
        case PublishError.target: self = .usage
        // A configuration that cannot be used is wrong input, like a bad option.
        case is ConfigurationError: self = .usage
        default: self = .failure
        }
    }
}
