import GalleryConfig
import GallerySitePlan
import GalleryStore
import Imaging
import PhotoFacts

/// The images one photo gets: its grid sizes (1×, 2×, 3×) and its large view, named by the
/// file's content hash and the size, so an unchanged photo keeps its images across exports
/// and libraries and a changed one gets new names.
struct ImagePlan: Sendable {
    /// What the images are made from: an image file, or a video's poster frame.
    enum Source: Sendable {
        case image(ImageFormat)
        case video(VideoContainer)
    }
    var source: Source
    var orientation: Orientation
    /// Paths in the site: the grid images, then the large view.
    var names: [String]
    var grid: [(width: Int, height: Int)]
    var large: (width: Int, height: Int)
    var sizes: [(width: Int, height: Int)] { grid + [large] }
    /// Each size's file format (`[content] thumbnail_format` for the grid; the large view JPEG).
    var encodings: [ImageFormat]
    /// Encoding quality (`[content] image_quality`); other than the default, it is in the names, so
    /// a change of quality makes new images (and only images).
    var quality: Int
    var thumbnails: [(url: String, width: Int)] { zip(names, grid).map { ($0, $1.width) } }

    /// The original file's copy ("originals/HASH.heic"), when the site offers originals.
    var original: String?
    /// What the lightbox plays, for a video: its web rendition ("videos/HASH-1920x1080.mp4",
    /// `videoSize`), or with `videos = "original"` the original's copy; nil for a photo.
    var video: String?
    var videoSize: VideoRendition?
    /// The rendition's limit and quality (`[content] video_max_height`, `video_quality`).
    var videoMaxHeight = VideoRendition.defaultMaxHeight
    var videoQuality = VideoRendition.defaultQuality
    /// A Live Photo's clip, played muted over the still in the lightbox: always a web version
    /// ("videos/HASH-1440x1080.mp4", named by the clip's file), whatever `videos` says but
    /// "skip"; made from `motionPath` (relative to the library's folder) at `motionOffset`.
    var motion: String?
    var motionSize: VideoRendition?
    var motionPath: String?
    var motionOffset: Int64 = 0
    /// An animation's format when the clip is the animation itself (a GIF's or an animated
    /// PNG's frames made a looping web video: `VideoTranscoder.makeLoopingVideo`); made
    /// whatever `videos` says, since it is how the picture looks.
    var animation: ImageFormat?

    /// Nil for a format the thumbnailer cannot read.
    init?(_ photo: LibraryPhoto, contentHash: String, geometry: SiteGeometry, content: GalleryConfiguration.Content, withOriginal: Bool = false) {
        let quality = content.imageQuality, thumbnailFormat = content.thumbnailFormat
        let source: Source
        switch photo.format {
        case .image(let format): source = .image(format)
        case .video(let container): source = .video(container)
        case .unknown: return nil
        }
        let key = String(contentHash.dropFirst("xxh64:".count))
        grid = geometry.thumbnailWidths(displayWidth: photo.displayWidth).map { Thumbnailer.size(displayWidth: photo.displayWidth, displayHeight: photo.displayHeight, toWidth: $0) }
        orientation = photo.orientation
        switch source {
        case .image(let format):
            large = Thumbnailer.largeSize(format: format, storedWidth: photo.width, storedHeight: photo.height, orientation: orientation,
                                          longSide: geometry.largeLongSide)
        case .video:
            // A poster frame is decoded whole: fitted into the long side.
            large = Thumbnailer.size(displayWidth: photo.displayWidth, displayHeight: photo.displayHeight, longSide: geometry.largeLongSide)
        }
        let named = quality == Thumbnailer.quality ? nil : quality
        let webp = thumbnailFormat == .webp
        names = grid.map { ImageFileName(key: key, size: .grid(width: $0.width), quality: named, isWebP: webp).name }
            + [ImageFileName(key: key, size: .large(width: large.width, height: large.height), quality: named).name]
        encodings = grid.map { _ in webp ? .webp : .jpeg } + [.jpeg]
        self.source = source
        self.quality = quality
        let originalName = Self.originalName(key: key, path: photo.path, otherwise: photo.format.rawValue)
        if withOriginal && content.downloads == .original {
            // A RAW+JPEG pair's download is its raw, named by the raw's own hash.
            original = photo.original.map {
                Self.originalName(key: String($0.contentHash.dropFirst("xxh64:".count)), path: $0.path, otherwise: ImageFormat.raw.rawValue)
            } ?? originalName
        }
        if case .video = source {
            switch content.videos {
            case .web:
                (video, videoSize) = Self.webVideo(key: key, displayWidth: photo.displayWidth, displayHeight: photo.displayHeight, content: content)
            case .original:
                video = originalName
            case .skip:
                video = nil
            }
        }
        if photo.kind == .animated, let clip = photo.motion, case .image(let format) = clip.format {
            (motion, motionSize) = Self.webVideo(key: key, displayWidth: clip.displayWidth, displayHeight: clip.displayHeight, content: content)
            motionPath = clip.path
            animation = format
        } else if photo.kind == .live, let clip = photo.motion, content.videos != .skip {
            (motion, motionSize) = Self.webVideo(key: String(clip.contentHash.dropFirst("xxh64:".count)),
                                                 displayWidth: clip.displayWidth, displayHeight: clip.displayHeight, content: content)
            motionPath = clip.path
            motionOffset = clip.offset
        }
        videoMaxHeight = content.videoMaxHeight
        videoQuality = content.videoQuality
    }

    /// The name of a copy of the file at `path` ("originals/KEY.cr2"): its own extension,
    /// lowercased, or `otherwise` when its name has none.
    static func originalName(key: String, path: String, otherwise: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        var ext = otherwise
        if let dot = name.lastIndex(of: "."), name.index(after: dot) < name.endIndex { ext = String(name[name.index(after: dot)...]) }
        return ImageFileName(key: key, size: .original(extension: ext.lowercased())).name
    }

    /// The web version of a clip with this key (its file's hash) and displayed size: its name and size.
    static func webVideo(key: String, displayWidth: Int, displayHeight: Int, content: GalleryConfiguration.Content) -> (String, VideoRendition) {
        let size = VideoRendition(displayWidth: displayWidth, displayHeight: displayHeight, maxHeight: content.videoMaxHeight)
        let quality = content.videoQuality == VideoRendition.defaultQuality ? nil : content.videoQuality
        return (ImageFileName(key: key, size: .video(width: size.width, height: size.height), quality: quality).name, size)
    }
}
