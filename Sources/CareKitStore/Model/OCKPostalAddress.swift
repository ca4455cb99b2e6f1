/// A postal address, with the same fields (and JSON keys) as CareKit's.
public struct OCKPostalAddress: Codable, Hashable, Sendable {
    /// Street name and number.
    public var street: String
    /// Neighbourhood or district within the city.
    public var subLocality: String
    /// City or town.
    public var city: String
    /// County or similar subdivision of the state.
    public var subAdministrativeArea: String
    /// State, province or region.
    public var state: String
    /// Postal or ZIP code.
    public var postalCode: String
    /// Country name.
    public var country: String
    /// ISO 3166 country code, for example "US".
    public var isoCountryCode: String

    /// Creates an address; the finer subdivisions and the ISO code default to empty.
    public init(
        street: String, city: String, state: String, postalCode: String, country: String,
        isoCountryCode: String = "", subAdministrativeArea: String = "", subLocality: String = ""
    ) {
        self.street = street
        self.city = city
        self.state = state
        self.postalCode = postalCode
        self.country = country
        self.isoCountryCode = isoCountryCode
        self.subAdministrativeArea = subAdministrativeArea
        self.subLocality = subLocality
    }

    /// The address as lines for display: street, "city state postcode", country. Empty parts are left out.
    public var formattedLines: [String] {
        let locality = [city, state, postalCode].filter { !$0.isEmpty }.joined(separator: " ")
        return [street, locality, country].filter { !$0.isEmpty }
    }
}
