import AsyncHTTPClient
import NIOCore
import NIOPosix
#if canImport(Glibc)
import Glibc
#endif

/// Why a request got no answer, told from the error's type (AsyncHTTPClient's, SwiftNIO's
/// connection and system errors), not from its text.
enum NetworkFailure: Equatable, CustomStringConvertible {
    case connectionRefused
    case noSuchHost
    case timedOut
    case connectionClosed
    case other(String)

    init(_ error: any Error) {
        switch error {
        case let error as HTTPClientError:
            switch error {
            case .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded: self = .timedOut
            case .remoteConnectionClosed: self = .connectionClosed
            default: self = .other("\(error)")
            }
        case let error as NIOConnectionError:
            if let refused = error.connectionErrors.lazy.map({ NetworkFailure($0.error) }).first(where: { $0 == .connectionRefused }) {
                self = refused
            } else if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
                self = .noSuchHost
            } else {
                self = error.connectionErrors.first.map { NetworkFailure($0.error) } ?? .other("\(error)")
            }
        case let error as IOError:
            switch error.errnoCode {
            case ECONNREFUSED: self = .connectionRefused
            case ETIMEDOUT: self = .timedOut
            case ECONNRESET, EPIPE: self = .connectionClosed
            default: self = .other("\(error)")
            }
        case ChannelError.connectTimeout:
            self = .timedOut
        default:
            self = .other("\(error)")
        }
    }

    var description: String {
        switch self {
        case .connectionRefused: "connection refused"
        case .noSuchHost: "no such host"
        case .timedOut: "timed out"
        case .connectionClosed: "the connection was closed"
        case .other(let text): text
        }
    }
}
