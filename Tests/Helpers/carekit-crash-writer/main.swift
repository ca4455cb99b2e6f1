import Foundation

// Top-level code in main.swift is main-actor isolated in Swift 6; the work is a plain
// synchronous function in CrashWriter.swift, so nothing here runs on another thread.
exit(CrashWriter.run(arguments: CommandLine.arguments))
