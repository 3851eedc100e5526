#if os(Linux)
import Foundation
import Testing
@testable import LockOutAgent

/// New windows told by the test: a stand-in for the desktop's window events.
final class HandFedWindowOpenings: WindowOpenings, @unchecked Sendable {
    let method = "test"
    private let lock = NSLock()
    private var listener: (opened: @Sendable (Int32?) -> Void, closed: @Sendable (String) -> Void)?
    private let failure: (any Error)?

    /// A source that starts, or with `failure` one that cannot.
    init(failure: (any Error)? = nil) {
        self.failure = failure
    }

    func start(onOpened: @escaping @Sendable (Int32?) -> Void, closed: @escaping @Sendable (String) -> Void) throws {
        if let failure { throw failure }
        lock.withLock { listener = (onOpened, closed) }
    }

    func stop() {
        lock.withLock { listener = nil }
    }

    var isStarted: Bool { lock.withLock { listener != nil } }

    /// A window of `pid` opens.
    func open(_ pid: Int32?) {
        lock.withLock { listener }?.opened(pid)
    }

    /// The desktop stops telling.
    func close() {
        lock.withLock { listener }?.closed("the test closed it")
    }

    struct Refused: Error {}
}

/// When the shield looks: at each window opened, by a slow backstop otherwise, and every second where no
/// window events are heard. Real processes, as in `ProcessShieldTests`.
@Suite("Shield: window events", .serialized)
struct ShieldWindowEventTests {
    @Test("a told window gets a look at once: its blocked program is stopped by that look, not by a timer scan")
    func windowTriggersLook() async throws {
        let game = try FakeProgram(copying: "/bin/sleep", prefix: "fakegame")
        let agent = try StandInAgent()
        defer { agent.kill() }
        let windows = HandFedWindowOpenings()
        // A backstop no run outlasts, however slow a loaded machine makes it: any scan here is the window's.
        let shield = ProcessShield(agentPID: agent.pid, windowOpenings: .events(windows), backstopInterval: .seconds(3_600))
        defer { shield.apply(blocked: [], onBlocked: { _ in }) }
        let stopped = Inbox<StoppedProcess>()
        shield.apply(blocked: [game.target], onBlocked: { stopped.put($0) })
        #expect(shield.timerInterval == .seconds(3_600))
        let running = try game.start(["300"])
        defer { running.kill() }
        var reader = ProcReader()
        #expect(try await eventually { reader.stat(running.pid)?.comm == game.name ? true : nil } == true)
        #expect(await stopped.next(within: 1) == nil)  // nothing looks until a window opens

        windows.open(running.pid)

        #expect(await stopped.next(within: 5)?.pid == running.pid)
        #expect(try #require(await running.exits.next(within: 5)).signal == SIGTERM)
        #expect(shield.scans == ProcessShield.Scans(applied: 1, timer: 0, windowOpened: 1))
    }

    @Test("a window whose process is not named still gets a scan that stops a new blocked program")
    func windowWithoutProcess() async throws {
        let game = try FakeProgram(copying: "/bin/sleep", prefix: "fakegame")
        let agent = try StandInAgent()
        defer { agent.kill() }
        let windows = HandFedWindowOpenings()
        let shield = ProcessShield(agentPID: agent.pid, windowOpenings: .events(windows))
        defer { shield.apply(blocked: [], onBlocked: { _ in }) }
        shield.apply(blocked: [game.target], onBlocked: { _ in })
        let running = try game.start(["300"])
        defer { running.kill() }
        var reader = ProcReader()
        #expect(try await eventually { reader.stat(running.pid)?.comm == game.name ? true : nil } == true)

        windows.open(nil)

        #expect(try #require(await running.exits.next(within: 5)).signal == SIGTERM)
        #expect(shield.scans.windowOpened == 1)
        #expect(shield.scans.timer == 0)
    }

    @Test("a blocked program that opens no window is stopped by the backstop scan")
    func backstopCatchesWindowless() async throws {
        let game = try FakeProgram(copying: "/bin/sleep", prefix: "fakegame")
        let agent = try StandInAgent()
        defer { agent.kill() }
        let shield = ProcessShield(agentPID: agent.pid, windowOpenings: .events(HandFedWindowOpenings()), backstopInterval: .seconds(1))
        defer { shield.apply(blocked: [], onBlocked: { _ in }) }
        shield.apply(blocked: [game.target], onBlocked: { _ in })
        #expect(shield.timerInterval == .seconds(1))

        let running = try game.start(["300"])
        defer { running.kill() }

        #expect(try #require(await running.exits.next(within: 5)).signal == SIGTERM)
        #expect(shield.scans.timer >= 1)
        #expect(shield.scans.windowOpened == 0)
    }

    @Test("the window watch runs only while shielding")
    func watchOnlyWhileShielding() {
        let windows = HandFedWindowOpenings()
        let shield = ProcessShield(windowOpenings: .events(windows))
        #expect(!windows.isStarted)
        #expect(shield.timerInterval == nil)

        shield.apply(blocked: [ShieldTarget(executable: "fakegame000")], onBlocked: { _ in })
        #expect(windows.isStarted)

        shield.apply(blocked: [], onBlocked: { _ in })
        #expect(!windows.isStarted)
        #expect(shield.timerInterval == nil)
    }

    @Test("without window events the shield scans once a second")
    func noWindowEvents() {
        let shield = ProcessShield(windowOpenings: .none(reason: "no DISPLAY and no Wayland compositor"))
        defer { shield.apply(blocked: [], onBlocked: { _ in }) }
        shield.apply(blocked: [ShieldTarget(executable: "fakegame000")], onBlocked: { _ in })
        #expect(shield.timerInterval == ProcessShield.scanInterval)
    }

    @Test("a window source that cannot start leaves the shield scanning once a second")
    func sourceFailsToStart() {
        let shield = ProcessShield(windowOpenings: .events(HandFedWindowOpenings(failure: HandFedWindowOpenings.Refused())))
        defer { shield.apply(blocked: [], onBlocked: { _ in }) }
        shield.apply(blocked: [ShieldTarget(executable: "fakegame000")], onBlocked: { _ in })
        #expect(shield.timerInterval == ProcessShield.scanInterval)
    }

    @Test("a window source that stops telling puts the shield back to a scan every second")
    func sourceCloses() async throws {
        let windows = HandFedWindowOpenings()
        let shield = ProcessShield(windowOpenings: .events(windows))
        defer { shield.apply(blocked: [], onBlocked: { _ in }) }
        shield.apply(blocked: [ShieldTarget(executable: "fakegame000")], onBlocked: { _ in })
        #expect(shield.timerInterval == ProcessShield.backstopInterval)

        windows.close()

        #expect(try await eventually { shield.timerInterval == ProcessShield.scanInterval ? true : nil } == true)
    }
}
#endif
