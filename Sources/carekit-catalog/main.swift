// carekit-catalog: writes the CareKitUI catalog page (every view, its states, light and dark,
// custom styles) to one HTML file. `carekit-catalog --help` lists its options.
import CareKitArguments
import CareKitUI
import CareKitUICatalog
import Foundation

let outputOption = Option("output", short: "o", value: "PATH", "Where to write the page (default out/carekit-catalog.html); its folder is created.")
let stdoutOption = Option("stdout", "Writes the page to standard output instead of a file.")
let spec = CommandSpec(
    tool: "carekit-catalog",
    summary: "Writes the CareKitUI catalog page: every view in its states, light and dark, and in custom styles, as one HTML file.",
    options: [outputOption, stdoutOption])

let arguments: Arguments
do {
    arguments = try spec.parse(Array(CommandLine.arguments.dropFirst()))
    if arguments[outputOption] != nil && arguments.has(stdoutOption) {
        throw UsageError("--output and --stdout cannot both be given.")
    }
} catch {
    FileHandle.standardError.write(Data("carekit-catalog: \(error)\nRun `carekit-catalog --help` for usage.\n".utf8))
    exit(2)
}
if arguments.has(.help) {
    print(spec.help)
    exit(0)
}

let html = OCKCatalog.document().render()
if arguments.has(stdoutOption) {
    FileHandle.standardOutput.write(Data(html.utf8))
} else {
    let url = URL(fileURLWithPath: arguments[outputOption] ?? "out/carekit-catalog.html")
    do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(html.utf8).write(to: url)
        print("Wrote \(url.path) (\(html.utf8.count) bytes)")
    } catch {
        FileHandle.standardError.write(Data("carekit-catalog: cannot write \(url.path): \(error.localizedDescription)\n".utf8))
        exit(1)
    }
}
