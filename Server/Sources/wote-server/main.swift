import Foundation
import Logging
import WoteServerCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Standard output carries only the machine-readable first line; every log goes to standard error.
LoggingSystem.bootstrap(StreamLogHandler.standardError)

let command: ServerCommand
do {
    command = try ServerOptions.parse(
        Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
} catch {
    LineSink.standardError.write("wote-server: \(error)")
    exit(2)
}

switch command {
case .help:
    LineSink.standardOutput.write(ServerOptions.usage)
case .run(let options):
    do {
        try await WoteServer(options: options).run()
    } catch {
        LineSink.standardError.write("wote-server: \(error)")
        exit(1)
    }
}
