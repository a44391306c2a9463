/// Where a photo was taken, in words (IPTC's location fields), as a file says it and as the
/// library stores and shows it: each part nil when not given.
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

    private enum CodingKeys: String, CodingKey { case sublocation, city, state, country }

    /// Every key, null when unknown: `{"sublocation", "city", "state", "country"}` is an
    /// interface (`photos --json`, `/api/photos`), read by programs that expect all four.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sublocation, forKey: .sublocation)
        try container.encode(city, forKey: .city)
        try container.encode(state, forKey: .state)
        try container.encode(country, forKey: .country)
    }
}
