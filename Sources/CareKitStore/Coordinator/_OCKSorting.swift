import Foundation

/// Sorting of type-erased results by a query's sort descriptors (stable; ties keep store order).
enum _OCKSorting {
    private static func compare<T: Comparable>(_ lhs: T?, _ rhs: T?, ascending: Bool) -> Bool? {
        switch (lhs, rhs) {
        case let (l?, r?) where l != r: return ascending ? l < r : l > r
        case (nil, _?): return ascending
        case (_?, nil): return !ascending
        default: return nil
        }
    }

    private static func sorted<Item>(_ items: [Item], _ keys: [(Item, Item) -> Bool?]) -> [Item] {
        guard !keys.isEmpty else { return items }
        return items.enumerated().sorted { lhs, rhs in
            for key in keys {
                if let ordered = key(lhs.element, rhs.element) { return ordered }
            }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    static func patients(_ items: [any OCKAnyPatient], by descriptors: [OCKPatientQuery.SortDescriptor]) -> [any OCKAnyPatient] {
        sorted(
            items,
            descriptors.map { descriptor in
                switch descriptor {
                case .groupIdentifier(let a): return { compare($0.groupIdentifier, $1.groupIdentifier, ascending: a) }
                case .givenName(let a): return { compare($0.name.givenName, $1.name.givenName, ascending: a) }
                case .familyName(let a): return { compare($0.name.familyName, $1.name.familyName, ascending: a) }
                case .effectiveDate(let a): return { compare($0.effectiveDate, $1.effectiveDate, ascending: a) }
                }
            })
    }

    static func plans(_ items: [any OCKAnyCarePlan], by descriptors: [OCKCarePlanQuery.SortDescriptor]) -> [any OCKAnyCarePlan] {
        sorted(
            items,
            descriptors.map { descriptor in
                switch descriptor {
                case .title(let a): return { compare($0.title, $1.title, ascending: a) }
                case .effectiveDate(let a): return { compare($0.effectiveDate, $1.effectiveDate, ascending: a) }
                }
            })
    }

    static func contacts(_ items: [any OCKAnyContact], by descriptors: [OCKContactQuery.SortDescriptor]) -> [any OCKAnyContact] {
        sorted(
            items,
            descriptors.map { descriptor in
                switch descriptor {
                case .givenName(let a): return { compare($0.name.givenName, $1.name.givenName, ascending: a) }
                case .familyName(let a): return { compare($0.name.familyName, $1.name.familyName, ascending: a) }
                case .effectiveDate(let a): return { compare($0.effectiveDate, $1.effectiveDate, ascending: a) }
                }
            })
    }

    static func tasks(_ items: [any OCKAnyTask], by descriptors: [OCKTaskQuery.SortDescriptor]) -> [any OCKAnyTask] {
        sorted(
            items,
            descriptors.map { descriptor in
                switch descriptor {
                case .effectiveDate(let a): return { compare($0.effectiveDate, $1.effectiveDate, ascending: a) }
                case .groupIdentifier(let a): return { compare($0.groupIdentifier, $1.groupIdentifier, ascending: a) }
                case .title(let a): return { compare($0.title, $1.title, ascending: a) }
                }
            })
    }
}
