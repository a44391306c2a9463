#if canImport(Glibc)
import Glibc
#endif
import CFFmpeg

/// Why a video's poster or web version could not be made: the cause, as a person acts on it
/// (a damaged clip is skipped, a full disk stops everything), the file it concerns and what
/// FFmpeg said.
public struct VideoError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Cause: String, Sendable, Hashable {
        /// The clip's bytes do not decode: damaged, or not what its container says.
        case corruptInput
        /// The clip ends before what its container announces.
        case truncatedInput
        /// A codec or format this FFmpeg has no decoder (or encoder) for.
        case unsupportedCodec
        /// No space left on the disk (or the quota) being written.
        case diskFull
        /// Not allowed to read the clip or to write the output.
        case permissionDenied
        /// It took longer than the time allowed: a damaged file that keeps FFmpeg searching.
        case timedOut
        case outOfMemory
        /// Anything else FFmpeg or the system refused.
        case failed
    }

    public var cause: Cause
    /// The file concerned: the clip when reading, the output when writing.
    public var path: String
    /// What went wrong, in words that name what was being done.
    public var detail: String

    public init(_ cause: Cause, path: String, _ detail: String) {
        self.cause = cause
        self.path = path
        self.detail = detail
    }

    public var description: String {
        switch cause {
        case .diskFull: "\(detail); free some space and run the export again"
        case .permissionDenied: "\(detail); check the permissions of \(path)"
        case .truncatedInput: "\(detail); the file was probably cut short while copying, copy it again"
        default: detail
        }
    }

    /// An FFmpeg status (a negative AVERROR) met while `doing` something to `path`.
    /// `writing`: whether the output was being written (an unknown error then is not the input's fault).
    init(status: Int32, doing what: String, path: String, writing: Bool = false, timeLimitSeconds: Double? = nil) {
        let text = Self.message(status)
        switch -status {
        case ENOSPC, EDQUOT: self.init(.diskFull, path: path, "cannot \(what): no space left on the disk")
        case EACCES, EPERM, EROFS: self.init(.permissionDenied, path: path, "cannot \(what): \(text)")
        case ENOMEM: self.init(.outOfMemory, path: path, "cannot \(what): out of memory")
        default:
            if status == cffmpeg_error_exit() {
                let limit = timeLimitSeconds.map { "after \(Int($0)) s " } ?? ""
                self.init(.timedOut, path: path, "gave up \(limit)trying to \(what); the file is probably damaged")
            } else if status == cffmpeg_error_eof() {
                self.init(.truncatedInput, path: path, "the file ends before FFmpeg could \(what)")
            } else if status == cffmpeg_error_decoder_not_found() || status == cffmpeg_error_encoder_not_found()
                        || status == cffmpeg_error_patch_welcome() {
                self.init(.unsupportedCodec, path: path, "FFmpeg cannot \(what): \(text)")
            } else {
                self.init(writing ? .failed : .corruptInput, path: path, "FFmpeg could not \(what): \(text)")
            }
        }
    }

    /// The probe's error for the clip at `path` (its container's headers could not be used).
    init(_ error: ProbeError, path: String) {
        switch error {
        case .unreadable: self.init(.permissionDenied, path: path, "\(error)")
        case .truncated(let detail): self.init(.truncatedInput, path: path, detail)
        case .unsupportedFormat(let name): self.init(.unsupportedCodec, path: path, "FFmpeg has no decoder for its \(name)")
        default: self.init(.corruptInput, path: path, "\(error)")
        }
    }

    /// FFmpeg's words for a status.
    static func message(_ status: Int32) -> String {
        var message = [CChar](repeating: 0, count: 256)
        av_strerror(status, &message, message.count)
        return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension ProbeError {
    /// What the import says of a clip whose container FFmpeg could not read (`VideoInput`).
    init(_ error: VideoError) {
        self = error.cause == .truncatedInput ? .truncated(error.detail) : .corrupt(error.detail)
    }
}
