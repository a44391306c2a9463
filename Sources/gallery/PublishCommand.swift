import ArgumentParser
import Foundation
import GalleryConfig
import GalleryPublish

struct PublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Put an exported site on S3 or any S3-compatible store, uploading only what changed.",
        discussion: """
            Files go up when their bytes differ from the object's (MD5 against its ETag): images, \
            fonts and data first, then styles and scripts, then pages; objects the site no longer \
            has are deleted last, once everything else succeeded, and only objects a publish of \
            this site put there. The site is what the last complete export wrote (its manifest): \
            an interrupted export is refused, and files put into the folder by hand stay local \
            unless --include-extra. Interrupted at any point, the same command again finishes. Credentials: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY \
            (and AWS_SESSION_TOKEN), or a profile of ~/.aws/credentials (AWS_PROFILE). Target, \
            endpoint and region may also come from [publish] in gallery.toml (--config, or \
            ./gallery.toml), AWS_ENDPOINT_URL and AWS_REGION.
            """
    )

    @Argument(help: ArgumentHelp("The site folder ('gallery export --out' wrote it).", valueName: "site"))
    var site: String

    @Argument(help: ArgumentHelp("s3://BUCKET or s3://BUCKET/PREFIX (default: [publish] target).", valueName: "target"))
    var target: String?

    @Option(help: ArgumentHelp("An S3-compatible store's address, e.g. http://127.0.0.1:9000 (default: AWS).", valueName: "url"))
    var endpoint: String?

    @Option(help: ArgumentHelp("The bucket's region (default: AWS_REGION, else us-east-1).", valueName: "name"))
    var region: String?

    @Flag(help: "List what would be uploaded and deleted, with sizes, and change nothing.")
    var dryRun = false

    @Flag(help: "Also publish the folder's files that the export did not write (put there by hand).")
    var includeExtra = false

    @Option(help: ArgumentHelp("Uploads at once.", valueName: "n"))
    var jobs = 8

    @Option(help: ArgumentHelp("Files larger than this many MiB go up in parts of this size (5 to 5120).", valueName: "mib"))
    var partSize = 16

    @Flag(help: "No progress line.")
    var quiet = false

    @Option(help: ArgumentHelp("The configuration file (default: ./gallery.toml, if there is one).", valueName: "file"))
    var config: String?

    func validate() throws {
        guard (1 ... 64).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 64 (got \(jobs))") }
        guard (5 ... 5120).contains(partSize) else { throw ValidationError("--part-size must be between 5 and 5120 MiB (got \(partSize))") }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let settings = try configuration().publish
        guard let targetText = target ?? settings.target else {
            throw ValidationError("give a target (s3://BUCKET[/PREFIX]) or set [publish] target in gallery.toml")
        }
        let location = try S3Location(parsing: targetText)
        let endpointText = endpoint ?? settings.endpoint ?? environment["AWS_ENDPOINT_URL_S3"] ?? environment["AWS_ENDPOINT_URL"]
        var endpointURL: URL?
        if let endpointText {
            guard let url = URL(string: endpointText), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw ValidationError("--endpoint '\(endpointText)' is not an http(s) address")
            }
            endpointURL = url
        }
        let regionName = region ?? settings.region ?? environment["AWS_REGION"] ?? environment["AWS_DEFAULT_REGION"] ?? "us-east-1"
        let credentials = try PublishCredentials.find(environment: environment)
        var options = Publisher.Options()
        options.jobs = jobs
        options.pageMaxAge = settings.pageMaxAge
        options.partSize = partSize * 1024 * 1024
        options.includeExtra = includeExtra
        let http = S3Client.makeHTTPClient(connections: jobs)
        do {
            try await publish(S3Client(location: location, endpoint: endpointURL, region: regionName, credentials: credentials, http: http),
                              options: options)
        } catch {
            try? await http.shutdown()
            throw error
        }
        try await http.shutdown()
    }

    private func publish(_ client: S3Client, options: Publisher.Options) async throws {
        let location = client.location
        let publisher = Publisher(client: client, site: URL(fileURLWithPath: site), options: options)
        let plan = try await publisher.plan()
        if !plan.extra.isEmpty {
            let verb = includeExtra ? "not written by the export, going up as asked (--include-extra)"
                : "not published (the export did not write them; --include-extra publishes them)"
            let names = plan.extra.prefix(5).joined(separator: ", ") + (plan.extra.count > 5 ? ", …" : "")
            FileHandle.standardError.write(Data("\(plan.extra.count) file\(plan.extra.count == 1 ? "" : "s") in \(site) \(verb): \(names)\n".utf8))
        }
        if dryRun {
            for file in plan.uploads { print("upload \(Self.size(file.size).padding(toLength: 10, withPad: " ", startingAt: 0)) \(location.prefix)\(file.path)") }
            for object in plan.deletions { print("delete \(Self.size(object.size).padding(toLength: 10, withPad: " ", startingAt: 0)) \(object.key)") }
            print("would upload \(plan.uploads.count) files (\(Self.size(plan.uploadBytes))) and delete \(plan.deletions.count) in \(location); \(plan.unchanged) unchanged")
            return
        }
        let started = Date()
        let lines = !quiet
        let report = try await publisher.run(plan) { done, total, bytes in
            guard lines, done == total || done % 50 == 0 else { return }
            let rate = Double(bytes) / max(0.001, Date().timeIntervalSince(started))
            FileHandle.standardError.write(Data("publishing: \(done)/\(total) files, \(Self.size(bytes)) (\(Self.size(Int(rate)))/s)\n".utf8))
        }
        print("published to \(location): \(report.uploaded.count) uploaded (\(Self.size(report.bytes))), \(report.unchanged) unchanged, \(report.deleted.count) deleted in \(String(format: "%.1f", report.seconds)) s")
    }

    func configuration() throws -> GalleryConfiguration {
        let path = config ?? ConfigurationReader.fileName
        guard config != nil || FileManager.default.fileExists(atPath: path) else { return GalleryConfiguration() }
        return try ConfigurationReader.read(path: path)
    }

    static func size(_ bytes: Int) -> String {
        bytes < 1024 ? "\(bytes) B" : bytes < 1024 * 1024 ? String(format: "%.1f KB", Double(bytes) / 1024) : String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}
