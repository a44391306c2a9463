import Crypto
import Foundation
import GallerySiteFiles
import GalleryWork

/// Publishes an exported site to a bucket, safely and incrementally:
/// - the site is what the last export wrote, as its manifest lists it: an export that did not
///   finish is refused before anything is sent, and a file put into the folder by hand stays
///   local (named, and published only with `includeExtra`);
/// - only files whose bytes differ from the object's go up (MD5 against the listing's ETag),
///   so a rerun with nothing changed makes one listing and no upload;
/// - images, fonts and data first, then styles and scripts, then pages, so that a visitor never
///   gets a page before what it shows; objects the site no longer has are deleted last, and only
///   once every upload succeeded, and only objects an earlier publish of this site put there
///   (`PublishedFiles`): another tool's objects under the same prefix are never touched;
/// - every step is idempotent: killed at any moment, the same command again finishes.
public struct Publisher: Sendable {
    public var client: S3Client
    public var site: URL
    public var options: Options

    public struct Options: Sendable {
        /// Uploads at once.
        public var jobs = 8
        /// `Cache-Control: max-age` of pages, styles, scripts and data (seconds).
        public var pageMaxAge = 300
        /// Files larger than this go up in parts of this size (S3's least is 5 MiB).
        public var partSize = 16 * 1024 * 1024
        /// Publish the folder's files that the export did not write, too.
        public var includeExtra = false
        public init() {}
    }

    public init(client: S3Client, site: URL, options: Options = Options()) {
        self.client = client
        self.site = site
        self.options = options
    }

    /// What a publish would do.
    public struct Plan: Sendable {
        public var uploads: [SiteFile]
        public var deletions: [S3Client.Object]
        public var unchanged: Int
        /// Files in the folder that the export did not write, left out (without `includeExtra`).
        public var extra: [String]
        /// The site's paths, as the record under the prefix will hold them.
        var published: [String]
        /// The record an earlier publish left (empty when none).
        var previouslyPublished: Set<String>
        public var uploadBytes: Int { uploads.reduce(0) { $0 + $1.size } }
    }

    /// The site's files as the export's manifest lists them, and the folder's other files.
    public struct Site: Sendable {
        public var files: [SiteFile]
        public var extra: [String]
    }

    /// What a publish did.
    public struct Report: Sendable {
        public var uploaded: [String]
        public var deleted: [String]
        public var unchanged: Int
        public var bytes: Int
        public var seconds: Double
    }

