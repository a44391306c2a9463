import Foundation
import GalleryJSON
import GalleryStore
import Imaging
import PhotoFacts

/// The importer's one rule for what is said of a photo: its sources layered field by field,
/// the first that has a field giving it — our annotation files (`annotations.json`,
/// `Photos.plist`, a `.txt` sidecar), then an XMP sidecar, then a Google Takeout sidecar, then
/// the file's own XMP, IPTC and EXIF text (`PhotoDescription.embedded`).
enum AnnotationLayers {
    static func annotation(ours: Annotation?, sidecar: (description: PhotoDescription, source: String)?,
                           takeout: TakeoutSidecars.Sidecar? = nil, embedded: PhotoDescription?) -> Annotation? {
        var layers: [(PhotoDescription, String)] = []
        if let ours {
            let own = PhotoDescription(title: ours.caption.isEmpty ? nil : ours.caption, description: ours.comment.isEmpty ? nil : ours.comment)
            if !own.isEmpty { layers.append((own, ours.source)) }
        }
        if let sidecar { layers.append(sidecar) }
        if let takeout, !takeout.description.isEmpty { layers.append((takeout.description, takeout.source)) }
        if let embedded, !embedded.isEmpty { layers.append((embedded, "file")) }
        guard !layers.isEmpty else {
            // Our file names the photo but gives it no text: kept as it was (an empty caption).
            return ours
        }
        let merged = layers.dropFirst().reduce(layers[0].0) { $0.filling(from: $1.0) }
        var annotation = Annotation(caption: merged.caption ?? "", comment: merged.description ?? "", source: layers[0].1)
        annotation.keywords = merged.keywords ?? []
        annotation.people = merged.people ?? []
        if let rating = merged.rating {
            if rating < 0 { annotation.rejected = true } else { annotation.rating = rating }
        }
        annotation.favorite = merged.favorite ?? false
        annotation.place = merged.place.map { PhotoPlace(sublocation: $0.sublocation, city: $0.city, state: $0.state, country: $0.country) }
        return annotation
    }

    /// A digest of every layer but the file's own, as `annotation` reads them: with the file
    /// unchanged, the same digest gives the same annotation (`StoredPhotoState.annotationLayers`),
    /// without the file's stored description decoded again. Stable across runs (XXH64 of the
    /// layers' fields, each with its length); `rules` changes it whenever `annotation` changes
    /// how it merges.
    static func digest(ours: Annotation?, sidecar: (description: PhotoDescription, source: String)?,
                       takeout: TakeoutSidecars.Sidecar?) -> Int64 {
        var bytes: [UInt8] = []
        func add(_ text: String?) {
            guard let text else { return add(count: 0) }
            add(count: text.utf8.count + 1)
            bytes += text.utf8
        }
        func add(count: Int) { withUnsafeBytes(of: UInt64(count).littleEndian) { bytes += $0 } }
        func add(_ names: [String]) {
            add(count: names.count)
            for name in names { add(name) }
        }
        func add(_ description: PhotoDescription) { add((try? JSON.string(description)) ?? "unencodable") }
        add(rules)
        if let ours {
            add(ours.caption)
            add(ours.comment)
            add(ours.source)
            add(ours.keywords)
            add(ours.people)
            add(ours.rating.map(String.init))
            add("\(ours.rejected) \(ours.favorite)")
            add([ours.place?.sublocation, ours.place?.city, ours.place?.state, ours.place?.country].map { $0 ?? "\u{0}" })
        } else {
            add(nil)
        }
        if let sidecar {
            add(sidecar.description)
            add(sidecar.source)
        } else {
            add(nil)
        }
        if let takeout {
            add(takeout.description)
            add(takeout.source)
        } else {
            add(nil)
        }
        return Int64(bitPattern: ContentHasher.hash(bytes))
    }

    /// Names how `annotation` merges: a change to it makes every stored digest stale.
    private static let rules = "layers 1"

    /// The file's own description as stored with the photo (nil when it says nothing).
    static func stored(_ description: PhotoDescription) -> String? {
        guard !description.isEmpty else { return nil }
        return try? JSON.string(description)
    }

    static func embedded(stored json: String?) -> PhotoDescription? {
        guard let json else { return nil }
        return try? JSON.decode(PhotoDescription.self, from: Array(json.utf8))
    }
}
