import GalleryStore
import PhotoFacts

extension CellModel {
    /// A place in words as the lightbox shows it: "Port du Château, Brest, Bretagne, France",
    /// nil when no part is given.
    static func placeName(_ place: PhotoPlace) -> String? {
        let parts = placeParts(place)
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The place's named parts, from the smallest (its sublocation) to its country: each may
    /// have a browse page.
    static func placeParts(_ place: PhotoPlace) -> [String] {
        [place.sublocation, place.city, place.state, place.country].compactMap { $0 }.filter { !$0.isEmpty }
    }
}
