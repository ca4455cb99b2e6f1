import CareKitStore
import Foundation

/// The events a task card shows, grouped by task (one section per task id, in order of first
/// appearance, events in start order). A collection of sections.
public struct OCKTaskEvents: Collection, Sendable, Equatable {
    private var sections: [[OCKAnyEvent]] = []

    /// Creates the groups from events.
    public init(events: [OCKAnyEvent] = []) {
        for event in events.sorted() { append(event: event) }
    }

    public var startIndex: Int { sections.startIndex }
    public var endIndex: Int { sections.endIndex }
    public func index(after index: Int) -> Int { sections.index(after: index) }
    public subscript(position: Int) -> [OCKAnyEvent] { sections[position] }

    /// The event at a section and row, if there is one.
    public subscript(section section: Int, row row: Int) -> OCKAnyEvent? {
        guard sections.indices.contains(section), sections[section].indices.contains(row) else { return nil }
        return sections[section][row]
    }

    /// The first event of the first task (what single-event cards show).
    public var firstEvent: OCKAnyEvent? { sections.first?.first }

    /// Every event, in section order.
    public var allEvents: [OCKAnyEvent] { sections.flatMap { $0 } }

    /// The first task.
    public var firstTask: (any OCKAnyTask)? { firstEvent?.task }

    /// Adds an event to its task's section (a new section for a new task). Returns false when
    /// an event with the same id is already there.
    @discardableResult
    public mutating func append(event: OCKAnyEvent) -> Bool {
        guard !contains(event: event) else { return false }
        if let index = sections.firstIndex(where: { $0.first?.task.id == event.task.id }) {
            sections[index].append(event)
        } else {
            sections.append([event])
        }
        return true
    }

    /// Replaces the event with the same id; returns false when there is none.
    @discardableResult
    public mutating func update(event: OCKAnyEvent) -> Bool {
        for section in sections.indices {
            if let row = sections[section].firstIndex(where: { $0.id == event.id }) {
                sections[section][row] = event
                return true
            }
        }
        return false
    }

    /// Removes the event with the same id; returns false when there is none.
    @discardableResult
    public mutating func remove(event: OCKAnyEvent) -> Bool {
        for section in sections.indices {
            if let row = sections[section].firstIndex(where: { $0.id == event.id }) {
                sections[section].remove(at: row)
                if sections[section].isEmpty { sections.remove(at: section) }
                return true
            }
        }
        return false
    }

    /// Whether an event with the same id is present.
    public func contains(event: OCKAnyEvent) -> Bool {
        sections.contains { $0.contains { $0.id == event.id } }
    }

    /// The events of a task id.
    public func events(forTask taskID: String) -> [OCKAnyEvent] {
        sections.first { $0.first?.task.id == taskID } ?? []
    }
}
