import CareKitStore
import CareKitUI
import Foundation

/// Display helpers for contacts.
public enum OCKContactFormatting {
    /// "Dr. Ruth Pérez MD": prefix, given, middle, family, suffix; empty parts left out.
    public static func name(_ components: PersonNameComponents) -> String {
        [components.namePrefix, components.givenName, components.middleName, components.familyName, components.nameSuffix]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The line under a contact's name: their title, else their role.
    public static func detail(_ contact: any OCKAnyContact) -> String? {
        contact.title ?? contact.role
    }

    /// The heading of a category.
    public static func heading(_ category: OCKContactCategory?) -> String {
        switch category {
        case .careProvider: return loc("Care Team")
        case .friendsAndFamily: return loc("Friends & Family")
        case nil: return loc("Contacts")
        }
    }
}
