/// Where a photo was taken, in words (IPTC's location fields): each part nil when not given.
public struct PhotoPlace: Sendable, Hashable, Codable {
    public var sublocation: String?
    public var city: String?
    public var state: String?
    public var country: String?

    public init(sublocation: String? = nil, city: String? = nil, state: String? = nil, country: String? = nil) {
        self.sublocation = sublocation
        self.city = city
        self.state = state
        self.country = country
    }

    /// Nil when no part is given.
    static func from(sublocation: String?, city: String?, state: String?, country: String?) -> PhotoPlace? {
        let place = PhotoPlace(sublocation: PhotoDescription.cleaned(sublocation), city: PhotoDescription.cleaned(city),
                               state: PhotoDescription.cleaned(state), country: PhotoDescription.cleaned(country))
        return place == PhotoPlace() ? nil : place
    }
}
