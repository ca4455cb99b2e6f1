import CareKitStore
import Foundation
import Synchronization

// The README's "Custom Stores and Types", made real: a store that keeps everything in one JSON
// file, with its own task type (with a difficulty) and its own task query (filtering by it).
// It implements only the async CRUD methods; CareKit's protocol extensions give it the rest
// (`fetchTask(withID:)`, `addTask(_:)`, the completion-handler forms, events across versions,
// adherence, the `Any` API).

/// How hard a task is: the custom property of ``MyTask``.
enum DifficultyRating: String, Codable, Hashable, Sendable {
    case easy, medium, hard
}

/// The store's own task type.
struct MyTask: OCKAnyTask & OCKAnyVersionableTask & Equatable & Identifiable & Codable {

    // MARK: OCKAnyTask
    let id: String
    var uuid = UUID()
    var title: String?
    var instructions: String?
    var impactsAdherence = true
    var schedule: OCKSchedule
    var groupIdentifier: String?
    var tags: [String]?
    var carePlanUUID: UUID?

    // MARK: OCKAnyVersionableTask
    var previousVersionUUIDs: [UUID] = []
    var nextVersionUUIDs: [UUID] = []
    var effectiveDate: Date
    var deletedDate: Date?

    // MARK: Custom Properties
    var difficulty: DifficultyRating

    init(id: String, title: String?, schedule: OCKSchedule, difficulty: DifficultyRating) {
        self.id = id
        self.title = title
        self.schedule = schedule
        self.difficulty = difficulty
        self.effectiveDate = schedule.startDate()
    }

    func belongs(to plan: any OCKAnyCarePlan) -> Bool {
        guard let plan = plan as? OCKCarePlan, let carePlanUUID else { return false }
        return plan.uuid == carePlanUUID
    }
}

/// The store's own task query: CareKit's filters it understands, plus difficulty.
struct MyTaskQuery: OCKAnyTaskQuery, Hashable {

    // MARK: OCKAnyTaskQuery
    var ids: [String] = []
    var uuids: [UUID] = []
    var carePlanIDs: [String] = []
    var tags: [String] = []
    var dateInterval: DateInterval?

    // MARK: Custom Properties
    var difficulty: DifficultyRating?

    init(difficulty: DifficultyRating? = nil, dateInterval: DateInterval? = nil) {
        self.difficulty = difficulty
        self.dateInterval = dateInterval
    }

    /// CareKit's own queries (type-erased callers, events, adherence) arrive through this.
    init(_ query: OCKTaskQuery) {
        ids = query.ids
        uuids = query.uuids
        carePlanIDs = query.carePlanIDs
        tags = query.tags
        dateInterval = query.dateInterval
    }
}

/// What the JSON store needs of a versioned value.
protocol JSONVersioned: Codable, Sendable {
    var id: String { get }
    var uuid: UUID { get set }
    var previousVersionUUIDs: [UUID] { get set }
    var nextVersionUUIDs: [UUID] { get set }
    var effectiveDate: Date { get set }
    var deletedDate: Date? { get set }
}

extension OCKPatient: JSONVersioned {}
extension OCKCarePlan: JSONVersioned {}
extension OCKContact: JSONVersioned {}
extension OCKOutcome: JSONVersioned {}
extension MyTask: JSONVersioned {}

/// A CareKit store in one JSON file. Every write rewrites the file atomically; a write that
/// breaks a rule changes nothing.
final class JSONFileStore: OCKStoreProtocol, Sendable {
    typealias Task = MyTask
    typealias TaskQuery = MyTaskQuery

    /// Everything the store holds; this is the file's content.
    struct Contents: Codable, Sendable {
        var patients: [OCKPatient] = []
        var carePlans: [OCKCarePlan] = []
        var contacts: [OCKContact] = []
        var tasks: [MyTask] = []
        var outcomes: [OCKOutcome] = []
    }

    let fileURL: URL
    private let clock: @Sendable () -> Date
    private let contents: Mutex<Contents>

    /// Opens the store in `fileURL`, reading what is there.
    init(fileURL: URL, clock: @escaping @Sendable () -> Date) throws {
        self.fileURL = fileURL
        self.clock = clock
        if FileManager.default.fileExists(atPath: fileURL.path) {
            contents = Mutex(try JSONDecoder().decode(Contents.self, from: Data(contentsOf: fileURL)))
        } else {
            contents = Mutex(Contents())
        }
    }

