import Foundation
import Testing
@testable import LockOutAgent

@Suite("Strict breaks on the agent's side")
struct StrictBreakTests {
    @Test("a strict break starts the break screen with --strict; a break that is not strict without it")
    func arguments() {
        let directory = URL(fileURLWithPath: "/tmp/data")
        let executable = URL(fileURLWithPath: "/usr/bin/lockout-break-screen")
        #expect(NativeBreakScreen(executable: executable).arguments(directory: directory) == ["--data-dir", "/tmp/data"])
        #expect(NativeBreakScreen(executable: executable, strict: true).arguments(directory: directory) == ["--data-dir", "/tmp/data", "--strict"])
    }

    @Test("the setting is off until switched on, and kept in the data directory")
    func setting() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-strict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(!WebPreferences(directory: directory).strictBreaks)
        WebPreferences(directory: directory).setStrictBreaks(true)
        #expect(WebPreferences(directory: directory).strictBreaks)
    }

    @Test("the status says what a strict break holds on each desktop, and that GNOME on Wayland holds nothing")
    func lines() {
        let x11 = StrictBreakLine.line(on: true, mode: .native, environment: ["DISPLAY": ":0", "XDG_CURRENT_DESKTOP": "XFCE"])
        #expect(x11.contains("the keyboard and the pointer are held"))
        let gnome = StrictBreakLine.line(
            on: true, mode: .native, environment: ["WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "ubuntu:GNOME"]
        )
        #expect(gnome.contains("GNOME on Wayland lets no program hold"))
        let sway = StrictBreakLine.line(on: true, mode: .native, environment: ["WAYLAND_DISPLAY": "wayland-1", "XDG_CURRENT_DESKTOP": "sway"])
        #expect(sway.contains("the keyboard is held"))
        #expect(StrictBreakLine.line(on: true, mode: .window, environment: [:]).contains("need the native break screen"))
        #expect(StrictBreakLine.line(on: false, mode: .native, environment: [:]).hasPrefix("Strict breaks: off"))
        for line in [x11, gnome, sway] { #expect(line.contains("Holding Esc for 3 s skips the break")) }
    }
}
