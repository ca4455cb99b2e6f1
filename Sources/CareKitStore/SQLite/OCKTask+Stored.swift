import Foundation

extension OCKTask: _StoredEntity {
    static var table: String { "task" }
    static var entityCode: _Schema.EntityCode { .task }
    static var noun: String { "task" }
    static var specificColumns: [String] { ["care_plan_uuid", "title", "instructions", "impacts_adherence", "schedule_end"] }

    func bindSpecific(to statement: _SQLiteStatement, from index: Int32, context: Void) throws {
        statement.bind(carePlanUUID, at: index)
        statement.bind(title, at: index + 1)
        statement.bind(instructions, at: index + 2)
        statement.bind(impactsAdherence, at: index + 3)
        // When the schedule ends (NULL: never), so queries can skip finished tasks in SQL.
        statement.bind(schedule.endDate(), at: index + 4)
    }

    static func make(id: String, row: Int64, from s: _SQLiteStatement, at index: Int32, connection: _SQLiteConnection) throws -> OCKTask {
        let schedule = try _ScheduleRows.load(taskRow: row, connection: connection)
        var task = OCKTask(id: id, title: s.optionalString(index + 1), carePlanUUID: s.uuid(index), schedule: schedule)
        task.instructions = s.optionalString(index + 2)
        task.impactsAdherence = s.bool(index + 3)
        return task
    }

    func insertChildren(row: Int64, connection: _SQLiteConnection) throws {
        try _ScheduleRows.insert(schedule, taskRow: row, connection: connection)
    }
}

/// Schedule elements as rows: one per element, in schedule order (so tie-breaking between
/// elements with the same start never changes), with the calendar spelled out.
enum _ScheduleRows {
    static let components: [(Calendar.Component, String)] = [
        (.year, "years"), (.month, "months"), (.weekOfYear, "weeks"), (.day, "days"),
        (.hour, "hours"), (.minute, "minutes"), (.second, "seconds")
    ]

    static func insert(_ schedule: OCKSchedule, taskRow: Int64, connection: _SQLiteConnection) throws {
        let columns =
            ["task_row", "position", "start", "end"] + components.map(\.1) + [
                "all_day", "duration_seconds", "text", "target_values", "calendar_identifier", "time_zone",
                "first_weekday", "minimum_days_in_first_week", "locale"
            ]
        let statement = try connection.prepare(
            "INSERT INTO schedule_element (\(columns.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))")
        for (position, element) in schedule.elements.enumerated() {
            statement.reset()
            statement.bind(taskRow, at: 1)
            statement.bind(position, at: 2)
            statement.bind(element.start, at: 3)
            statement.bind(element.end, at: 4)
            var index: Int32 = 5
            for (component, _) in components {
                statement.bind(element.interval.value(for: component) ?? 0, at: index)
                index += 1
            }
            switch element.duration {
            case .allDay:
                statement.bind(true, at: index)
                statement.bind(0.0, at: index + 1)
            case .seconds(let seconds):
                statement.bind(false, at: index)
                statement.bind(seconds, at: index + 1)
            }
            statement.bind(element.text, at: index + 2)
            statement.bind(element.targetValues.isEmpty ? nil : try _Encoding.json(element.targetValues), at: index + 3)
            let calendar = element.calendar
            statement.bind(_CalendarIdentifiers.name(of: calendar.identifier), at: index + 4)
            statement.bind(calendar.timeZone.identifier, at: index + 5)
            statement.bind(calendar.firstWeekday, at: index + 6)
            statement.bind(calendar.minimumDaysInFirstWeek, at: index + 7)
            statement.bind(calendar.locale?.identifier, at: index + 8)
            try statement.run()
        }
    }

    static func load(taskRow: Int64, connection: _SQLiteConnection) throws -> OCKSchedule {
        let columns =
            ["start", "end"] + components.map(\.1) + [
                "all_day", "duration_seconds", "text", "target_values", "calendar_identifier", "time_zone",
                "first_weekday", "minimum_days_in_first_week", "locale"
            ]
        let statement = try connection.prepare("SELECT \(columns.joined(separator: ", ")) FROM schedule_element WHERE task_row = ? ORDER BY position")
        statement.bind(taskRow, at: 1)
        var elements: [OCKScheduleElement] = []
        while try statement.step() {
            var interval = DateComponents()
            var index: Int32 = 2
            for (component, _) in components {
                let value = statement.int(index)
                if value != 0 { interval.setValue(value, for: component) }
                index += 1
            }
            let duration: OCKScheduleElement.Duration = statement.bool(index) ? .allDay : .seconds(statement.double(index + 1))
            let targetValues = try _Encoding.decode([OCKOutcomeValue].self, statement.optionalString(index + 3)) ?? []
            var calendar = Calendar(identifier: _CalendarIdentifiers.identifier(named: statement.string(index + 4)))
            if let zone = TimeZone(identifier: statement.string(index + 5)) { calendar.timeZone = zone }
            calendar.firstWeekday = statement.int(index + 6)
            calendar.minimumDaysInFirstWeek = statement.int(index + 7)
            if let locale = statement.optionalString(index + 8) { calendar.locale = Locale(identifier: locale) }
            elements.append(
                OCKScheduleElement(
                    storedStart: statement.date(0), end: statement.optionalDate(1), interval: interval,
                    text: statement.optionalString(index + 2), targetValues: targetValues, duration: duration, calendar: calendar))
        }
        // Elements were written in schedule order; keep it exactly (no re-sorting).
        return OCKSchedule(orderedElements: elements)
    }
}

/// Calendar identifiers as the stable CLDR names Foundation prints for them.
enum _CalendarIdentifiers {
    static let all: [Calendar.Identifier] = [
        .gregorian, .buddhist, .chinese, .coptic, .ethiopicAmeteMihret, .ethiopicAmeteAlem, .hebrew,
        .iso8601, .indian, .islamic, .islamicCivil, .japanese, .persian, .republicOfChina,
        .islamicTabular, .islamicUmmAlQura
    ]

    static func name(of identifier: Calendar.Identifier) -> String { "\(identifier)" }

    static func identifier(named name: String) -> Calendar.Identifier {
        all.first { "\($0)" == name } ?? .gregorian
    }
}

extension OCKScheduleElement {
    /// An element exactly as stored: the start is not normalised again.
    init(storedStart start: Date, end: Date?, interval: DateComponents, text: String?, targetValues: [OCKOutcomeValue], duration: Duration, calendar: Calendar) {
        self.start = start
        self.end = end
        self.interval = interval
        self.text = text
        self.targetValues = targetValues
        self.duration = duration
        self.calendar = calendar
    }
}

extension OCKSchedule {
    /// A schedule whose elements are already in schedule order.
    init(orderedElements: [OCKScheduleElement]) {
        self.elements = orderedElements
    }
}