    func reset() throws {
        try contents.withLock { contents in
            try Self.save(Contents(), to: fileURL)
            contents = Contents()
        }
    }

    // MARK: Running reads and writes

    private func read<T>(_ body: (Contents) throws -> T) throws -> T {
        try contents.withLock { contents in
            do { return try body(contents) } catch { throw error as? OCKStoreError ?? .fetchFailed(reason: "\(error)") }
        }
    }

    /// Runs `body` on a copy; saves and keeps the copy only if all of it succeeded.
    private func write<T>(failure: (String) -> OCKStoreError, _ body: (inout Contents, Date) throws -> T) throws -> T {
        let now = clock()
        return try contents.withLock { contents in
            var copy = contents
            do {
                let value = try body(&copy, now)
                try Self.save(copy, to: fileURL)
                contents = copy
                return value
            } catch {
                throw error as? OCKStoreError ?? failure("\(error)")
            }
        }
    }

    private static func save(_ contents: Contents, to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(contents).write(to: url, options: .atomic)
    }

    // MARK: Versioning, shared by every entity

    private static func add<E: JSONVersioned>(_ items: [E], to list: inout [E], noun: String) throws -> [E] {
        var ids = Set<String>()
        for var item in items {
            guard ids.insert(item.id).inserted, !list.contains(where: { $0.id == item.id }) else {
                throw OCKStoreError.addFailed(reason: "A \(noun) with id '\(item.id)' already exists.")
            }
            item.previousVersionUUIDs = []
            item.nextVersionUUIDs = []
            item.deletedDate = nil
            list.append(item)
        }
        return Array(list.suffix(items.count))
    }

    private static func append<E: JSONVersioned>(_ items: [E], to list: inout [E], noun: String, deletedAt: Date?, failure: (String) -> OCKStoreError) throws -> [E] {
        var written: [E] = []
        for var item in items {
            let tips = list.indices.filter { list[$0].id == item.id && list[$0].nextVersionUUIDs.isEmpty }
            guard !tips.isEmpty else { throw failure("No \(noun) with id '\(item.id)' exists.") }
            guard !list.contains(where: { $0.id == item.id && $0.deletedDate != nil }) else {
                throw failure("The \(noun) '\(item.id)' was deleted.")
            }
            item.uuid = UUID()
            item.previousVersionUUIDs = tips.map { list[$0].uuid }
            item.nextVersionUUIDs = []
            item.deletedDate = deletedAt
            for tip in tips { list[tip].nextVersionUUIDs.append(item.uuid) }
            list.append(item)
            written.append(item)
        }
        return written
    }

    /// Depth in the version graph: 1 + the depth of the deepest version it follows.
    private static func depths<E: JSONVersioned>(_ list: [E]) -> [UUID: Int] {
        var depths: [UUID: Int] = [:]
        for item in list {  // versions are appended after the versions they follow
            depths[item.uuid] = 1 + (item.previousVersionUUIDs.compactMap { depths[$0] }.max() ?? 0)
        }
        return depths
    }

    /// With an interval: per id, the deepest version effective before its end, unless that is a
    /// tombstone. Without one: every version that is not a tombstone.
    private static func versions<E: JSONVersioned>(_ list: [E], inEffectAtEndOf interval: DateInterval?) -> [E] {
        guard let interval else { return list.filter { $0.deletedDate == nil } }
        let depths = depths(list)
        var best: [String: E] = [:]
        for item in list where item.effectiveDate < interval.end {
            if let current = best[item.id], depths[current.uuid, default: 0] >= depths[item.uuid, default: 0] { continue }
            best[item.id] = item
        }
        return list.filter { item in best[item.id]?.uuid == item.uuid && item.deletedDate == nil }
    }

    // MARK: Patients

    func fetchPatients(query: OCKPatientQuery) async throws -> [OCKPatient] {
        try read { contents in
            Self.versions(contents.patients, inEffectAtEndOf: query.dateInterval).filter { query.ids.isEmpty || query.ids.contains($0.id) }
        }
    }

    @discardableResult
    func addPatients(_ patients: [OCKPatient]) async throws -> [OCKPatient] {
        try write(failure: { .addFailed(reason: $0) }) { contents, _ in try Self.add(patients, to: &contents.patients, noun: "patient") }
    }

