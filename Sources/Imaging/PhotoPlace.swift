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
        let place = PhotoPlace(sublocation: PhotoDescription.text(sublocation), city: PhotoDescription.text(city),
                               state: PhotoDescription.text(state), country: PhotoDescription.text(country))
        return place == PhotoPlace() ? nil : place
    }
}
