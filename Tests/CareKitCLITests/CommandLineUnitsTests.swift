import CareKitStore
import Foundation
import Testing

@testable import CareKitCLI

/// `carekit log --units` and `carekit report --units`: a bare number in the chosen system's
/// unit, values kept in the units typed, units of another dimension refused.
@Suite struct CommandLineUnitsTests {
    @Test func aBareNumberIsInTheChosenSystemsUnit() async throws {
        try await CommandLinePlanTests.withStore { cli, store async throws in
            #expect(await cli.run(["add-task", "Fever check", "--all-day", "--measure", "Temperature", "--unit", "°C", "--store", store]).status == 0)
            let us = await cli.run(["log", "fever-check", "99.5", "--kind", "temperature", "--units", "us", "--store", store])
            #expect(us.status == 0, "\(us.error)")
            #expect(us.output.hasPrefix("Logged 99.5 °F"), "\(us.output)")
            let metric = await cli.run(["log", "fever-check", "٣٧٫٢", "--kind", "temperature", "--units", "metric", "--store", store])
            #expect(metric.output.hasPrefix("Logged 37.2 °C"), "\(metric.output)")

            let refused = await cli.run(["log", "fever-check", "37 kg", "--kind", "temperature", "--store", store])
            #expect(refused.status != 0)
            #expect(refused.error.contains("“37 kg” is in kg, which is not a unit of this value: enter it in °C"), "\(refused.error)")
            let wrongSystem = await cli.run(["log", "fever-check", "37", "--units", "stone", "--store", store])
            #expect(wrongSystem.status == 2)
            #expect(wrongSystem.error.contains("'stone' is not a system of units"), "\(wrongSystem.error)")

            let opened = OCKStore(url: URL(fileURLWithPath: store))
            defer { opened.close() }
            let values = try await opened.fetchOutcomes(query: OCKOutcomeQuery()).flatMap(\.values).map { "\($0.numericValue ?? -1) \($0.units ?? "")" }
            #expect(Set(values) == ["99.5 °F", "37.2 °C"], "each kept in the units it was typed in")
        }
    }

    @Test func theReportShowsTheChosenUnits() async throws {
        try await CommandLinePlanTests.withStore { cli, store async throws in
            #expect(await cli.run(["add-task", "Fever check", "--all-day", "--measure", "Temperature", "--unit", "°F", "--store", store]).status == 0)
            #expect(await cli.run(["log", "fever-check", "98.6 F", "--kind", "temperature", "--store", store]).status == 0)
            let metric = await cli.run(["report", "--format", "html", "-o", "-", "--units", "metric", "--store", store])
            #expect(metric.status == 0, "\(metric.error)")
            #expect(metric.output.contains("37.0 °C") && !metric.output.contains("98.6 °F"))
            let asTaken = await cli.run(["report", "--format", "html", "-o", "-", "--store", store])
            #expect(asTaken.output.contains("98.6 °F"))
        }
    }
}
