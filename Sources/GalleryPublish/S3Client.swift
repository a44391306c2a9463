import AsyncHTTPClient
import Crypto
import Foundation
import GallerySiteFiles
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// The few S3 calls a publish makes (list, put, delete), signed with SigV4 and sent with
/// AsyncHTTPClient (SwiftNIO's event loops: a request costs a fraction of the CPU that
/// Foundation's URLSession spends on Linux, and on one machine the store needs that CPU too).
/// A request that fails with a server error (5xx, SlowDown) or a network error is tried again
/// after a growing pause; a refusal (4xx) is not.
public struct S3Client: Sendable {
    public var endpoint: URL
    public var location: S3Location
    public var signer: SigV4Signer
    let http: HTTPClient
    /// Path-style addresses (endpoint/bucket/key): every S3-compatible server takes them;
    /// AWS itself gets virtual-hosted ones (bucket.s3.region.amazonaws.com/key).
    let pathStyle: Bool
    /// Tries per request (rclone tries a request 10 times, AWS's SDKs 3 to 5).
    public var attempts = 6

    /// `endpoint` nil: AWS in `region`. `http`: the client requests go through; its owner shuts
    /// it down (`makeHTTPClient` makes one configured for a publish).
    public init(location: S3Location, endpoint: URL?, region: String, credentials: PublishCredentials, http: HTTPClient) {
        self.location = location
        if let endpoint {
            self.endpoint = endpoint
            pathStyle = true
        } else if location.bucket.contains("."), let url = URL(string: "https://s3.\(region).amazonaws.com") {
            self.endpoint = url
            pathStyle = true
        } else {
            self.endpoint = URL(string: "https://\(location.bucket).s3.\(region).amazonaws.com") ?? URL(fileURLWithPath: "/")
            pathStyle = false
        }
        signer = SigV4Signer(credentials: credentials, region: region)
        self.http = http
    }