    @discardableResult
    func updatePatients(_ patients: [OCKPatient]) async throws -> [OCKPatient] {
        try write(failure: { .updateFailed(reason: $0) }) { contents, _ in
            try Self.append(patients, to: &contents.patients, noun: "patient", deletedAt: nil) { .updateFailed(reason: $0) }
        }
    }

    @discardableResult
    func deletePatients(_ patients: [OCKPatient]) async throws -> [OCKPatient] {
        try write(failure: { .deleteFailed(reason: $0) }) { contents, now in
            try Self.append(patients, to: &contents.patients, noun: "patient", deletedAt: now) { .deleteFailed(reason: $0) }
        }
    }

    // MARK: Care plans

    func fetchCarePlans(query: OCKCarePlanQuery) async throws -> [OCKCarePlan] {
        try read { contents in
            Self.versions(contents.carePlans, inEffectAtEndOf: query.dateInterval).filter { query.ids.isEmpty || query.ids.contains($0.id) }
        }
    }

    @discardableResult
    func addCarePlans(_ plans: [OCKCarePlan]) async throws -> [OCKCarePlan] {
        try write(failure: { .addFailed(reason: $0) }) { contents, _ in try Self.add(plans, to: &contents.carePlans, noun: "care plan") }
    }

    @discardableResult
    func updateCarePlans(_ plans: [OCKCarePlan]) async throws -> [OCKCarePlan] {
        try write(failure: { .updateFailed(reason: $0) }) { contents, _ in
            try Self.append(plans, to: &contents.carePlans, noun: "care plan", deletedAt: nil) { .updateFailed(reason: $0) }
        }
    }

    @discardableResult
    func deleteCarePlans(_ plans: [OCKCarePlan]) async throws -> [OCKCarePlan] {
        try write(failure: { .deleteFailed(reason: $0) }) { contents, now in
            try Self.append(plans, to: &contents.carePlans, noun: "care plan", deletedAt: now) { .deleteFailed(reason: $0) }
        }
    }

    // MARK: Contacts

    func fetchContacts(query: OCKContactQuery) async throws -> [OCKContact] {
        try read { contents in
            Self.versions(contents.contacts, inEffectAtEndOf: query.dateInterval).filter { query.ids.isEmpty || query.ids.contains($0.id) }
        }
    }

    @discardableResult
    func addContacts(_ contacts: [OCKContact]) async throws -> [OCKContact] {
        try write(failure: { .addFailed(reason: $0) }) { contents, _ in try Self.add(contacts, to: &contents.contacts, noun: "contact") }
    }

    @discardableResult
    func updateContacts(_ contacts: [OCKContact]) async throws -> [OCKContact] {
        try write(failure: { .updateFailed(reason: $0) }) { contents, _ in
            try Self.append(contacts, to: &contents.contacts, noun: "contact", deletedAt: nil) { .updateFailed(reason: $0) }
        }
    }

    @discardableResult
    func deleteContacts(_ contacts: [OCKContact]) async throws -> [OCKContact] {
        try write(failure: { .deleteFailed(reason: $0) }) { contents, now in
            try Self.append(contacts, to: &contents.contacts, noun: "contact", deletedAt: now) { .deleteFailed(reason: $0) }
        }
    }

    // MARK: Task CRUD Methods

    func fetchTasks(query: MyTaskQuery) async throws -> [MyTask] {
        try read { contents in
            let planUUIDs = Set(contents.carePlans.filter { query.carePlanIDs.contains($0.id) }.map(\.uuid))
            return Self.versions(contents.tasks, inEffectAtEndOf: query.dateInterval).filter { task in
                (query.ids.isEmpty || query.ids.contains(task.id))
                    && (query.uuids.isEmpty || query.uuids.contains(task.uuid))
                    && (query.carePlanIDs.isEmpty || task.carePlanUUID.map(planUUIDs.contains) == true)
                    && (query.tags.isEmpty || !Set(task.tags ?? []).isDisjoint(with: query.tags))
                    && (query.difficulty == nil || task.difficulty == query.difficulty)
            }
        }
    }

    @discardableResult
    func addTasks(_ tasks: [MyTask]) async throws -> [MyTask] {
        try write(failure: { .addFailed(reason: $0) }) { contents, _ in
            for task in tasks where task.schedule.validationFailure != nil {
                throw OCKStoreError.invalidValue(reason: "Task '\(task.id)' has an invalid schedule.")
            }
            return try Self.add(tasks, to: &contents.tasks, noun: "task")
        }
    }

