import Dispatch
import Foundation
import GalleryService
import GalleryStore
import Imaging
import PhotoFacts
import Synchronization
import TextMetrics
import GalleryWork

/// Brings a folder of photos into the library database, incrementally and atomically.
///
/// A file whose size and modification time match what is stored is not read again. Others are
/// probed (headers only) and hashed on all cores, and written in batches, one transaction
/// each. Photos gone from the folder are removed at the end. A rerun after an interruption
/// (even SIGKILL) converges to what a clean import would have stored.
public struct Importer: Sendable {
    let database: GalleryDatabase
    /// The folder as the user named it, without trailing slashes.
    let root: String
    let options: ImportOptions

    public init(database: GalleryDatabase, folder: String, options: ImportOptions = ImportOptions()) {
        self.database = database
        var root = folder
        while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
        self.root = root
        self.options = options
    }

    /// Runs the import. Problems with single files are reported through `events` and counted;
    /// only a missing folder or a database failure throws.
    public func run(events: @escaping @Sendable (ProgressEvent) -> Void = { _ in }) throws -> ImportSummary {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
            throw ImportError.folderNotFound(path: root)
        }
        guard isDirectory.boolValue else { throw ImportError.notAFolder(path: root) }

        var summary = ImportSummary()
        // What this import changes is what comes after: its texts are the ones to measure.
        let revisionBefore = try database.libraryRevision()
        // What the library holds, read on another core while the folder and its annotation
        // files are (a second each at 100,000 photos).
        let database = database
        let storedStates = BackgroundValue { try database.storedPhotoStates() }
        var scan = LibraryScanner(root: root).scan()
        if !options.includeVideos {
            // Told by their first bytes, as the probe tells them; one line for all of them.
            let root = root
            let isVideo = ParallelWork.map(scan.files, jobs: options.jobs) { VideoProbe.container(atPath: root + "/" + $0.path) != nil }
            let count = isVideo.filter { $0 }.count
            if count > 0 {
                scan.files = zip(scan.files, isVideo).filter { !$1 }.map(\.0)
                events(.warning("\(count) video\(count == 1 ? "" : "s") left out (videos = \"skip\" in gallery.toml)"))
            }
        }
        // A raw and its camera's JPEG are one photo: the other file is left out (and removed if
        // imported before), its XMP sidecar still read for the one shown.
        var partners: [String: String] = [:]
        var partnerFiles: [String: ScannedFile] = [:]
        // A pair shown from its JPEG: its raw is the photo's original download.
        var originals: [String: ScannedFile] = [:]
        if options.rawPairs != .both {
            let pairs = RawJPEGPairs(paths: scan.files.map(\.path)).pairs
            for pair in pairs {
                if options.rawPairs == .jpeg { partners[pair.rendered] = pair.raw } else { partners[pair.raw] = pair.rendered }
            }
            let hidden = Set(partners.values)
            for file in scan.files where hidden.contains(file.path) { partnerFiles[file.path] = file }
            if options.rawPairs == .jpeg {
                for (rendered, raw) in partners { originals[rendered] = partnerFiles[raw] }
            }
            scan.files.removeAll { hidden.contains($0.path) }
            if !pairs.isEmpty {
                let shown = options.rawPairs == .jpeg ? "its JPEG" : "its raw"
                events(.warning("\(pairs.count) raw and JPEG pair\(pairs.count == 1 ? "" : "s") of one name: each one photo, shown from \(shown) (raw_pairs in gallery.toml)"))
            }
        }
        for problem in scan.problems {
            events(.skipped(path: display(problem.path), reason: problem.reason))
            summary.skipped += 1
        }
        let catalog = try AnnotationCatalog(
            root: root, photoPaths: scan.files.map(\.path), annotationFiles: scan.annotationFiles,
            explicitFile: options.annotationsFile)
        for warning in catalog.warnings { events(.warning(warning)) }
        let sidecars = XMPSidecars(root: root, photoPaths: scan.files.map(\.path), files: scan.annotationFiles, partners: partners)
        for warning in sidecars.warnings { events(.warning(warning)) }
        let takeout = TakeoutSidecars(root: root, photoPaths: scan.files.map(\.path), files: scan.annotationFiles)
        for warning in takeout.warnings { events(.warning(warning)) }
        // Our files, then an XMP sidecar, then a Takeout sidecar, then what the file says of
        // itself, field by field.
        @Sendable func annotation(_ path: String, embedded: PhotoDescription?) -> Annotation? {
            AnnotationLayers.annotation(ours: catalog.annotations[path], sidecar: sidecars.descriptions[path],
                                        takeout: takeout.sidecars[path], embedded: embedded)
        }
        /// The digest of what `annotation` reads besides the file.
        @Sendable func layers(_ path: String) -> Int64 {
            AnnotationLayers.digest(ours: catalog.annotations[path], sidecar: sidecars.descriptions[path], takeout: takeout.sidecars[path])
        }