    /// An HTTP client for `connections` requests at once: connecting is quick or it is not
    /// happening; a stalled answer is given a minute.
    public static func makeHTTPClient(connections: Int) -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: .seconds(5), read: .seconds(60))
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: max(1, connections))
        configuration.decompression = .disabled
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// An object of the listing.
    public struct Object: Sendable, Equatable {
        public var key: String
        /// Without quotes, lower case: the MD5 of the bytes for an object put in one piece.
        public var etag: String
        public var size: Int
    }

    /// Every object under the location's prefix (ListObjectsV2, a thousand a page).
    public func list() async throws(PublishError) -> [Object] {
        var objects: [Object] = []
        var token: String?
        repeat {
            var query = [(name: "list-type", value: "2"), (name: "prefix", value: location.prefix)]
            if let token { query.append((name: "continuation-token", value: token)) }
            let body = try await send("GET", key: nil, query: query, operation: "listing \(location)")
            let xml = [UInt8](body)[...]
            for entry in S3XML.elements("Contents", in: xml) {
                guard let key = S3XML.value("Key", in: entry) else { continue }
                let etag = (S3XML.value("ETag", in: entry) ?? "").replacingOccurrences(of: "\"", with: "").lowercased()
                objects.append(Object(key: key, etag: etag, size: Int(S3XML.value("Size", in: entry) ?? "") ?? -1))
            }
            token = S3XML.value("IsTruncated", in: xml) == "true" ? S3XML.value("NextContinuationToken", in: xml) : nil
        } while token != nil
        return objects
    }

    /// The object at `key`, nil when there is none (404, `NoSuchKey`).
    public func get(key: String) async throws(PublishError) -> Data? {
        do throws(PublishError) {
            return try await send("GET", key: key, operation: "reading \(key)")
        } catch {
            if case .refused(_, 404, _, _) = error { return nil }
            throw error
        }
    }

    /// Puts `data` at `key` with its type and cache header. The store checks the bytes against
    /// `md5` (hex, as the plan computed it): the body itself is not hashed again for the
    /// signature (UNSIGNED-PAYLOAD, which S3 allows; the MD5 guards the bytes instead).
    public func put(key: String, data: Data, md5: String, contentType: String, cacheControl: String) async throws(PublishError) {
        _ = try await send("PUT", key: key, body: data, payloadHash: "UNSIGNED-PAYLOAD",
                           headers: [("Content-Type", contentType), ("Cache-Control", cacheControl), ("Content-MD5", Self.base64(hex: md5))],
                           operation: "uploading \(key)")
    }

    static func base64(hex: String) -> String {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex), index != hex.endIndex {
            bytes.append(UInt8(hex[index ..< next], radix: 16) ?? 0)
            index = next
        }
        return Data(bytes).base64EncodedString()
    }

    /// Puts the file at `url` in parts of `partSize` bytes (CreateMultipartUpload, UploadPart,
    /// CompleteMultipartUpload), read a part at a time; on any failure the upload is aborted, so
    /// no half object is ever visible and no parts are left to pay for.
    public func putInParts(key: String, url: URL, size: Int, partSize: Int, contentType: String, cacheControl: String) async throws(PublishError) {
        let created = try await send("POST", key: key, query: [(name: "uploads", value: "")],
                                     headers: [("Content-Type", contentType), ("Cache-Control", cacheControl)], operation: "starting the upload of \(key)")
        guard let uploadID = S3XML.value("UploadId", in: [UInt8](created)[...]) else {
            throw .refused(operation: "starting the upload of \(key)", status: 200, code: "NoUploadId", message: "the answer named no upload")
        }
        do throws(PublishError) {
            let file: FileHandle
            do { file = try FileHandle(forReadingFrom: url) } catch { throw PublishError.unreadable(path: url.path, reason: error.localizedDescription) }
            defer { try? file.close() }
            var etags: [String] = []
            var offset = 0
            while offset < size {
                let part: Data
                do { part = try file.read(upToCount: min(partSize, size - offset)) ?? Data() } catch {
                    throw PublishError.unreadable(path: url.path, reason: error.localizedDescription)
                }
                guard !part.isEmpty else { throw PublishError.unreadable(path: url.path, reason: "it ended before its \(size) bytes") }
                let number = etags.count + 1
                let md5 = Data(Insecure.MD5.hash(data: part)).base64EncodedString()
                let (_, answer) = try await exchange("PUT", key: key, query: [(name: "partNumber", value: String(number)), (name: "uploadId", value: uploadID)],
                                                     body: part, payloadHash: "UNSIGNED-PAYLOAD", headers: [("Content-MD5", md5)],
                                                     operation: "uploading part \(number) of \(key)")
                etags.append(answer.first(name: "ETag") ?? "")
                offset += part.count
            }
            let xml = "<CompleteMultipartUpload>" + etags.enumerated().map { "<Part><PartNumber>\($0.offset + 1)</PartNumber><ETag>\(MarkupText.escaped($0.element))</ETag></Part>" }.joined()
                + "</CompleteMultipartUpload>"
            let done = try await send("POST", key: key, query: [(name: "uploadId", value: uploadID)], body: Data(xml.utf8),
                                      headers: [("Content-Type", "application/xml")], operation: "completing the upload of \(key)")
            // CompleteMultipartUpload may fail inside a 200 answer.
            let text = [UInt8](done)[...]
            if !S3XML.elements("Error", in: text).isEmpty {
                throw PublishError.refused(operation: "completing the upload of \(key)", status: 200, code: S3XML.value("Code", in: text) ?? "Error",
                                           message: S3XML.value("Message", in: text) ?? "")
            }
        } catch {
            _ = try? await send("DELETE", key: key, query: [(name: "uploadId", value: uploadID)], operation: "aborting the upload of \(key)")
            throw error
        }
    }

    /// Deletes `keys` (DeleteObjects, a thousand a request); a key the store could not delete is an error.
    public func delete(keys: [String]) async throws(PublishError) {
        var start = 0
        while start < keys.count {
            let batch = keys[start ..< min(keys.count, start + 1000)]
            start += batch.count
            let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Delete><Quiet>true</Quiet>"
                + batch.map { "<Object><Key>\(MarkupText.escaped($0))</Key></Object>" }.joined() + "</Delete>"
            let body = Data(xml.utf8)
            let md5 = Data(Insecure.MD5.hash(data: body)).base64EncodedString()
            let answer = try await send("POST", key: nil, query: [(name: "delete", value: "")], body: body,
                                        headers: [("Content-Type", "application/xml"), ("Content-MD5", md5)], operation: "deleting \(batch.count) objects")
            let text = [UInt8](answer)[...]
            if let failure = S3XML.elements("Error", in: text).first {
                throw .refused(operation: "deleting \(S3XML.value("Key", in: failure) ?? "an object")", status: 200,
                               code: S3XML.value("Code", in: failure) ?? "Error", message: S3XML.value("Message", in: failure) ?? "")
            }
        }
    }

    /// The URL of `key` (nil: the bucket) and the path as signed.
    func address(key: String?, query: [(name: String, value: String)]) -> (url: URL, path: String) {
        var path = endpoint.path.hasSuffix("/") ? String(endpoint.path.dropLast()) : endpoint.path
        if pathStyle { path += "/" + SigV4Signer.encode(location.bucket) }
        path += "/" + (key.map { SigV4Signer.encode($0, keepingSlashes: true) } ?? "")
        var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)!
        components.percentEncodedPath = path
        components.percentEncodedQuery = query.isEmpty ? nil : query.map { "\(SigV4Signer.encode($0.name))=\(SigV4Signer.encode($0.value))" }.joined(separator: "&")
        return (components.url!, path)
    }

    func send(_ method: String, key: String?, query: [(name: String, value: String)] = [], body: Data = Data(), payloadHash: String? = nil,
              headers: [(String, String)] = [], operation: String) async throws(PublishError) -> Data {
        try await exchange(method, key: key, query: query, body: body, payloadHash: payloadHash, headers: headers, operation: operation).data
    }

    /// One request, retried as the type's comment says; the answer's body and headers.
    /// `payloadHash`: the body's SHA-256 (hex), computed when nil, or "UNSIGNED-PAYLOAD".
    func exchange(_ method: String, key: String?, query: [(name: String, value: String)] = [], body: Data = Data(), payloadHash: String? = nil,
                  headers: [(String, String)] = [], operation: String) async throws(PublishError) -> (data: Data, headers: HTTPHeaders) {
        let (url, path) = address(key: key, query: query)
        // The port only when it is not the scheme's own, as HTTP clients write Host.
        let defaultPort = endpoint.scheme?.lowercased() == "https" ? 443 : 80
        let host = endpoint.port.flatMap { $0 == defaultPort ? nil : "\(endpoint.host ?? ""):\($0)" } ?? (endpoint.host ?? "")
        let payloadHash = payloadHash ?? SigV4Signer.payloadHash(body)
        let hasBody = method == "PUT" || method == "POST"
        let bytes = hasBody ? ByteBuffer(data: body) : nil
        var failure: PublishError = .unreachable(operation: operation, endpoint: endpoint.absoluteString, reason: "no attempt")
        for attempt in 0 ..< max(1, attempts) {
            if attempt > 0 {
                // 0.25, 0.5, 1, 2, 4 s, with jitter, so parallel uploads do not retry in step.
                let pause = 0.25 * pow(2, Double(attempt - 1)) * Double.random(in: 0.8 ... 1.2)
                do { try await Task.sleep(nanoseconds: UInt64(pause * 1e9)) } catch { throw .cancelled(operation: operation) }
            }
            if Task.isCancelled { throw .cancelled(operation: operation) }
            var request = HTTPClientRequest(url: url.absoluteString)
            request.method = HTTPMethod(rawValue: method)
            let signed = signer.sign(SigV4Signer.Request(method: method, encodedPath: path, query: query, headers: [("host", host)]),
                                     payloadHash: payloadHash, date: Date())
            // Host exactly as signed (the client would write the same, the port only when not the
            // scheme's own).
            request.headers.replaceOrAdd(name: "Host", value: host)
            for (name, value) in headers + signed.map({ ($0.name, $0.value) }) where name.lowercased() != "host" {
                request.headers.replaceOrAdd(name: name, value: value)
            }
            if let bytes { request.body = .bytes(bytes) }
            let data: Data, answer: HTTPClientResponse
            do {
                answer = try await http.execute(request, timeout: .seconds(900))
                data = Data(buffer: try await answer.body.collect(upTo: 256 * 1024 * 1024))
            } catch {
                // A cancelled publish stops now: it is not the network's fault, and not retried.
                if error is CancellationError || Task.isCancelled { throw .cancelled(operation: operation) }
                let reason = NetworkFailure(error)
                failure = .unreachable(operation: operation, endpoint: endpoint.absoluteString, reason: reason.description)
                // Nothing listening: the client has already tried for its connect timeout, so
                // once more is enough (a store restarting), not the full count.
                if reason == .connectionRefused, attempt >= 1 { break }
                continue
            }
            let status = Int(answer.status.code)
            if (200 ..< 300).contains(status) { return (data, answer.headers) }
            let text = [UInt8](data)[...]
            let code = S3XML.value("Code", in: text) ?? "HTTP\(status)"
            failure = .refused(operation: operation, status: status, code: code, message: S3XML.value("Message", in: text) ?? "")
            guard status >= 500 || code == "SlowDown" || status == 429 else { throw failure }
        }
        throw failure
    }
}