    /// The site's files, hashed: those the export's manifest lists (and, with `includeExtra`,
    /// the folder's others; hidden files and folders are never part of a site).
    public func siteFiles() throws(PublishError) -> Site {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: site.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .site(path: site.path, problem: "is not a folder")
        }
        let manifest = try ExportManifestFile.read(site: site.path)
        // Relative paths, as the walk gives them (no URL or real path made per file: a site has
        // hundreds of thousands); links and hidden files are not part of a site.
        guard let walker = FileManager.default.enumerator(atPath: site.path) else {
            throw .site(path: site.path, problem: "cannot be read")
        }
        var found: [(path: String, file: String, stamp: PublishHashCache.Stamp)] = []
        let folder = site.path.hasSuffix("/") ? site.path : site.path + "/"
        let listed = Set(manifest.files)
        var extra: [String] = []
        var seen = Set<String>()
        while let relative = walker.nextObject() as? String {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                if walker.fileAttributes?[.type] as? FileAttributeType == .typeDirectory { walker.skipDescendants() }
                continue
            }
            // lstat, not the walker's attributes dictionary: a tenth of the time, and the
            // identity the hash cache needs.
            guard let stamp = PublishHashCache.Stamp(path: folder + relative) else { continue }
            if listed.contains(relative) {
                seen.insert(relative)
            } else {
                extra.append(relative)
                if !options.includeExtra { continue }
            }
            found.append((relative, folder + relative, stamp))
        }
        let missing = listed.subtracting(seen).sorted()
        if let first = missing.first { throw .missingFiles(path: site.path, count: missing.count, example: first) }
        // Hashing reads every byte of the site, as many files at once as there are uploads; a
        // file unchanged since the last publish (its stamp as recorded) is not read again.
        let partSize = options.partSize
        let cache = PublishHashCache.load(site: site.path, partSize: partSize)
        let hashed = ParallelWork.map(found, jobs: options.jobs) { entry -> Result<SiteFile, PublishError> in
            if let md5 = cache.md5(path: entry.path, stamp: entry.stamp) {
                return .success(SiteFile(path: entry.path, size: entry.stamp.size, md5: md5))
            }
            do throws(PublishError) {
                return .success(try SiteFile(path: entry.path, file: entry.file, expectedSize: entry.stamp.size, partSize: partSize))
            } catch {
                return .failure(error)
            }
        }
        var fresh = PublishHashCache(partSize: partSize)
        let settled = PublishHashCache.settledBefore()
        for (entry, result) in zip(found, hashed) {
            // Only what was read whole as it was listed, and written long enough ago that a
            // later write would move its times (the clock the kernel stamps files with ticks
            // coarsely: git's "racy" files): anything else is hashed again next time.
            if case .success(let file) = result, file.size == entry.stamp.size, max(entry.stamp.modified, entry.stamp.changed) < settled,
               PublishHashCache.Stamp(path: entry.file) == entry.stamp {
                fresh.entries[entry.path] = (entry.stamp, file.md5)
            }
        }
        if fresh.entries.count != cache.entries.count || fresh.entries.contains(where: { cache.entries[$0.key]?.md5 != $0.value.md5 || cache.entries[$0.key]?.stamp != $0.value.stamp }) {
            fresh.save(site: site.path)
        }
        let files = try hashed.map { (result) throws(PublishError) -> SiteFile in try result.get() }
        return Site(files: files.sorted { $0.path < $1.path }, extra: extra.sorted())
    }

    /// Lists the bucket, reads what earlier publishes recorded, and compares.
    public func plan() async throws(PublishError) -> Plan {
        // The listing and the hashing at once: one waits on the store, the other on the disk.
        let client = client
        let recordKey = client.location.prefix + PublishedFiles.name
        let remote = Task { () async -> Result<([S3Client.Object], PublishedFiles?), PublishError> in
            do throws(PublishError) {
                let record = try await client.get(key: recordKey).flatMap(PublishedFiles.read)
                return .success((try await client.list(), record))
            } catch {
                return .failure(error)
            }
        }
        let local: Site
        do throws(PublishError) { local = try siteFiles() } catch {
            remote.cancel()
            throw error
        }
        let (objects, record) = try await remote.value.get()
        let prefix = client.location.prefix
        var byKey: [String: S3Client.Object] = [:]
        for object in objects where object.key != recordKey { byKey[object.key] = object }
        var uploads: [SiteFile] = []
        var unchanged = 0
        for file in local.files {
            if let object = byKey.removeValue(forKey: prefix + file.path), object.etag == file.md5, object.size == file.size {
                unchanged += 1
            } else {
                uploads.append(file)
            }
        }
        // Within a phase the largest first: the phase ends with small files on every connection
        // rather than one large file on one (the next phase waits for the last).
        uploads.sort { ($0.phase, -$0.size, $0.path) < ($1.phase, -$1.size, $1.path) }
        // Only what an earlier publish of this site put there is deleted.
        let previously = Set(record?.files ?? [])
        let deletions = byKey.values.filter { previously.contains(String($0.key.dropFirst(prefix.count))) }.sorted { $0.key < $1.key }
        return Plan(uploads: uploads, deletions: deletions, unchanged: unchanged, extra: local.extra,
                    published: local.files.map(\.path), previouslyPublished: previously)
    }

    /// Writes the record of what this site's publishes put under the prefix.
    private func record(_ files: PublishedFiles) async throws(PublishError) {
        let data = files.data()
        try await client.put(key: client.location.prefix + PublishedFiles.name, data: data, md5: SigV4Signer.hex(Insecure.MD5.hash(data: data)),
                             contentType: "application/json", cacheControl: "no-cache")
    }

    public func cacheControl(_ file: SiteFile) -> String {
        SiteFileDelivery(path: file.path).cacheControl(maxAge: options.pageMaxAge)
    }

    /// Carries out `plan`: the uploads phase by phase (each phase's files in parallel), then the
    /// deletions. `progress` hears (files done, files planned, bytes done) after each upload.
    public func run(_ plan: Plan, progress: (@Sendable (Int, Int, Int) -> Void)? = nil) async throws(PublishError) -> Report {
        let start = Date()
        let prefix = client.location.prefix
        let published = Set(plan.published)
        // Before anything goes up, the record names it too: killed part-way, the next publish
        // still knows each object this one may have put there.
        if !published.isSubset(of: plan.previouslyPublished) {
            do throws(PublishError) { try await record(PublishedFiles(files: plan.previouslyPublished.union(published))) } catch {
                throw .incomplete(uploaded: 0, planned: plan.uploads.count, cause: error)
            }
        }
        var uploaded: [String] = []
        var bytes = 0
        for phase in SiteFile.Phase.allCases {
            let files = plan.uploads.filter { $0.phase == phase }
            var next = 0
            var failure: PublishError?
            do {
                try await withThrowingTaskGroup(of: SiteFile.self) { group in
                    func start(_ file: SiteFile) {
                        group.addTask {
                            let url = site.appending(path: file.path)
                            if file.isMultipart {
                                try await client.putInParts(key: prefix + file.path, url: url, size: file.size, partSize: options.partSize,
                                                            contentType: file.contentType, cacheControl: cacheControl(file))
                                return file
                            }
                            let data: Data
                            do { data = try Data(contentsOf: url) } catch { throw PublishError.unreadable(path: url.path, reason: error.localizedDescription) }
                            try await client.put(key: prefix + file.path, data: data, md5: file.md5, contentType: file.contentType, cacheControl: cacheControl(file))
                            return file
                        }
                    }
                    while next < files.count, next < max(1, options.jobs) { start(files[next]); next += 1 }
                    while let done = try await group.next() {
                        uploaded.append(done.path)
                        bytes += done.size
                        progress?(uploaded.count, plan.uploads.count, bytes)
                        if next < files.count { start(files[next]); next += 1 }
                    }
                }
            } catch let error as PublishError {
                failure = error
            } catch is CancellationError {
                throw .cancelled(operation: "uploading")
            } catch {
                failure = .unreachable(operation: "uploading", endpoint: client.endpoint.absoluteString, reason: NetworkFailure(error).description)
            }
            if let failure {
                throw .incomplete(uploaded: uploaded.count, planned: plan.uploads.count, cause: failure)
            }
        }
        try await client.delete(keys: plan.deletions.map(\.key))
        if published != plan.previouslyPublished { try await record(PublishedFiles(files: published)) }
        return Report(uploaded: uploaded, deleted: plan.deletions.map(\.key), unchanged: plan.unchanged, bytes: bytes,
                      seconds: Date().timeIntervalSince(start))
    }
}
