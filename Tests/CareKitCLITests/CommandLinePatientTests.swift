import CareKit
import CareKitStore
import CareKitTestSupport
import Foundation
import Testing

/// `carekit patient` and `carekit patient set`: the name and birthday the report opens with,
/// by the rules of the web app's About you page.
@Suite("carekit patient")
struct CommandLinePatientTests {
    typealias P = CommandLinePlanTests

    @Test func aNameIsSplitAtItsLastWordAndTheReportOpensWithIt() async throws {
        try await P.withStore { cli, store async throws in
            #expect(await cli.run(["add-task", "Metformin", "--times", "08:00", "--store", store]).status == 0)
            #expect(await cli.run(["patient", "--store", store]).output == "No patient is recorded. `carekit patient set --name NAME` records one.\n")
            let saved = await cli.run(["patient", "set", "--name", "Ada King Lovelace", "--birthday", "1960-03-15", "--store", store])
            #expect(saved.status == 0, "\(saved.error)")
            #expect(saved.output == "Saved: Ada King Lovelace, born 1960-03-15 (age 66).\n")
            let patient = try #require(try await OCKStore(url: URL(fileURLWithPath: store)).fetchPatients(query: OCKPatientQuery()).first)
            #expect(patient.name.givenName == "Ada King" && patient.name.familyName == "Lovelace")
            let report = await cli.run(["report", "--format", "html", "-o", "-", "--store", store])
            #expect(report.output.contains("Name: Ada King Lovelace") && report.output.contains("Born March 15, 1960 (age 66)"))
        }
    }

    @Test func whatIsNotGivenStays() async throws {
        try await P.withStore { cli, store async throws in
            #expect(await cli.run(["add-task", "Metformin", "--times", "08:00", "--store", store]).status == 0)
            #expect(await cli.run(["patient", "set", "--given", "Ludwig", "--family", "van Beethoven", "--store", store]).status == 0)
            #expect(await cli.run(["patient", "set", "--birthday", "1960-03-15", "--store", store]).output == "Saved: Ludwig van Beethoven, born 1960-03-15 (age 66).\n")
            #expect(await cli.run(["patient", "set", "--birthday", "none", "--store", store]).output == "Saved: Ludwig van Beethoven.\n")
            let json = await cli.run(["patient", "--json", "--store", store])
            #expect(json.output.contains(#""familyName" : "van Beethoven""#) && !json.output.contains("birthday"))
            #expect(try await OCKStore(url: URL(fileURLWithPath: store)).fetchPatients(query: OCKPatientQuery()).count == 3, "each change a new version")
        }
    }

    @Test func wrongValuesAreUsageErrorsAndNothingIsWritten() async throws {
        try await P.withStore { cli, store async throws in
            #expect(await cli.run(["add-task", "Metformin", "--times", "08:00", "--store", store]).status == 0)
            let future = await cli.run(["patient", "set", "--name", "Ada", "--birthday", "2030-01-01", "--store", store])
            #expect(future.status == 2 && future.error.contains("--birthday: A birthday is a day from 1900 to today"))
            let both = await cli.run(["patient", "set", "--name", "Ada", "--given", "Ada", "--store", store])
            #expect(both.status == 2 && both.error.contains("not both"))
            let nothing = await cli.run(["patient", "set", "--store", store])
            #expect(nothing.status == 2)
            let noName = await cli.run(["patient", "set", "--birthday", "1960-03-15", "--store", store])
            #expect(noName.status == 2 && noName.error.contains("--name: Write your name"))
            #expect(try await OCKStore(url: URL(fileURLWithPath: store)).fetchPatients(query: OCKPatientQuery()).isEmpty)
        }
    }

    @Test func theHelpIsInThePatientsLanguage() async throws {
        try await P.withStore { cli, _ async throws in
            let help = await cli.run(["patient", "set", "--help", "--language", "de"])
            #expect(help.output.contains("Speichert Name und Geburtsdatum des Patienten") && help.output.contains("--birthday"))
        }
    }
}
