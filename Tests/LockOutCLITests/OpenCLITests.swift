import Foundation
import Testing

@Suite("lockout open and the break screen setting")
struct OpenCLITests {
    @Test("open without a running agent says to start one; an unknown page names the pages; both change nothing")
    func refused() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let noAgent = try cli.run("open", "--print")
        #expect(noAgent.status == 1)
        #expect(noAgent.stderr.contains("the web app is served by the agent, start it with 'lockout run'"))
        let unknown = try cli.run("open", "nowhere", "--print")
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("there is no page 'nowhere': choose dashboard, schedule, focus, gate, rewards, family, statistics, settings"))
    }

    @Test("settings set break-screen takes notification, window or native, keeps it in web.json, and refuses anything else")
    func breakScreen() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let window = try cli.run("settings", "set", "break-screen", "window")
        #expect(window.status == 0)
        #expect(window.stdout.hasPrefix("Break screen: window"))
        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: cli.directory.appendingPathComponent("web.json"))) as? [String: Any]
        #expect(stored?["breakScreen"] as? String == "window")
        let bad = try cli.run("settings", "set", "break-screen", "popup")
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("unknown break screen 'popup': use notification, window or native"))
    }

    @Test("settings set natural-breaks takes on or off, keeps it in web.json, and refuses anything else")
    func naturalBreaks() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let off = try cli.run("settings", "set", "natural-breaks", "off")
        #expect(off.status == 0)
        #expect(off.stdout.hasPrefix("Natural breaks: off"))
        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: cli.directory.appendingPathComponent("web.json"))) as? [String: Any]
        #expect(stored?["naturalBreaks"] as? Bool == false)
        let on = try cli.run("settings", "set", "natural-breaks", "ON")
        #expect(on.stdout.hasPrefix("Natural breaks: on"))
        let bad = try cli.run("settings", "set", "natural-breaks", "sometimes")
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("unknown natural-breaks value 'sometimes': use on or off"))
        let unknown = try cli.run("settings", "set", "loudness", "3")
        #expect(unknown.stderr.contains("unknown setting 'loudness': use snooze, retention, break-screen, natural-breaks, strict-breaks, media-present, defer-fullscreen, defer-calls, defer-dnd, max-deferral, call-allow-list, chime, chime-eye, chime-micro or chime-long"))
    }

    @Test("settings set defer-* and max-deferral keep what may defer breaks, and refuse what is not allowed")
    func deferral() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let off = try cli.run("settings", "set", "defer-calls", "off")
        #expect(off.status == 0)
        #expect(off.stdout.hasPrefix("Breaks wait for: a full-screen window, do not disturb — at most 60 min."))
        let maximum = try cli.run("settings", "set", "max-deferral", "90m")
        #expect(maximum.stdout.contains("at most 90 min"))
        let allow = try cli.run("settings", "set", "call-allow-list", "obs,zoom")
        #expect(allow.stdout.hasSuffix("Never a call: obs, zoom.\n"))
        let shown = try cli.run("settings")
        #expect(shown.stdout.contains("Natural breaks: on"))
        #expect(shown.stdout.contains("Breaks wait for: a full-screen window, do not disturb — at most 90 min. Never a call: obs, zoom."))
        let tooLong = try cli.run("settings", "set", "max-deferral", "5h")
        #expect(tooLong.status != 0)
        #expect(tooLong.stderr.contains("max-deferral must be 1...240 min (got 300 min)"))
        let bad = try cli.run("settings", "set", "defer-dnd", "maybe")
        #expect(bad.stderr.contains("unknown defer-dnd value 'maybe': use on or off"))
        #expect(try cli.run("settings").stdout.contains("at most 90 min"))
    }

    @Test("settings set strict-breaks takes on or off, keeps it in web.json, says it needs the native screen, and refuses anything else")
    func strictBreaks() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("settings").stdout.contains("Strict breaks: off"))
        let on = try cli.run("settings", "set", "strict-breaks", "on")
        #expect(on.status == 0)
        #expect(on.stdout.hasPrefix("Strict breaks: on, but they need the native break screen"))
        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: cli.directory.appendingPathComponent("web.json"))) as? [String: Any]
        #expect(stored?["strictBreaks"] as? Bool == true)
        _ = try cli.run("settings", "set", "break-screen", "native")
        #expect(try cli.run("settings").stdout.contains("Strict breaks: on — Snooze and Done show when the countdown ends"))
        let bad = try cli.run("settings", "set", "strict-breaks", "always")
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("unknown strict-breaks value 'always': use on or off"))
    }

    @Test("settings programs adds, lists and removes chosen programs, and refuses bad names with the reason")
    func programs() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let none = try cli.run("settings", "programs")
        #expect(none.stdout.hasPrefix("No program holds breaks back: add one with 'lockout settings programs add NAME"))
        let added = try cli.run("settings", "programs", "add", "steam")
        #expect(added.status == 0)
        let focused = try cli.run("settings", "programs", "add", "impress", "--when", "focused")
        #expect(focused.stdout == "Programs that hold breaks back, at most 60 min:\n  steam — while it runs\n  impress — while its window has focus\n")
        #expect(try cli.run("settings").stdout.contains("a chosen program — at most 60 min. Programs: steam (running), impress (focused)."))
        #expect(try cli.run("settings", "programs", "list").stdout.contains("impress — while its window has focus"))

        let duplicate = try cli.run("settings", "programs", "add", "steam", "--when", "focused")
        #expect(duplicate.status != 0)
        #expect(duplicate.stderr.contains("'steam' is chosen already: remove it first"))
        let path = try cli.run("settings", "programs", "add", "/usr/bin/steam")
        #expect(path.stderr.contains("'/usr/bin/steam' is a path: give the executable's name only"))
        let empty = try cli.run("settings", "programs", "add", " ")
        #expect(empty.stderr.contains("a program's name must not be empty"))
        let when = try cli.run("settings", "programs", "add", "obs", "--when", "sometimes")
        #expect(when.stderr.contains("unknown --when 'sometimes': use running or focused"))
        let unknown = try cli.run("settings", "programs", "remove", "obs")
        #expect(unknown.stderr.contains("'obs' is not among the programs that hold breaks back"))

        let removed = try cli.run("settings", "programs", "remove", "steam")
        #expect(removed.stdout == "Programs that hold breaks back, at most 60 min:\n  impress — while its window has focus\n")
    }

    @Test("settings programs refuses a program past the limit")
    func tooManyPrograms() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let programs = (0..<32).map { #"{"name":"p\#($0)","when":"running"}"# }.joined(separator: ",")
        let stored = #"{"onboarded":false,"gateOnboarded":false,"deferral":{"programs":["# + programs + "]}}"
        try Data(stored.utf8).write(to: cli.directory.appendingPathComponent("web.json"))
        let full = try cli.run("settings", "programs", "add", "one-more")
        #expect(full.status != 0)
        #expect(full.stderr.contains("at most 32 programs may hold breaks back: remove one first"))
    }

    @Test("settings set media-present takes on or off and keeps it in web.json")
    func mediaPresent() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("settings").stdout.contains("Media playing counts as present: on"))
        let off = try cli.run("settings", "set", "media-present", "off")
        #expect(off.stdout.hasPrefix("Media playing counts as present: off"))
        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: cli.directory.appendingPathComponent("web.json"))) as? [String: Any]
        #expect(stored?["mediaPresent"] as? Bool == false)
        let bad = try cli.run("settings", "set", "media-present", "loud")
        #expect(bad.stderr.contains("unknown media-present value 'loud': use on or off"))
    }

    @Test("settings set chime mutes or sounds every kind, chime-KIND one, and refuses what is not allowed")
    func chimes() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let off = try cli.run("settings", "set", "chime", "off")
        #expect(off.stdout == "Chimes at a break's start and end: eye off · micro off · long off\n")
        let long = try cli.run("settings", "set", "chime-long", "on")
        #expect(long.stdout == "Chimes at a break's start and end: eye off · micro off · long on\n")
        #expect(try cli.run("settings").stdout.contains("Chimes at a break's start and end: eye off · micro off · long on"))
        let bad = try cli.run("settings", "set", "chime-nap", "on")
        #expect(bad.stderr.contains("unknown setting 'chime-nap': use chime, chime-eye, chime-micro or chime-long"))
        let value = try cli.run("settings", "set", "chime-eye", "loud")
        #expect(value.stderr.contains("unknown chime-eye value 'loud': use on or off"))
    }
}
