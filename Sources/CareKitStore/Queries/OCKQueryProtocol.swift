import Foundation

/// The filters every entity query shares. Filters are ANDed; an empty list means "no filter".
public protocol OCKQueryProtocol: Hashable, Sendable {
    /// Match these logical ids.
    var ids: [String] { get set }
    /// Match these version uuids.
    var uuids: [UUID] { get set }
    /// Match these groups; `nil` in the list matches entities without a group.
    var groupIdentifiers: [String?] { get set }
    /// Match entities with at least one of these tags.
    var tags: [String] { get set }
    /// Match these remote ids; `nil` in the list matches entities without one.
    var remoteIDs: [String?] { get set }
    /// With an interval, return for each id the version in effect at its end; without one,
    /// return every version.
    var dateInterval: DateInterval? { get set }
    /// The most results to return.
    var limit: Int? { get set }
    /// How many results to skip first.
    var offset: Int { get set }

    /// A query with no filters: every version of every entity of its kind.
    init()
}

// The initializers every entity query has, written once.
extension OCKQueryProtocol {
    /// A query for the versions in effect at the end of `dateInterval`.
    public init(dateInterval: DateInterval?) {
        self.init()
        self.dateInterval = dateInterval
    }

    /// A query for the whole local day containing `date`.
    public init(for date: Date, calendar: Calendar = .current) {
        self.init(dateInterval: .ockDay(containing: date, calendar: calendar))
    }

    /// A query for one id, across every version.
    public init(id: String) {
        self.init()
        self.ids = [id]
    }
}

extension DateInterval {
    /// The whole local day containing `date`: from its midnight to the next midnight, so a
    /// 23- or 25-hour daylight-saving day is covered exactly.
    public static func ockDay(containing date: Date, calendar: Calendar) -> DateInterval {
        let start = calendar.startOfDay(for: date)
        let next = calendar.ockStartOfNextDay(after: start)
        return DateInterval(start: start, end: max(next, start))
    }

    /// The whole local days from the day of `first` through the day of `last`: from the
    /// first's midnight to the midnight after the last (empty when `last` is before `first`),
    /// as a report or chart "from … to …" covers them.
    public static func ockDays(from first: Date, through last: Date, calendar: Calendar) -> DateInterval {
        let start = calendar.startOfDay(for: first)
        return DateInterval(start: start, end: max(start, ockDay(containing: last, calendar: calendar).end))
    }
}
