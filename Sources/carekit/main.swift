// `carekit`: everything it does is in CareKitCLI, which the tests run in-process too.
import CareKitCLI
import Foundation

exit(await CareKitCLI.run(Array(CommandLine.arguments.dropFirst()), context: .fromEnvironment()))
