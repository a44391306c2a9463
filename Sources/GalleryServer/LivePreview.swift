import GalleryConfig
import Synchronization

/// The state `gallery serve PHOTOS/` shares with the server while it watches the folder: which
/// version of the folder the site shows (pages ask for it, and reload when it changes) and the
/// configuration as last read from gallery.toml.
public final class LivePreview: Sendable {
    private let state: Mutex<(version: Int, configuration: GalleryConfiguration)>

    public init(configuration: GalleryConfiguration) {
        state = Mutex((1, configuration))
    }

    /// Goes up by one each time the folder changed and the library caught up.
    public var version: Int { state.withLock { $0.version } }
    public var configuration: GalleryConfiguration { state.withLock { $0.configuration } }
    var current: (version: Int, configuration: GalleryConfiguration) { state.withLock { $0 } }

    /// The folder changed and the library holds the change: open pages reload.
    public func changed(configuration: GalleryConfiguration) {
        state.withLock { $0 = ($0.version + 1, configuration) }
    }
}
