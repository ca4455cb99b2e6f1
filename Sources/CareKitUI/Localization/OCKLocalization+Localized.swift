import Foundation

extension OCKLocalization {
    /// The text of `key` in the current language: from the table registered as `tableName`
    /// (``OCKStringTable/register(_:)``), else CareKitUI's; `value` (else the key) when the
    /// table has none. `bundle` and `comment` are accepted for CareKit's signature; tables are
    /// embedded in the binary, not read from bundles.
    public static func localized(_ key: String, tableName: String? = nil, bundle: Bundle? = nil, value: String = "", comment: String = "") -> String {
        let table = tableName.flatMap { $0 == _careKitUIStrings.name ? _careKitUIStrings : OCKStringTable.registered($0) } ?? _careKitUIStrings
        if let text = table.translation(of: key, in: language) { return text }
        return value.isEmpty ? key : value
    }
}
