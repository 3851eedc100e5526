#if os(Linux)
import Foundation
import Testing
import LockOutCore
@testable import LockOutAgent

extension UsageTests.PrivateDisplaySuites {
    @Suite("X11 activity sensor", .serialized, .disabled(if: DesktopSession.isSkipped, DesktopSession.skipReason))
    struct X11ActivitySensorTests {
        @Test("names the focused window's program and is told of every focus change")
        func focusChanges() async throws {
            let display = try await PrivateDisplay()
            try await display.startWindowManager()
            let first = try await display.openWindow(prefix: "termA")
            let second = try await display.openWindow(prefix: "termB")
            let sensor = try X11ActivitySensor(environment: display.environment)
            defer { sensor.stop() }
            #expect(sensor.focusMethod == .x11)
            #expect(sensor.tellsActiveWindow)
            let changes = Inbox<Void>()
            sensor.start { changes.put(()) }

            try await display.xdotool(["windowactivate", "--sync", first.window])
            #expect(try await eventually { sensor.read().focusedProgram == first.name ? true : nil } == true)
            while changes.takeIfPresent() != nil {}

            // When the second window is activated, then the sensor is told and names its program.
            try await display.xdotool(["windowactivate", "--sync", second.window])
            #expect(await changes.next(within: 10) != nil)
            #expect(try await eventually { sensor.read().focusedProgram == second.name ? true : nil } == true)
            while changes.takeIfPresent() != nil {}

            try await display.xdotool(["windowactivate", "--sync", first.window])
            #expect(await changes.next(within: 10) != nil)
            #expect(try await eventually { sensor.read().focusedProgram == first.name ? true : nil } == true)
        }

        @Test("idle time grows while nothing happens and starts again at an input")
        func idleTime() async throws {
            let display = try await PrivateDisplay()
            let sensor = try X11ActivitySensor(environment: display.environment)
            defer { sensor.stop() }
            #expect(sensor.idleMethod == .x11ScreenSaver)
            let before = try #require(sensor.read().idleSeconds)
            let later = try #require(try await eventually { sensor.read().idleSeconds.flatMap { $0 > before + 0.2 ? $0 : nil } })

            try await display.xdotool(["mousemove", "10", "10"])
            try await display.xdotool(["mousemove", "200", "150"])

            let after = try #require(sensor.read().idleSeconds)
            #expect(after < later)
        }

        @Test("a closed X connection tells once and names nothing from then on")
        func closedConnection() async throws {
            let display = try await PrivateDisplay()
            try await display.startWindowManager()
            let window = try await display.openWindow(prefix: "termC")
            let sensor = try X11ActivitySensor(environment: display.environment)
            defer { sensor.stop() }
            let changes = Inbox<Void>()
            sensor.start { changes.put(()) }
            try await display.xdotool(["windowactivate", "--sync", window.window])
            #expect(try await eventually { sensor.read().focusedProgram == window.name ? true : nil } == true)
            while changes.takeIfPresent() != nil {}

            try await display.stopServer()

            #expect(await changes.next(within: 10) != nil)
            #expect(sensor.read() == ActivityReading())
            #expect(await changes.next(within: 0.3) == nil)
        }

        @Test("connects without a cookie when the authority file has none for the display")
        func noCookie() throws {
            // The suite's own display (scripts/e2e/with-desktop.sh) takes connections without authorization.
            let environment = ProcessInfo.processInfo.environment
            let display = try #require(environment["DISPLAY"].flatMap(X11Display.init), "the X11 tests need DISPLAY: run them through scripts/test.sh")
            var without = environment
            without["XAUTHORITY"] = "/nonexistent/Xauthority"
            #expect(X11AuthorityEntry.cookie(for: display, environment: without) == nil)
            let sensor = try X11ActivitySensor(environment: without)
            defer { sensor.stop() }
            #expect(sensor.read().idleSeconds != nil)
        }
    }

}

extension UsageTests {
    @Suite("X11 display names and authority files")
    struct X11AuthorityTests {
        @Test("local display names give their number, remote ones none")
        func displayNames() {
            #expect(X11Display(":0")?.number == 0)
            #expect(X11Display(":12.0")?.number == 12)
            #expect(X11Display("unix:3")?.socketPath == "/tmp/.X11-unix/X3")
            #expect(X11Display("localhost:10.0") == nil)
            #expect(X11Display("") == nil)
            #expect(X11Display(":x") == nil)
        }

        @Test("the cookie of this host and display is chosen over a wildcard, another display's never")
        func cookieChoice() {
            let file = entry(family: 256, address: "other", number: "0", cookie: [1])
                + entry(family: 256, address: "here", number: "1", cookie: [2])
                + entry(family: 65535, address: "", number: "0", cookie: [3])
                + entry(family: 256, address: "here", number: "0", cookie: [4])
            let entries = X11AuthorityEntry.entries(in: file)
            #expect(entries.count == 4)
            #expect(X11AuthorityEntry.cookie(in: entries, display: 0, hostname: "here") == [4])
            #expect(X11AuthorityEntry.cookie(in: entries, display: 0, hostname: "elsewhere") == [3])
            #expect(X11AuthorityEntry.cookie(in: entries, display: 7, hostname: "here") == nil)
        }

        @Test("a cut authority file gives the entries before the cut")
        func truncatedFile() {
            let whole = entry(family: 256, address: "here", number: "0", cookie: [9, 9])
            let file = whole + whole.dropLast(3)
            #expect(X11AuthorityEntry.entries(in: Array(file)).count == 1)
        }

        private func entry(family: UInt16, address: String, number: String, cookie: [UInt8]) -> [UInt8] {
            func field(_ bytes: [UInt8]) -> [UInt8] { [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes }
            return [UInt8(family >> 8), UInt8(family & 0xFF)] + field(Array(address.utf8)) + field(Array(number.utf8))
                + field(Array(X11AuthorityEntry.magicCookie.utf8)) + field(cookie)
        }
    }
}
#endif
