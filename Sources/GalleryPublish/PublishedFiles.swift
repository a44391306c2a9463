import Foundation
import GalleryJSON

/// `.gallery-publish.json` under the prefix: the keys (relative to the prefix) that publishes
/// of this site put there. Only those are ever deleted, so another tool's objects under the
/// same prefix are left alone. It is written before the uploads (what is known plus what is
/// about to go up: a publish killed part-way still knows every object it may have left) and
/// after the deletions (what the site is now).
struct PublishedFiles: Codable, Equatable {
    /// The object's name under the prefix.
    static let name = ".gallery-publish.json"

    var generator = "gallery"
    var files: [String]

    init(files: some Sequence<String>) {
        self.files = Set(files).sorted()
    }

    func data() -> Data {
        Data((try? JSON.encode(self)) ?? [])
    }

    /// The record in `data`, nil when it is not one (written by hand, or by something else):
    /// then nothing is known to be ours.
    static func read(_ data: Data) -> PublishedFiles? {
        try? JSON.decode(PublishedFiles.self, from: data)
    }
}
