import CareKitStore
import Foundation
import Synchronization

/// `carekit-crash-writer <store-file> [count]`: adds a task to the store in `store-file`, then
/// adds outcomes one at a time (occurrence 0, 1, 2 ...), printing each outcome's id on its own
/// line as soon as the store has acknowledged it. Runs until killed, or until `count` outcomes.
///
/// The crash-durability test kills it with SIGKILL mid-stream and checks that the store opens,
/// is intact, and holds every outcome that was printed.
///
/// `carekit-crash-writer --open <store-file>`: only opens the store (which migrates an older
/// schema), says `opened` and exits; the migration test kills it at moments spread over that.
enum CrashWriter {
    /// A fixed instant (2025-01-01 00:00 UTC): the schedule and every date written.
    static let start = Date(timeIntervalSinceReferenceDate: 757_382_400)

    static func run(arguments: [String]) -> Int32 {
        if arguments.count == 3, arguments[1] == "--open" {
            let store = OCKStore(url: URL(fileURLWithPath: arguments[2]), clock: { start })
            if let error = store.openingError {
                say("cannot open the store: \(error)", to: .standardError)
                return 1
            }
            say("opened", to: .standardOutput)
            return 0
        }
        guard arguments.count >= 2 else {
            say("usage: carekit-crash-writer <store-file> [count]", to: .standardError)
            return 64
        }
        let limit = arguments.count > 2 ? Int(arguments[2]) ?? Int.max : Int.max
        let store = OCKStore(url: URL(fileURLWithPath: arguments[1]), clock: { start })
        if let error = store.openingError {
            say("cannot open the store: \(error)", to: .standardError)
            return 1
        }
        let queue = DispatchQueue(label: "carekit-crash-writer")

        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let element = OCKScheduleElement(start: start, end: nil, interval: DateComponents(minute: 1), duration: .seconds(30), calendar: calendar)
        let task = OCKTask(id: "crash-task", title: "Crash test", carePlanUUID: nil, schedule: OCKSchedule(composing: [element]))
        let stored: OCKTask
        switch wait({ store.addTask(task, callbackQueue: queue, completion: $0) }) {
        case .success(let value): stored = value
        case .failure(let error):
            say("cannot add the task: \(error)", to: .standardError)
            return 1
        }

        var occurrence = 0
        while occurrence < limit {
            var outcome = OCKOutcome(taskUUID: stored.uuid, taskOccurrenceIndex: occurrence, values: [OCKOutcomeValue(occurrence)])
            outcome.id = "outcome-\(occurrence)"
            outcome.effectiveDate = start
            switch wait({ store.addOutcome(outcome, callbackQueue: queue, completion: $0) }) {
            case .success(let added):
                // One write(2) per line: the line is complete in the pipe or absent.
                say(added.id, to: .standardOutput)
            case .failure(let error):
                say("cannot add outcome \(occurrence): \(error)", to: .standardError)
                return 1
            }
            occurrence += 1
        }
        return 0
    }

    static func say(_ line: String, to handle: FileHandle) {
        handle.write(Data((line + "\n").utf8))
    }

    /// Calls a completion-handler API and blocks until it answers (no main queue involved).
    static func wait<T: Sendable>(_ call: (@escaping OCKResultClosure<T>) -> Void) -> Result<T, OCKStoreError> {
        let box = ResultBox<T>()
        call { result in box.set(result) }
        return box.wait()
    }
}

/// Hands a result from the callback queue to the waiting thread.
final class ResultBox<T: Sendable>: Sendable {
    private let result = Mutex<Result<T, OCKStoreError>?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    func set(_ value: Result<T, OCKStoreError>) {
        result.withLock { $0 = value }
        ready.signal()
    }

    func wait() -> Result<T, OCKStoreError> {
        ready.wait()
        return result.withLock { $0 } ?? .failure(.fetchFailed(reason: "no result"))
    }
}
