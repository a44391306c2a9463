import Crypto
import Foundation

/// AWS Signature Version 4 for one request (the `Authorization` header every S3-compatible
/// store checks). Pure: the time and the payload's hash are given, so the published test
/// vectors (`aws-sig-v4-test-suite`, the S3 guide's examples) can be signed exactly.
///
/// Reference: https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html
public struct SigV4Signer: Sendable {
    public var credentials: PublishCredentials
    public var region: String
    public var service: String

    public init(credentials: PublishCredentials, region: String, service: String = "s3") {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// A request as it is signed: the path as sent (already percent-encoded, the way S3 wants
    /// it: each segment once, slashes kept), the query's pairs decoded, the headers to sign.
    public struct Request: Sendable {
        public var method: String
        public var encodedPath: String
        public var query: [(name: String, value: String)]
        /// Every header to be signed, "host" among them; names in any case, values as sent.
        public var headers: [(name: String, value: String)]

        public init(method: String, encodedPath: String, query: [(name: String, value: String)] = [], headers: [(name: String, value: String)]) {
            self.method = method
            self.encodedPath = encodedPath
            self.query = query
            self.headers = headers
        }
    }

    /// The headers to add to the request: `x-amz-date`, `x-amz-content-sha256` (unless
    /// `sendPayloadHash` is false, as for the generic test vectors), the session token when
    /// there is one, and `Authorization`. `payloadHash` is the hex SHA-256 of the body.
    public func sign(_ request: Request, payloadHash: String, date: Date, sendPayloadHash: Bool = true) -> [(name: String, value: String)] {
        let stamp = Self.timestamp(date)
        let day = String(stamp.prefix(8))
        var added: [(name: String, value: String)] = [("x-amz-date", stamp)]
        if sendPayloadHash { added.append(("x-amz-content-sha256", payloadHash)) }
        if let token = credentials.sessionToken { added.append(("x-amz-security-token", token)) }
        var signed = request
        signed.headers += added
        let canonical = canonicalRequest(signed, payloadHash: payloadHash)
        let scope = "\(day)/\(region)/\(service)/aws4_request"
        let toSign = "AWS4-HMAC-SHA256\n\(stamp)\n\(scope)\n\(Self.hex(SHA256.hash(data: Data(canonical.utf8))))"
        let signature = Self.hex(HMAC<SHA256>.authenticationCode(for: Data(toSign.utf8), using: signingKey(day: day)))
        let names = Self.canonicalHeaders(signed.headers).map(\.name).joined(separator: ";")
        added.append(("Authorization", "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope), SignedHeaders=\(names), Signature=\(signature)"))
        return added
    }

    /// The canonical request (exposed for the tests, which compare it with the published one).
    func canonicalRequest(_ request: Request, payloadHash: String) -> String {
        let pairs: [(name: String, value: String)] = request.query.map { (name: Self.encode($0.name), value: Self.encode($0.value)) }
        let sorted = pairs.sorted { (a: (name: String, value: String), b: (name: String, value: String)) -> Bool in
            a.name == b.name ? a.value < b.value : a.name < b.name
        }
        let query: String = sorted.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        let headers = Self.canonicalHeaders(request.headers)
        return [
            request.method,
            request.encodedPath.isEmpty ? "/" : request.encodedPath,
            query,
            headers.map { "\($0.name):\($0.value)\n" }.joined(),
            headers.map(\.name).joined(separator: ";"),
            payloadHash,
        ].joined(separator: "\n")
    }

    private func signingKey(day: String) -> SymmetricKey {
        var key = SymmetricKey(data: Data("AWS4\(credentials.secretAccessKey)".utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        return key
    }

    /// Lower-case names, sorted; values trimmed with inner runs of spaces made one; a repeated
    /// name's values joined by commas in the order given.
    static func canonicalHeaders(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        var byName: [String: [String]] = [:]
        for (name, value) in headers {
            let trimmed = value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            byName[name.lowercased(), default: []].append(trimmed)
        }
        return byName.keys.sorted().map { ($0, byName[$0]!.joined(separator: ",")) }
    }

    /// RFC 3986 percent-encoding of everything but the unreserved characters, as SigV4 wants
    /// for query names and values (and, slashes kept, for S3 object keys).
    public static func encode(_ text: String, keepingSlashes: Bool = false) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A") ... UInt8(ascii: "Z"), UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "0") ... UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/") where keepingSlashes:
                out.append("/")
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        // By table: String(format:) per byte costs more than the MD5 of a small file.
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The hex SHA-256 of `data`: a request's payload hash.
    public static func payloadHash(_ data: Data) -> String { hex(SHA256.hash(data: data)) }
}
