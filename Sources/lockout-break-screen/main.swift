// lockout-break-screen: the native break screen. The agent starts it when a break is shown (the break screen
// set to `native`) and it ends when the break is answered anywhere or is over. It asks the agent's API for the
// break twice a second, shows it on every monitor, and sends Snooze and Done back through the API.
//
//     lockout-break-screen --data-dir DIR [--strict]
//
// With --strict, Snooze and Done wait for the countdown's end, the input is held meanwhile where the desktop allows,
// and holding Escape skips the break.
//
// Exit status: 0 when the break was answered or the agent went away; 64 for bad arguments; 69 when no display
// could be opened; 75 when the agent's endpoint could not be read.
import Foundation
import LockOutBreakScreen

func fail(_ status: Int32, _ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 || (arguments.count == 3 && arguments[2] == "--strict"), arguments[0] == "--data-dir" else {
    fail(64, "usage: lockout-break-screen --data-dir DIR [--strict]")
}
let strict = arguments.count == 3
let link: AgentLink
do { link = try AgentLink(directory: URL(fileURLWithPath: arguments[1])) } catch { fail(75, "\(error)") }

#if canImport(CGtk)
BreakScreenApp.run(link: link, strict: strict, environment: ProcessInfo.processInfo.environment)
#else
fail(69, "this build of LockOut has no native break screen: it needs GTK 3 (Linux)")
#endif
