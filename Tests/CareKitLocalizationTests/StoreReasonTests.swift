import CareKitLocalization
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

/// The store's reasons are written in the language of the task that made the error, also when
/// the error is made on the store's own queue or kept from the moment the store was opened.
@Suite struct StoreReasonTests {
    static func dailyTask(_ id: String) -> OCKTask {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let start = Date(timeIntervalSinceReferenceDate: 0)
        return OCKTask(id: id, title: id, carePlanUUID: nil, schedule: .dailyAtTime(hour: 8, minutes: 0, start: start, end: nil, text: nil, calendar: calendar))
    }

    /// The reason `work` fails with.
    static func reason(_ work: () async throws -> Void) async -> String? {
        do {
            try await work()
            return nil
        } catch {
            return (error as? OCKStoreError)?.reason
        }
    }

    @Test func aRefusalMadeOnTheStoresQueueIsInTheCallersLanguage() async throws {
        let store = OCKStore(name: "reasons", type: .inMemory)
        try await store.addTask(Self.dailyTask("walk"))
        // The id check runs inside the write transaction, on the writer's queue.
        let german = await OCKLocalization.$language.withValue(.german) { await Self.reason { try await store.addTask(Self.dailyTask("walk")) } }
        #expect(german == "Ein Eintrag (Aufgabe) mit der ID „walk“ existiert bereits; aktualisieren Sie ihn, statt ihn noch einmal hinzuzufügen.")
        let arabic = await OCKLocalization.$language.withValue(.arabic) { await Self.reason { try await store.addTask(Self.dailyTask("walk")) } }
        #expect(arabic == "يوجد بالفعل عنصر (مهمة) بالمعرّف «walk»؛ حدِّثه بدلًا من إضافته مرة أخرى.")
        let english = await Self.reason { try await store.addTask(Self.dailyTask("walk")) }
        #expect(english == "A task with id 'walk' already exists; update it instead of adding it again.")
    }

    @Test func aReadOnlyStoresRefusalIsWordedForEachWrite() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("care.sqlite")
        let writer = OCKStore(url: url)
        try await writer.addTask(Self.dailyTask("walk"))
        writer.close()
        // Opened in Spanish; the refusal is kept as a value, not as Spanish text.
        let store = OCKLocalization.$language.withValue(.spanish) { OCKStore(url: url, options: [.readOnly]) }
        let german = await OCKLocalization.$language.withValue(.german) { await Self.reason { try await store.addTask(Self.dailyTask("run")) } }
        #expect(german == "Der Speicher \(url.path) wurde schreibgeschützt geöffnet. Es wurde nichts geschrieben.")
        #expect(await Self.reason { try await store.addTask(Self.dailyTask("run")) } == "The store \(url.path) was opened read-only. Nothing was written.")
        #expect(OCKLocalization.$language.withValue(.spanish) { store.writeRefusal } == "El almacén \(url.path) se abrió en solo lectura.")
        store.close()
        let closed = await OCKLocalization.$language.withValue(.german) { await Self.reason { _ = try await store.fetchTasks(query: OCKTaskQuery()) } }
        #expect(closed == "Dieser Speicher wurde geschlossen; öffnen Sie einen neuen OCKStore, um die Datei wieder zu benutzen.")
    }

    @Test func theDescriptionAndAScheduleSayItInTheReadersLanguage() {
        let error = OCKStoreError.addFailed(reason: "x")
        #expect(error.errorDescription == "Failed to add: x")
        #expect(OCKLocalization.$language.withValue(.german) { error.errorDescription } == "Hinzufügen fehlgeschlagen: x")
        let empty = OCKSchedule(composing: [OCKScheduleElement]())
        #expect(OCKLocalization.$language.withValue(.spanish) { empty.validationFailure } == "El horario no tiene elementos, así que la tarea nunca ocurriría.")
        #expect(empty.validationFailure == "The schedule has no elements, so the task would never occur.")
    }

    @Test func anAmbiguousNumberIsExplainedInTheLanguage() {
        let german = OCKLocalization.$language.withValue(.german) { () -> String? in
            do {
                _ = try OCKOutcomeValue.parsedValue("1,234")
                return nil
            } catch {
                return (error as? OCKStoreError)?.reason
            }
        }
        #expect(german == "„1,234“ könnte 1234 oder 1.234 bedeuten: Schreiben Sie 1234 für die ganze Zahl oder 1.234 mit Punkt für die Dezimalzahl.")
    }
}