        let stored = try storedStates.get()
        let rootName = Self.albumName(forRoot: root)
        var finalChanges = LibraryChanges()
        var work: [ScannedFile] = []
        /// Whether each file is to be read again, else whether its annotation may have changed:
        /// only a photo whose layers besides its file changed (or are not known) has its stored
        /// annotation read, its file's stored description decoded and its annotation worked
        /// out again (on all cores), and only a changed annotation is kept.
        enum Seen: Sendable { case unchanged, layersChanged(Int64), toRead }
        let pairedOriginals = originals
        let seen = ParallelWork.map(scan.files, jobs: options.jobs) { file -> Seen in
            // A photo imported before metadata was read is read again (its file is unchanged).
            // A pair's raw that came, went or changed is read again with its JPEG.
            guard let state = stored[file.path], state.fileSize == file.size, state.mtimeNanoseconds == file.mtimeNanoseconds,
                  state.metadataRead, Self.isUnchanged(state.original, now: pairedOriginals[file.path]) else { return .toRead }
            let layers = layers(file.path)
            return state.annotationLayers == layers ? .unchanged : .layersChanged(layers)
        }
        var layersChanged: [(file: ScannedFile, id: Int64, layers: Int64)] = []
        for (file, seen) in zip(scan.files, seen) {
            switch seen {
            case .toRead: work.append(file)
            case .layersChanged(let layers): layersChanged.append((file, stored[file.path]?.id ?? -1, layers))
            case .unchanged: summary.unchanged += 1
            }
        }
        let descriptions = try database.storedDescriptions(ids: layersChanged.map(\.id))
        let annotations = ParallelWork.map(layersChanged, jobs: options.jobs) { changed -> Annotation? in
            annotation(changed.file.path, embedded: AnnotationLayers.embedded(stored: descriptions[changed.id]?.embeddedDescription))
        }
        for (changed, now) in zip(layersChanged, annotations) {
            // As stored when only the layers are new (a library of an older version, or a
            // change that left the annotation as it was): known from now on all the same.
            finalChanges.annotationLayers.append((changed.file.path, changed.layers))
            if now == descriptions[changed.id]?.annotation {
                summary.unchanged += 1
            } else {
                finalChanges.annotationUpdates.append((changed.file.path, now))
                summary.updated += 1
            }
        }
        // The root album is named after the folder, which may have been renamed since.
        finalChanges.albumRenames.append(("", rootName))

        let total = scan.files.count
        let progress = Atomic<Int>(scan.files.count - work.count)
        events(.progress(done: progress.load(ordering: .relaxed), total: total))

