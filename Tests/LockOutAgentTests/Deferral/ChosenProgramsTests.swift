import Foundation
import Glibc
import LockOutCore
import LockOutRuntime
import Synchronization
import Testing
@testable import LockOutAgent

/// A copy of `/bin/sleep` under a chosen name, run as a real child process until `stop`.
private final class NamedSleeper {
    let name: String
    private let directory: URL
    private let process: ChildProcess

    init(name: String) throws {
        self.name = name
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-programs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let copy = directory.appendingPathComponent(name)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: "/bin/sleep"), to: copy)
        process = try ChildProcess(copy, ["300"], stdout: .null, stderr: .null)
    }

    var pid: Int32 { process.pid }

    func stop() {
        process.kill(signal: SIGKILL)
        _ = process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}

@Suite("Deferral: chosen programs found among this user's real processes")
struct ChosenProgramsTests {
    /// A name no other process has: short enough for `comm`, or longer than its 15 bytes.
    private static func uniqueName(long: Bool = false) -> String {
        let tag = String(UInt32.random(in: 0..<UInt32.max), radix: 36)
        return long ? "lockout-long-program-\(tag)" : "lo-\(tag)"
    }

    @Test("a program chosen for when it runs holds while a process runs it, and not once it is gone")
    func running() throws {
        let sleeper = try NamedSleeper(name: Self.uniqueName())
        let programs = ChosenPrograms(focused: nil)
        let chosen = [DeferredProgram(name: sleeper.name, when: .running), DeferredProgram(name: "lockout-none-such", when: .running)]
        #expect(programs.holding(chosen) == [DeferredProgram(name: sleeper.name, when: .running)])
        sleeper.stop()
        #expect(programs.holding(chosen).isEmpty)
    }

    @Test("a name longer than comm's 15 bytes is found by the executable's file name")
    func longName() throws {
        let sleeper = try NamedSleeper(name: Self.uniqueName(long: true))
        defer { sleeper.stop() }
        #expect(sleeper.name.utf8.count > 15)
        #expect(ChosenPrograms(focused: nil).running([sleeper.name]) == [sleeper.name])
    }

    @Test("a program chosen for focus holds only while it has focus; running is not enough, and where focus is unknown it never holds")
    func focused() throws {
        let sleeper = try NamedSleeper(name: Self.uniqueName())
        defer { sleeper.stop() }
        let chosen = [DeferredProgram(name: sleeper.name, when: .focused)]
        let focus = Mutex<String?>("editor")
        let told = ChosenPrograms(focused: { focus.withLock { $0 } })
        #expect(told.holding(chosen).isEmpty)
        focus.withLock { $0 = sleeper.name }
        #expect(told.holding(chosen) == chosen)
        let unknown = ChosenPrograms(focused: nil)
        #expect(!unknown.tellsFocus)
        #expect(unknown.holding(chosen).isEmpty)
    }

    @Test("the desktop sensor finds the chosen programs only when asked: a real process running defers through it")
    func throughTheSensor() throws {
        let sleeper = try NamedSleeper(name: Self.uniqueName())
        defer { sleeper.stop() }
        let sensor = DesktopDeferralSensor(programs: ChosenPrograms(focused: nil))
        let chosen = [DeferredProgram(name: sleeper.name, when: .running)]
        #expect(sensor.programsHolding(chosen) == chosen)
        #expect(sensor.currentReasons(enabled: [.program], callAllowList: []).isEmpty)
    }
}

/// Programs a test says hold, counting each look.
private final class SetPrograms: DeferralSensing {
    private let holding = Mutex<[DeferredProgram]>([])
    private let asked = Mutex(0)

    func set(_ programs: [DeferredProgram]) { holding.withLock { $0 = programs } }
    var looks: Int { asked.withLock { $0 } }

    func currentReasons(enabled: Set<DeferralReason>, callAllowList: [String]) -> Set<DeferralReason> { [] }

    func programsHolding(_ programs: [DeferredProgram]) -> [DeferredProgram] {
        asked.withLock { $0 += 1 }
        let now = holding.withLock { $0 }
        return programs.filter { now.contains($0) }
    }

    func start(onChange: @escaping @Sendable () -> Void) {}
    func stop() {}
}

@Suite("Agent: chosen programs defer breaks")
struct DeviceAgentProgramDeferralTests {
    private let game = DeferredProgram(name: "game", when: .running)

    @Test("programs are looked for only when a break falls due and once a minute while deferred; status names the program")
    func looksOnlyWhenDue() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, notifier) = try await fixture.startAgent()
        let sensor = SetPrograms()
        await agent.attachDeferral(sensor, settings: { DeferralSettings(maxDeferralMinutes: 30, programs: [game]) })
        let due = try #require(timer.deadline)
        #expect(sensor.looks == 0)
        sensor.set([game])

        fixture.wall.set(due)
        await agent.timerFired(.deadlineReached)
        #expect(notifier.presented.isEmpty)
        #expect(sensor.looks == 1)
        #expect(timer.deadline == due.addingTimeInterval(60))
        #expect(try await agent.dashboard().waiting?.hasPrefix("Breaks wait for game running, until") == true)

        sensor.set([])
        fixture.wall.set(due.addingTimeInterval(60))
        await agent.timerFired(.deadlineReached)
        #expect(sensor.looks == 2)
        #expect(notifier.presented.map(\.title) == ["Eye Break"])
    }

    @Test("a program not chosen in the settings is never looked for")
    func notChosen() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, notifier) = try await fixture.startAgent()
        let sensor = SetPrograms()
        sensor.set([game])
        await agent.attachDeferral(sensor, settings: { DeferralSettings() })
        fixture.wall.set(try #require(timer.deadline))
        await agent.timerFired(.deadlineReached)
        #expect(sensor.looks == 0)
        #expect(notifier.presented.map(\.title) == ["Eye Break"])
    }
}
