import Foundation
import WoteCLI

exit(await WoteCommandLine.run(Array(CommandLine.arguments.dropFirst())))