        var failed = Set<String>()
        /// Inspects `batch` and stores what it yields; `annotatedAs` gives the path whose
        /// annotations a file takes (a pair's stand-in takes its partner's).
        func importBatch(_ batch: [ScannedFile], annotatedAs: (String) -> String, onEach: @escaping @Sendable (Int) -> Void) throws {
            let outcomes = inspect(batch, originals: originals, onEach: onEach)
            let descriptions = try database.storedDescriptions(ids: batch.compactMap { stored[$0.path]?.id })
            var changes = LibraryChanges()
            for (file, (outcome, original)) in zip(batch, outcomes) {
                switch outcome {
                case .failure(let error):
                    events(.skipped(path: display(file.path), reason: error.description))
                    summary.skipped += 1
                    failed.insert(file.path)
                case .success(let photo):
                    if let damage = photo.damage { events(.warning("\(display(file.path)): \(damage)")) }
                    for warning in (photo.exif?.warnings ?? []) + photo.descriptionWarnings { events(.warning("\(display(file.path)): \(warning)")) }
                    let annotation = annotation(annotatedAs(file.path), embedded: photo.embedded)
                    var photoFile = photo.file(
                        albumPath: file.folder, albumName: file.folder.isEmpty ? rootName : file.folder,
                        path: file.path, sortKey: Self.sortKey(file.path), mtimeNanoseconds: file.mtimeNanoseconds)
                    photoFile.embeddedDescription = photo.embedded.flatMap(AnnotationLayers.stored)
                    photoFile.original = original
                    if let sidecar = takeout.sidecars[annotatedAs(file.path)] {
                        // Google's date and place fill what the file itself does not say.
                        photoFile.metadata.takenAt = photoFile.metadata.takenAt ?? sidecar.takenAt
                        if photoFile.metadata.latitude == nil, let latitude = sidecar.latitude, let longitude = sidecar.longitude {
                            (photoFile.metadata.latitude, photoFile.metadata.longitude) = (latitude, longitude)
                        }
                    }
                    changes.upserts.append((photoFile, annotation))
                    changes.annotationLayers.append((file.path, layers(annotatedAs(file.path))))
                    if let state = stored[file.path] {
                        // Touched but identical: store the new mtime so the next run skips it.
                        let same = state.contentHash == photo.contentHash && descriptions[state.id]?.annotation == annotation && state.original == original
                        if same { summary.unchanged += 1 } else { summary.updated += 1 }
                    } else {
                        summary.added += 1
                    }
                }
            }
            try database.apply(changes)
        }
        var start = 0
        while start < work.count {
            let batch = Array(work[start ..< min(start + options.batchSize, work.count)])
            start += batch.count
            try importBatch(batch, annotatedAs: { $0 }) { _ in
                let done = progress.add(1, ordering: .relaxed).newValue
                events(.progress(done: done, total: total))
            }
        }
        // A pair whose shown file cannot be read (a damaged JPEG) is shown from its partner
        // (the raw), with its annotations; read every time, as long as the shown file fails.
        var standIns: [String: String] = [:]
        for path in failed.sorted() {
            guard let partner = partners[path], partnerFiles[partner] != nil else { continue }
            standIns[partner] = path
        }
        if !standIns.isEmpty {
            try importBatch(standIns.keys.sorted().compactMap { partnerFiles[$0] }, annotatedAs: { standIns[$0] ?? $0 }) { _ in }
            for (partner, path) in standIns.sorted(by: { $0.key < $1.key }) where !failed.contains(partner) {
                events(.warning("\(display(path)): shown from \(display(partner)) instead, the other file of its pair"))
            }
        }