    @discardableResult
    func updateTasks(_ tasks: [MyTask]) async throws -> [MyTask] {
        try write(failure: { .updateFailed(reason: $0) }) { contents, _ in
            try Self.append(tasks, to: &contents.tasks, noun: "task", deletedAt: nil) { .updateFailed(reason: $0) }
        }
    }

    @discardableResult
    func deleteTasks(_ tasks: [MyTask]) async throws -> [MyTask] {
        try write(failure: { .deleteFailed(reason: $0) }) { contents, now in
            try Self.append(tasks, to: &contents.tasks, noun: "task", deletedAt: now) { .deleteFailed(reason: $0) }
        }
    }

    // MARK: Outcomes

    /// The winning version of each live outcome id: the newest effective one.
    private static func winners(_ outcomes: [OCKOutcome]) -> [OCKOutcome] {
        let deleted = Set(outcomes.filter { $0.deletedDate != nil }.map(\.id))
        var best: [String: OCKOutcome] = [:]
        for outcome in outcomes where !deleted.contains(outcome.id) {
            if let current = best[outcome.id], current.effectiveDate > outcome.effectiveDate { continue }
            best[outcome.id] = outcome
        }
        return outcomes.filter { best[$0.id]?.uuid == $0.uuid }
    }

    func fetchOutcomes(query: OCKOutcomeQuery) async throws -> [OCKOutcome] {
        try read { contents in
            let deleted = Set(contents.outcomes.filter { $0.deletedDate != nil }.map(\.id))
            var candidates = contents.outcomes.filter { $0.deletedDate == nil && !deleted.contains($0.id) }
            if let interval = query.dateInterval {
                let schedules = Dictionary(contents.tasks.map { ($0.uuid, $0.schedule) }, uniquingKeysWith: { first, _ in first })
                candidates = Self.winners(candidates).filter { outcome in
                    guard let event = schedules[outcome.taskUUID]?.event(forOccurrenceIndex: outcome.taskOccurrenceIndex) else { return false }
                    return event.start < interval.end && event.end >= interval.start
                }
            }
            let taskUUIDs = Set(contents.tasks.filter { query.taskIDs.contains($0.id) }.map(\.uuid))
            return candidates.filter { outcome in
                (query.ids.isEmpty || query.ids.contains(outcome.id))
                    && (query.taskIDs.isEmpty || taskUUIDs.contains(outcome.taskUUID))
                    && (query.taskUUIDs.isEmpty || query.taskUUIDs.contains(outcome.taskUUID))
            }
        }
    }

    @discardableResult
    func addOutcomes(_ outcomes: [OCKOutcome]) async throws -> [OCKOutcome] {
        try write(failure: { .addFailed(reason: $0) }) { contents, _ in
            for outcome in outcomes {
                guard let task = contents.tasks.first(where: { $0.uuid == outcome.taskUUID && $0.deletedDate == nil }),
                    task.schedule.event(forOccurrenceIndex: outcome.taskOccurrenceIndex) != nil
                else {
                    throw OCKStoreError.invalidValue(reason: "Outcome '\(outcome.id)' names no occurrence of a stored task version.")
                }
                let live = Self.winners(contents.outcomes.filter { $0.deletedDate == nil })
                if live.contains(where: { $0.taskUUID == outcome.taskUUID && $0.taskOccurrenceIndex == outcome.taskOccurrenceIndex }) {
                    throw OCKStoreError.invalidValue(reason: "Occurrence \(outcome.taskOccurrenceIndex) already has an outcome.")
                }
                _ = try Self.add([outcome], to: &contents.outcomes, noun: "outcome")
            }
            return Array(contents.outcomes.suffix(outcomes.count))
        }
    }

    @discardableResult
    func updateOutcomes(_ outcomes: [OCKOutcome]) async throws -> [OCKOutcome] {
        try write(failure: { .updateFailed(reason: $0) }) { contents, _ in
            try Self.append(outcomes, to: &contents.outcomes, noun: "outcome", deletedAt: nil) { .updateFailed(reason: $0) }
        }
    }

    @discardableResult
    func deleteOutcomes(_ outcomes: [OCKOutcome]) async throws -> [OCKOutcome] {
        try write(failure: { .deleteFailed(reason: $0) }) { contents, now in
            try Self.append(outcomes, to: &contents.outcomes, noun: "outcome", deletedAt: now) { .deleteFailed(reason: $0) }
        }
    }
}
