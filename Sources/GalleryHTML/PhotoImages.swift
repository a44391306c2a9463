import Foundation
import GalleryConfig
import GallerySitePlan
import GalleryStore
import Imaging

/// The images of a site's photos, one photo at a time: all its sizes from one decode, each file
/// written atomically (a request never sees half a file, an interrupted encode leaves none), its
/// dominant colour given back to be stored; and its original copied, when the site offers it.
/// The one renderer of images: `gallery export` runs it for every photo that lacks its images,
/// on all cores; `gallery serve` for the photo an image request names.
public struct PhotoImages: Sendable {
    let outFolder: URL
    let geometry: SiteGeometry
    let configuration: GalleryConfiguration

    /// - Parameter geometry: the grid the images are sized for (by default `[look]`'s).
    public init(outFolder: URL, configuration: GalleryConfiguration, geometry: SiteGeometry? = nil) {
        self.outFolder = outFolder
        self.configuration = configuration
        self.geometry = geometry ?? SiteGeometry(configuration)
    }

    /// The names and sizes of a stored photo's images (nil when it has none: not a photo the
    /// site can show).
    func plan(_ photo: LibraryPhoto, contentHash: String, withOriginal: Bool = false) -> ImagePlan? {
        ImagePlan(photo, contentHash: contentHash, geometry: geometry, content: configuration.content, withOriginal: withOriginal)
    }

    /// Makes what the lightbox plays for the video of `plan`: its web rendition, or the
    /// original's copy (`videos = "original"`). One at a time: the encoder uses every core.
    /// Returns what the encoder did (nil for a copy): damaged packets left out, a sound that could not be read.
    @discardableResult
    func makeVideo(_ plan: ImagePlan, from source: String, progress: (VideoTranscoder.Progress) -> Void = { _ in }) throws -> VideoTranscoder.Outcome? {
        guard let video = plan.video else { return nil }
        guard let size = plan.videoSize else {
            try copyOriginal(from: source, to: video)
            return nil
        }
        return try makeWebVideo(video, from: source, size: size, plan: plan, progress: progress)
    }

    /// Writes the web version `name` ("videos/…") of the clip at `source` (from `offset`), with
    /// `plan`'s limit and quality.
    @discardableResult
    private func makeWebVideo(_ name: String, from source: String, offset: Int64 = 0, size: VideoRendition, plan: ImagePlan,
                              progress: (VideoTranscoder.Progress) -> Void = { _ in }) throws -> VideoTranscoder.Outcome {
        let target = outFolder.appending(path: name)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        return try VideoTranscoder.makeWebVideo(from: source, offset: offset, to: target.path, size: size, maxHeight: plan.videoMaxHeight,
                                                quality: plan.videoQuality, progress: progress)
    }

    /// Makes the web version of a Live Photo's clip or an animation (`plan.motion`) from the
    /// library at `root`.
    @discardableResult
    func makeMotion(_ plan: ImagePlan, root: String, progress: (VideoTranscoder.Progress) -> Void = { _ in }) throws -> VideoTranscoder.Outcome? {
        guard let motion = plan.motion, let size = plan.motionSize, let path = plan.motionPath else { return nil }
        guard let animation = plan.animation else {
            return try makeWebVideo(motion, from: root + "/" + path, offset: plan.motionOffset, size: size, plan: plan, progress: progress)
        }
        let target = outFolder.appending(path: motion)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        return try VideoTranscoder.makeLoopingVideo(fromAnimation: root + "/" + path, format: animation, orientation: plan.orientation,
                                                    to: target.path, size: size, quality: plan.videoQuality, progress: progress)
    }

    /// Makes `plan`'s images from the file at `source`; returns their dominant colour ("#rrggbb").
    func render(_ plan: ImagePlan, from source: String) throws -> String {
        let rendered: (images: [[UInt8]], dominantColor: RGBColor)
        switch plan.source {
        case .image(let format):
            rendered = try Thumbnailer.renderWithColor(path: source, format: format, orientation: plan.orientation, sizes: plan.sizes,
                                                       quality: plan.quality, encodings: plan.encodings)
        case .video:
            guard FileManager.default.isReadableFile(atPath: source) else {
                throw CodecError("cannot read \(source) (was it moved? run 'gallery import' again)")
            }
            let poster = try VideoPoster.frame(path: source)
            rendered = try Thumbnailer.renderWithColor(poster.image, orientation: plan.orientation, sizes: plan.sizes,
                                                       quality: plan.quality, encodings: plan.encodings)
        }
        for (name, bytes) in zip(plan.names, rendered.images) {
            let url = outFolder.appending(path: name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
        }
        return rendered.dominantColor.hex
    }

    /// Copies the photo's original file to `name` ("originals/HASH.ext"), whole or not at all.
    func copyOriginal(from source: String, to name: String) throws {
        let target = outFolder.appending(path: name)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A temporary name, then a rename.
        let temporary = target.deletingLastPathComponent().appending(path: ".\(target.lastPathComponent).partial")
        try? FileManager.default.removeItem(at: temporary)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: source), to: temporary)
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw CodecError("cannot write \(target.path): \(reason)")
        }
    }

    /// Makes the images of the photo of `database` that `name` (a path the pages use,
    /// "thumbs/…", "large/…", "originals/…" or "videos/…") belongs to, and stores its colour.
    /// False when no photo of the library has a file of that name.
    public func render(named name: String, database: GalleryDatabase) throws -> Bool {
        guard let image = ImageFileName(parsing: name) else { return false }
        let hash = image.contentHash
        guard let root = try database.libraryRoot() else { throw ExportError.noLibrary }
        let isOriginal = image.isOriginal
        guard let photo = try database.photo(contentHash: hash),
              let plan = plan(photo, contentHash: hash, withOriginal: isOriginal) else { return false }
        let source = root + "/" + photo.path
        if isOriginal {
            guard plan.original == name || plan.video == name else { return false }
            try copyOriginal(from: plan.original == name ? root + "/" + photo.originalPath : source, to: name)
            return true
        }
        if image.isVideo {
            if plan.video == name {
                try makeVideo(plan, from: source)
            } else if plan.motion == name {
                try makeMotion(plan, root: root)
            } else if photo.kind == .video,
                      case let (web, size) = ImagePlan.webVideo(key: String(hash.dropFirst("xxh64:".count)), displayWidth: photo.displayWidth,
                                                                 displayHeight: photo.displayHeight, content: configuration.content),
                      web == name, configuration.content.videos != .skip {
                // A Live Photo's clip, found by its own hash: its web version whatever `videos` says.
                try makeWebVideo(name, from: source, size: size, plan: plan)
            } else {
                return false
            }
            return true
        }
        guard plan.names.contains(name) else { return false }
        try database.saveDominantColors([hash: try render(plan, from: source)])
        return true
    }
}