        let present = Set(scan.files.map(\.path)).union(standIns.keys).subtracting(failed)
        finalChanges.removals = stored.keys.filter { !present.contains($0) }.sorted()
        summary.removed = finalChanges.removals.count
        try database.apply(finalChanges)
        try database.pruneNames()
        try database.setLibraryRoot(URL(fileURLWithPath: root).standardizedFileURL.path)
        measureAnnotations(changedAfter: revisionBefore, events: events)
        return summary
    }

    /// Stores caption and comment heights at the default widths. A missing font costs no photo:
    /// it is one warning, and the layout reports it again when it needs the heights.
    private func measureAnnotations(changedAfter revision: Int64, events: @escaping @Sendable (ProgressEvent) -> Void) {
        // Texts no annotation uses any more can only appear after an import: pruned after
        // each, measured ahead or not (their old texts are noted until then).
        defer {
            do {
                try database.pruneMeasurements()
            } catch {
                events(.warning("the heights of texts no photo has any more were not dropped (the next import tries again): \(error)"))
            }
        }
        guard !options.textWidths.isEmpty else { return }
        let measurer = TextMeasurer { events(.warning($0)) }
        do {
            try AnnotationMeasurer(database: database, measurer: measurer, caption: options.captionStyle, comment: options.commentStyle)
                .ensureMeasured(widths: options.textWidths, changedAfter: revision)
        } catch {
            events(.warning("captions and comments were not measured: \(error)"))
        }
    }

    /// What a good file yields: an image's probe and EXIF, or a video's probe.
    struct InspectedPhoto: Sendable {
        enum Probe: Sendable {
            case image(ProbeResult)
            case video(VideoProbeResult)
        }
        var probe: Probe
        var contentHash: String
        var length: Int64
        /// An image's EXIF (nil for a video: its container's tags are in its probe).
        var exif: EXIFReading?
        /// What is wrong with a file that is imported all the same, for one warning line.
        var damage: String?
        /// The clip inside a motion photo (at `ProbeResult.motionVideoOffset`).
        var embeddedMotion: VideoProbeResult?
        /// What the file says of itself (a photo's XMP, IPTC and EXIF text; a video's XMP and tags).
        var embedded: PhotoDescription?
        /// What of that could not be read.
        var descriptionWarnings: [String] = []

        func file(albumPath: String, albumName: String, path: String, sortKey: String, mtimeNanoseconds: Int64) -> PhotoFile {
            switch probe {
            case .image(let image):
                var file = PhotoFile(
                    albumPath: albumPath, albumName: albumName, path: path, sortKey: sortKey, fileSize: length,
                    mtimeNanoseconds: mtimeNanoseconds, contentHash: contentHash, format: .image(image.format),
                    width: image.width, height: image.height, orientation: image.orientation,
                    displayWidth: image.displayWidth, displayHeight: image.displayHeight,
                    metadata: exif?.metadata ?? PhotoMetadata())
                file.contentIdentifier = exif?.contentIdentifier
                if image.isAnimated { file.kind = .animated }
                if let motion = embeddedMotion, let offset = image.motionVideoOffset {
                    file.kind = .live
                    file.motionOffset = offset
                    (file.motionWidth, file.motionHeight) = (motion.displayWidth, motion.displayHeight)
                    (file.duration, file.videoCodec, file.audioCodec) = (motion.duration, motion.videoCodec, motion.audioCodec)
                }
                return file
            case .video(let video):
                var file = PhotoFile(
                    albumPath: albumPath, albumName: albumName, path: path, sortKey: sortKey, fileSize: length,
                    mtimeNanoseconds: mtimeNanoseconds, contentHash: contentHash, format: .video(video.container),
                    width: video.width, height: video.height, orientation: video.orientation,
                    displayWidth: video.displayWidth, displayHeight: video.displayHeight,
                    metadata: PhotoMetadata(takenAt: video.takenAt, cameraMake: video.cameraMake, cameraModel: video.cameraModel,
                                            latitude: video.latitude, longitude: video.longitude),
                    kind: .video, duration: video.duration, videoCodec: video.videoCodec, audioCodec: video.audioCodec)
                file.contentIdentifier = video.contentIdentifier
                return file
            }
        }
    }

    /// Probes and hashes `batch` on `options.jobs` threads, and hashes each one's original where
    /// it has another (`originals`: a pair's raw, by its JPEG's path; nil when it cannot be
    /// read, and the photo is still imported); results in the batch's order.
    private func inspect(_ batch: [ScannedFile], originals: [String: ScannedFile], onEach: @Sendable (Int) -> Void)
        -> [(Result<InspectedPhoto, ProbeError>, PhotoOriginal?)] {
        let root = root, largestImage = options.largestImage
        return ParallelWork.map(Array(batch.indices), jobs: options.jobs) { index in
            let result = Self.inspect(root + "/" + batch[index].path, largestImage: largestImage)
            var original: PhotoOriginal?
            if case .success = result, let file = originals[batch[index].path],
               let digest = try? FileDigest.read(path: root + "/" + file.path, endMarker: .checkedByProbe) {
                original = PhotoOriginal(path: file.path, fileSize: file.size, mtimeNanoseconds: file.mtimeNanoseconds, contentHash: digest.contentHash)
            }
            onEach(index)
            return (result, original)
        }
    }

    /// Whether a stored original is the file now beside the photo (both none, or one path, size and time).
    private static func isUnchanged(_ stored: PhotoOriginal?, now file: ScannedFile?) -> Bool {
        guard let stored, let file else { return stored == nil && file == nil }
        return stored.path == file.path && stored.fileSize == file.size && stored.mtimeNanoseconds == file.mtimeNanoseconds
    }

    /// - Parameter largestImage: the long side of the largest image the export makes (a raw's
    ///   preview that covers it is all the import reads of its picture; 0: the raw's size).
    static func inspect(_ path: String, largestImage: Int = 0) -> Result<InspectedPhoto, ProbeError> {
        do throws(ProbeError) {
            if let container = VideoProbe.container(atPath: path) {
                // Headers only; the whole file is read once, for its content hash.
                let video = try VideoProbe.probe(path: path, container: container)
                let digest = try FileDigest.read(path: path, endMarker: .checkedByProbe)
                return .success(InspectedPhoto(probe: .video(video), contentHash: digest.contentHash, length: digest.length,
                                               embedded: video.description, descriptionWarnings: video.descriptionWarnings))
            }
            let probe = try PhotoProbe.probe(path: path)
            var rawNote: String?
            if probe.format == .raw {
                switch ImageDecoder.rawPicture(path: path, longSide: largestImage) {
                case .whole: break
                case .previewOnly(let problem): rawNote = "\(problem); only the camera's small preview inside it is shown"
                case .unreadable(let problem): throw ProbeError.corrupt("no picture can be read from this raw file: \(problem); copy it again from the camera's card")
                }
            }
            let digest = try FileDigest.read(path: path, endMarker: probe.endMarker)
            var warnings = probe.damage
            if !digest.endMarkerFound {
                warnings.append(probe.format == .png ? "the PNG has no IEND chunk" : "the JPEG has no end-of-image marker")
            }
            if probe.format == .jxl {
                // A JPEG XL's header cannot show a picture cut short: it is decoded once here
                // (about a second for 24 MP) so that such a file is named at import.
                guard let bytes = FileManager.default.contents(atPath: path) else { throw ProbeError.unreadable("the file vanished") }
                do {
                    if let warning = try ImageDecoder.warnings(in: [UInt8](bytes), format: .jxl) { warnings.append(warning) }
                } catch {
                    throw ProbeError.corrupt((warnings + ["the JPEG XL cannot be decoded (\(error)); if it was copied, copy it again"]).joined(separator: "; "))
                }
            } else if !warnings.isEmpty {
                // Damage the header walk found: what a browser shows is what libjpeg (libpng)
                // decodes, so the file is taken if its rows decode (warnings and all).
                guard let bytes = FileManager.default.contents(atPath: path) else { throw ProbeError.unreadable("the file vanished") }
                do {
                    if let warning = try ImageDecoder.warnings(in: [UInt8](bytes), format: probe.format) {
                        warnings.append(probe.format == .png ? warning : "libjpeg: \(warning)")
                    }
                } catch {
                    throw ProbeError.truncated(warnings.joined(separator: "; ") + ", and it cannot be decoded (\(error))")
                }
                warnings.append(probe.format == .heic || probe.format == .avif
                    ? "imported with the tiles that are whole, the rest left blank"
                    : "imported as browsers show it (missing rows, if any, grey)")
            }
            if let profile = probe.iccProfile, let problem = ColorConversion.problem(with: profile) { warnings.append(problem) }
            warnings += probe.notes
            if let rawNote { warnings.append(rawNote) }
            let exif = probe.exif.map(EXIFReader.read(tiff:)) ?? EXIFReading()
            var motion: VideoProbeResult?
            if let offset = probe.motionVideoOffset {
                // A motion photo whose clip cannot be read is still a photo.
                do throws(ProbeError) {
                    motion = try VideoProbe.probe(path: path, offset: offset, container: .mp4)
                } catch {
                    warnings.append("the video inside this motion photo cannot be read (\(error)); imported as a still photo")
                }
            }
            let (embedded, descriptionWarnings) = PhotoDescription.embedded(in: probe, exif: exif)
            return .success(InspectedPhoto(probe: .image(probe), contentHash: digest.contentHash, length: digest.length, exif: exif,
                                           damage: warnings.isEmpty ? nil : warnings.joined(separator: "; "), embeddedMotion: motion,
                                           embedded: embedded, descriptionWarnings: descriptionWarnings))
        } catch {
            return .failure(error)
        }
    }

    private func display(_ relative: String) -> String {
        root == "/" ? "/" + relative : root + "/" + relative
    }

    /// The root album's name: the imported folder's own name.
    static func albumName(forRoot root: String) -> String {
        let resolved = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().lastPathComponent
        return resolved.isEmpty || resolved == "/" ? "Photos" : resolved
    }

    /// Natural order: case-folded, with every run of digits left-padded to 20 places, so
    /// "IMG_2" sorts before "IMG_10" and "a" next to "A".
    static func sortKey(_ path: String) -> String {
        var key = ""
        var digits = ""
        for character in path.lowercased() {
            if character.isASCII, character.isNumber {
                digits.append(character)
                continue
            }
            if !digits.isEmpty {
                key += String(repeating: "0", count: max(0, 20 - digits.count)) + digits
                digits = ""
            }
            key.append(character)
        }
        if !digits.isEmpty { key += String(repeating: "0", count: max(0, 20 - digits.count)) + digits }
        return key
    }
}
