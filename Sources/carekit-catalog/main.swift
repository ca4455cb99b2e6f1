// carekit-catalog: writes the CareKitUI catalog page (every view, its states, light and dark,
// custom styles) to one HTML file.
//
//   carekit-catalog [--output PATH]     default: out/carekit-catalog.html
//   carekit-catalog --stdout
import CareKitUI
import CareKitUICatalog
import Foundation

var output = "out/carekit-catalog.html"
var toStandardOutput = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--output", "-o":
        guard let path = arguments.popFirst() else {
            FileHandle.standardError.write(Data("carekit-catalog: --output needs a path\n".utf8))
            exit(2)
        }
        output = path
    case "--stdout":
        toStandardOutput = true
    case "--help", "-h":
        print("usage: carekit-catalog [--output PATH | --stdout]\nWrites the CareKitUI catalog page (default: out/carekit-catalog.html).")
        exit(0)
    default:
        FileHandle.standardError.write(Data("carekit-catalog: unknown argument \(argument) (try --help)\n".utf8))
        exit(2)
    }
}

let html = OCKCatalog.document().render()
if toStandardOutput {
    FileHandle.standardOutput.write(Data(html.utf8))
} else {
    let url = URL(fileURLWithPath: output)
    do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(html.utf8).write(to: url)
        print("Wrote \(url.path) (\(html.utf8.count) bytes)")
    } catch {
        FileHandle.standardError.write(Data("carekit-catalog: cannot write \(url.path): \(error.localizedDescription)\n".utf8))
        exit(1)
    }
}
