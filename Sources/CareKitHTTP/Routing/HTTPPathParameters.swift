/// The values a path gave a pattern's parameters, decoded.
public struct HTTPPathParameters: Sendable, Hashable {
    private let values: [String: String]

    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// The value of a parameter, or nil when the pattern has none of that name.
    public subscript(name: String) -> String? {
        values[name]
    }

    /// The value of a parameter as a whole number, or a 400 saying what it should be.
    public func integer(_ name: String) throws(HTTPError) -> Int {
        guard let text = values[name], let value = Int(text) else {
            throw HTTPError(status: 400, message: "'\(values[name] ?? "")' is not a whole number (\(name)).")
        }
        return value
    }
}
