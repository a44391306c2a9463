import PhotoFacts

extension PhotoPlace {
    /// The place a file's location fields give, each cleaned as a description's text is
    /// (`PhotoDescription.cleaned`); nil when no part is given.
    static func from(sublocation: String?, city: String?, state: String?, country: String?) -> PhotoPlace? {
        let place = PhotoPlace(sublocation: PhotoDescription.cleaned(sublocation), city: PhotoDescription.cleaned(city),
                               state: PhotoDescription.cleaned(state), country: PhotoDescription.cleaned(country))
        return place == PhotoPlace() ? nil : place
    }
}
