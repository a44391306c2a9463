import Foundation

/// A real S3-compatible server on loopback for the publish tests: SeaweedFS (`weed server -s3`,
/// installed by `make deps` into .build-tools/s3 with boto3), started once per test process with
/// identities, so that signatures are really checked, and stopped when the process exits.
/// Identities: "galleryKey"/"gallerySecret" may do anything; "readerKey"/"readerSecret" may only
/// read and list; anonymous visitors may read (a bucket served as a website is public).
public final class S3TestServer: @unchecked Sendable {
    // @unchecked: every property is set once in init.
    public let endpoint: URL
    let process: Process
    let folder: TemporaryDirectory
    /// Its ports: SeaweedFS names the sockets it makes in /tmp by them.
    let ports: [Int]

    public static let key = "galleryKey"
    public static let secret = "gallerySecret"

    /// The tools' folder: `weed` and a Python with boto3.
    public static var tools: URL { GalleryBinary.packageRoot.appending(path: ".build-tools/s3/bin") }

    public static let shared: Result<S3TestServer, any Error> = Result { try S3TestServer() }

    public typealias Failure = TestFailure

    init() throws {
        let weed = Self.tools.appending(path: "weed")
        guard FileManager.default.isExecutableFile(atPath: weed.path) else {
            throw Failure(description: "\(weed.path) is missing: run 'make deps'")
        }
        folder = try TemporaryDirectory("seaweedfs")
        try folder.write("s3.json", text: """
            {"identities": [
              {"name": "gallery", "credentials": [{"accessKey": "\(Self.key)", "secretKey": "\(Self.secret)"}], "actions": ["Admin", "Read", "List", "Tagging", "Write"]},
              {"name": "reader", "credentials": [{"accessKey": "readerKey", "secretKey": "readerSecret"}], "actions": ["Read", "List"]},
              {"name": "anonymous", "actions": ["Read"]}
            ]}
            """)
        try FileManager.default.createDirectory(at: folder.url.appending(path: "data"), withIntermediateDirectories: true)
        let ports = try Self.freePorts(8)
        self.ports = ports
        process = Process()
        process.executableURL = weed
        // Its logs in its folder too, not /tmp's (six files a run).
        process.arguments = ["-logdir=\(folder.path)", "server", "-dir=\(folder.path)/data", "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
                             "-master.port=\(ports[0])", "-master.port.grpc=\(ports[1])", "-volume.port=\(ports[2])", "-volume.port.grpc=\(ports[3])",
                             "-filer.port=\(ports[4])", "-filer.port.grpc=\(ports[5])", "-s3", "-s3.port=\(ports[6])", "-s3.port.grpc=\(ports[7])",
                             "-s3.port.iceberg=0", "-s3.port.lance=0", "-s3.config=\(folder.path)/s3.json",
                             "-master.volumeSizeLimitMB=64", "-volume.max=0"]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/null"))
        let log = folder.url.appending(path: "weed.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The server is the test process's child: it goes when the process does (before its
        // folder: this handler is registered after TemporaryDirectory's, so it runs first).
        // Signalled by pid whatever Foundation's Process believes (its isRunning was seen false
        // for a live child here), then killed if it has not gone within 10 s.
        atexit {
            guard case .success(let server) = S3TestServer.shared else { return }
            defer {
                // Its gRPC and S3 sockets ("seaweedfs-s3-8333.sock"), made in /tmp whatever its folder.
                let temporary = URL(fileURLWithPath: "/tmp")
                let sockets = Set(server.ports.map { "-\($0).sock" })
                for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
                where name.hasPrefix("seaweedfs-") && sockets.contains(where: { name.hasSuffix($0) }) {
                    try? FileManager.default.removeItem(at: temporary.appending(path: name))
                }
            }
            let pid = server.process.processIdentifier
            guard pid > 0, kill(pid, SIGTERM) == 0 else { return }
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), !stat.contains(") Z ") {
                usleep(10_000)
            }
            kill(pid, SIGKILL)
        }
        endpoint = URL(string: "http://127.0.0.1:\(ports[6])")!
        // Ready when its S3 port answers a bucket's creation (the filer behind it must be up too).
        let deadline = Date().addingTimeInterval(180)
        var last = ""
        while Date() < deadline {
            guard process.isRunning else { break }
            let created = try client(["create", "gallery-probe-\(UUID().uuidString.prefix(8).lowercased())"])
            if created.status == 0 { return }
            last = created.stderr
            Thread.sleep(forTimeInterval: 0.2)  // between attempts only: the server is starting
        }
        let tail = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").suffix(1500)
        throw Failure(description: "SeaweedFS did not start: \(last.suffix(500))\n\(tail)")
    }

    /// Runs the independent client (boto3) with the full identity.
    func client(_ arguments: [String], key: String = S3TestServer.key, secret: String = S3TestServer.secret) throws -> GalleryBinary.Output {
        try GalleryBinary.run(["\(GalleryBinary.packageRoot.path)/Tests/GalleryTestSupport/s3_client.py", endpoint.absoluteString, key, secret] + arguments,
                              in: folder.url, executable: Self.tools.appending(path: "python"), timeout: 300)
    }

    /// A new, empty bucket.
    public func makeBucket() throws -> String {
        let name = "site-\(UUID().uuidString.prefix(12).lowercased())"
        let made = try client(["create", name])
        guard made.status == 0 else { throw Failure(description: "create bucket \(name): \(made.stderr)") }
        return name
    }

    /// Puts a small object, as another tool would.
    public func put(bucket: String, key: String, text: String) throws {
        let put = try client(["put", bucket, key, text])
        guard put.status == 0 else { throw Failure(description: "put \(key): \(put.stderr)") }
    }

    /// An object as read back.
    public struct Object: Decodable, Equatable, Sendable {
        public var md5: String
        public var size: Int
        public var type: String
        public var cache: String
        public var modified: String
    }

    /// Every object under `prefix`, read back whole.
    public func objects(bucket: String, prefix: String) throws -> [String: Object] {
        let dump = try client(["dump", bucket, prefix])
        guard dump.status == 0 else { throw Failure(description: "dump \(bucket): \(dump.stderr)") }
        return try JSONDecoder().decode([String: Object].self, from: Data(dump.stdout.utf8))
    }

    /// `count` TCP ports free on loopback now (SeaweedFS takes them by number).
    static func freePorts(_ count: Int) throws -> [Int] {
        var sockets: [Int32] = [], ports: [Int] = []
        defer { for socket in sockets { close(socket) } }
        for _ in 0 ..< count {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
            }
            guard bound else { throw Failure(description: "no free port") }
            sockets.append(fd)
            ports.append(Int(UInt16(bigEndian: address.sin_port)))
        }
        return ports
    }
}
