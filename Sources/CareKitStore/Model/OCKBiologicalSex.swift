/// A patient's biological sex. Its JSON form is a bare string; any string other than
/// `"male"` or `"female"` reads back as `.other`.
public enum OCKBiologicalSex: Codable, Hashable, Sendable, RawRepresentable {
    case male
    case female
    case other(String)

    public init(rawValue: String) {
        switch rawValue {
        case "male": self = .male
        case "female": self = .female
        default: self = .other(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .male: return "male"
        case .female: return "female"
        case .other(let value): return value
        }
    }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
