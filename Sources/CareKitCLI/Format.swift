import CareKit
import CareKitStore
import CareKitUI
import Foundation

/// Plain-text formatting for the terminal.
enum Format {
    /// The day of `date`, `YYYY-MM-DD` (as `--date` reads it).
    static func day(_ date: Date, _ context: CommandContext) -> String {
        OCKDayCodec.string(from: date, calendar: context.calendar)
    }

    static func clock(_ date: Date, _ context: CommandContext) -> String {
        let components = context.calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", components.hour ?? 0, components.minute ?? 0)
    }

    /// A whole number in the language's digits but without grouping ("1234", "١٢٣٤"), as an
    /// option such as --occurrence reads it back.
    static func digits(_ number: Int) -> String {
        let language = OCKLocalization.language
        guard language.number(0) != "0" else { return String(number) }
        return String(number).map { $0.wholeNumberValue.map { language.number($0) } ?? String($0) }.joined()
    }

    static func time(_ event: OCKScheduleEvent, _ context: CommandContext) -> String {
        if event.element.duration == .allDay { return loc("all day") }
        return "\(clock(event.start, context))–\(clock(event.end, context))"
    }

    static func schedule(_ schedule: OCKSchedule, _ context: CommandContext) -> String {
        schedule.elements.map { element in
            let when = element.duration == .allDay ? loc("all day") : clock(element.start, context)
            if element.interval.day == 1 { return loc("daily {time}", ["time": when]) }
            if element.interval.weekOfYear == 1 { return loc("weekly {time}", ["time": when]) }
            return loc("every {interval} {time}", ["interval": OCKEventFormatter().interval(element.interval), "time": when])
        }.joined(separator: ", ")
    }

    static func importSummary(_ summary: OCKImportSummary) -> String {
        let kinds: [(OCKEntity.EntityType, (Int) -> String)] = [
            (.patient, { loc("{count} patient versions", count: $0) }), (.carePlan, { loc("{count} care plan versions", count: $0) }),
            (.contact, { loc("{count} contact versions", count: $0) }), (.task, { loc("{count} task versions", count: $0) }),
            (.outcome, { loc("{count} outcome versions", count: $0) })
        ]
        let added = kinds.compactMap { kind, count in (summary.added[kind] ?? 0) > 0 ? count(summary.added[kind] ?? 0) : nil }
        var lines = [added.isEmpty ? loc("Imported nothing new.") : loc("Imported {versions}.", ["versions": added.joined(separator: loc(", "))])]
        let present = summary.alreadyPresent.values.reduce(0, +)
        if present > 0 { lines.append(loc("{count} versions were already in the store and left as they were.", count: present)) }
        if let healthKit = summary.unsupported[.healthKitTask], healthKit > 0 {
            lines.append(loc("{count} HealthKit task versions were left out: this store cannot hold HealthKit tasks.", count: healthKit))
        }
        return lines.joined(separator: "\n")
    }

    /// "1 CarePlan, 28 Observations": how many resources of each type, in the order they come.
    static func resourceCounts(_ types: [String]) -> String {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for type in types {
            if counts[type] == nil { order.append(type) }
            counts[type, default: 0] += 1
        }
        return order.map { type in
            let count = counts[type] ?? 0
            return "\(count) \(type)\(count == 1 ? "" : "s")"
        }.joined(separator: ", ")
    }

    /// Where a JSON document went wrong, in words.
    static func decodingError(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .dataCorrupted(let context):
            let place = path(context)
            return place.isEmpty
                ? loc("it is not valid JSON ({detail})", ["detail": context.debugDescription])
                : loc("it is not valid JSON at {path} ({detail})", ["path": place, "detail": context.debugDescription])
        case .keyNotFound(let key, let context):
            let place = path(context)
            return place.isEmpty ? loc("'{key}' is missing", ["key": key.stringValue]) : loc("'{key}' is missing at {path}", ["key": key.stringValue, "path": place])
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let place = path(context)
            return place.isEmpty ? context.debugDescription : loc("{detail} at {path}", ["detail": context.debugDescription, "path": place])
        @unknown default: return "\(error)"
        }
    }

    /// A file error without Foundation's domain and code.
    static func fileError(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError, let underlying = cocoa.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            case .fileReadNoSuchFile, .fileNoSuchFile: return loc("there is no such file")
            case .fileReadNoPermission: return loc("permission denied")
            default: break
            }
        }
        return error.localizedDescription
    }

    /// Text from the store as the terminal should show it: control characters (C0, DEL, C1),
    /// bidirectional overrides and isolates, and line and paragraph separators are written
    /// visibly as `\u{1B}`, so stored text cannot move the cursor, recolour or retitle the
    /// terminal, or reorder what is shown. Newlines are kept when `keepingNewlines`.
    static func visible(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isInvisibleControl($0, keepingNewlines: keepingNewlines) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isInvisibleControl(scalar, keepingNewlines: keepingNewlines) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether the terminal would act on `scalar` instead of showing it.
    static func isInvisibleControl(_ scalar: Unicode.Scalar, keepingNewlines: Bool = false) -> Bool {
        switch scalar.value {
        case 0x0A: return !keepingNewlines
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // bidi marks, embeddings, overrides, isolates
        case 0x2028, 0x2029: return true  // line and paragraph separators
        default: return false
        }
    }

    /// JSON text with the characters ``isInvisibleControl(_:keepingNewlines:)`` names that the
    /// encoder leaves raw (C1 controls, bidi controls, separators) escaped as `\uXXXX`: the
    /// same JSON, safe to print. They can only occur inside strings, where the escape means
    /// the same character.
    static func terminalSafeJSON(_ data: Data) -> Data {
        let text = String(decoding: data, as: UTF8.self)
        guard text.unicodeScalars.contains(where: { $0.value >= 0x7F && isInvisibleControl($0) }) else { return data }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x7F && isInvisibleControl(scalar) {
                result += String(format: "\\u%04X", scalar.value)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return Data(result.utf8)
    }

    /// A table whose cells are shown with ``visible(_:keepingNewlines:)``.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        let all = [header] + rows.map { $0.map { visible($0) } }
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
