import GalleryStore
import PhotoFacts

extension CellModel {
    /// What joins a place's parts into its name as the lightbox shows it ("Port du Château,
    /// Brest, Bretagne, France": `data-place-name`), and what the script splits it at.
    static let placeSeparator = ", "

    /// The place's named parts, from the smallest (its sublocation) to its country: each may
    /// have a browse page.
    static func placeParts(_ place: PhotoPlace) -> [String] {
        [place.sublocation, place.city, place.state, place.country].compactMap { $0 }.filter { !$0.isEmpty }
    }
}
