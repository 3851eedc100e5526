#if canImport(CSystemd)
import Foundation
import Logging
import Testing
import LockOutCore
@testable import LockOutAgent

@Suite("Presence from logind on the system bus")
struct LogindPresenceTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// The sources over `bus` with the session id 1 (the fake's), and what they tell.
    private func sources(
        on bus: PrivateSystemBus, clock: ManualWallClock, sessionID: String? = "1"
    ) -> (lock: any PresenceSource, sleep: any PresenceSource) {
        var environment = bus.environment
        environment["XDG_SESSION_ID"] = sessionID
        let sources = PresenceSources.system(environment: environment, now: { clock.now }, logger: Logger(label: "test"))
        return (sources[0], sources[1])
    }

    @Test("the factory gives the lock and the sleep, by name")
    func names() throws {
        let bus = try PrivateSystemBus()
        let sources = PresenceSources.system(environment: bus.environment, now: { Date(timeIntervalSince1970: 0) })
        #expect(sources.map(\.name) == ["logind-lock", "logind-sleep"])
    }

    @Test("a lock is away (locked) at the moment logind tells it, an unlock is back")
    func lockAndUnlock() async throws {
        let bus = try PrivateSystemBus()
        let logind = try FakeLogind(address: bus.address)
        let clock = ManualWallClock(start)
        let told = Inbox<PresenceSignal>()
        let source = sources(on: bus, clock: clock).lock
        try source.start(awayAfter: 300) { told.put($0) }
        defer { source.stop() }
        #expect(told.takeIfPresent() == nil)  // unlocked at start: nothing to tell

        clock.set(start.addingTimeInterval(60))
        logind.setLocked(true)
        #expect(await told.next(within: 10) == PresenceSignal(away: true, at: start.addingTimeInterval(60), reason: .locked))

        clock.set(start.addingTimeInterval(900))
        logind.setLocked(false)
        #expect(await told.next(within: 10) == PresenceSignal(away: false, at: start.addingTimeInterval(900), reason: .locked))
    }

    @Test("a session already locked at start is away at once")
    func lockedAtStart() async throws {
        let bus = try PrivateSystemBus()
        let logind = try FakeLogind(address: bus.address, locked: true)
        let clock = ManualWallClock(start)
        let told = Inbox<PresenceSignal>()
        let source = sources(on: bus, clock: clock).lock
        try source.start(awayAfter: 300) { told.put($0) }
        defer { source.stop() }
        #expect(told.takeIfPresent() == PresenceSignal(away: true, at: start, reason: .locked))

        clock.set(start.addingTimeInterval(30))
        logind.setLocked(false)
        #expect(await told.next(within: 10) == PresenceSignal(away: false, at: start.addingTimeInterval(30), reason: .locked))
    }

    @Test("an invalidated LockedHint is read again")
    func invalidated() async throws {
        let bus = try PrivateSystemBus()
        let logind = try FakeLogind(address: bus.address)
        let clock = ManualWallClock(start)
        let told = Inbox<PresenceSignal>()
        let source = sources(on: bus, clock: clock).lock
        try source.start(awayAfter: 300) { told.put($0) }
        defer { source.stop() }
        #expect(logind.calls.takeIfPresent() == "GetSession")
        #expect(logind.calls.takeIfPresent() == "Get")

        clock.set(start.addingTimeInterval(120))
        logind.setLocked(true, invalidating: true)
        #expect(await logind.calls.next(within: 10) == "Get")
        #expect(await told.next(within: 10) == PresenceSignal(away: true, at: start.addingTimeInterval(120), reason: .locked))
    }

    @Test("without XDG_SESSION_ID the session is found by this process's pid")
    func byProcess() async throws {
        let bus = try PrivateSystemBus()
        let logind = try FakeLogind(address: bus.address, locked: true)
        let told = Inbox<PresenceSignal>()
        let source = sources(on: bus, clock: ManualWallClock(start), sessionID: nil).lock
        try source.start(awayAfter: 300) { told.put($0) }
        defer { source.stop() }
        #expect(logind.calls.takeIfPresent() == "GetSessionByPID")
        #expect(told.takeIfPresent() == PresenceSignal(away: true, at: start, reason: .locked))
    }

    @Test("a session logind does not know is a clear error")
    func unknownSession() throws {
        let bus = try PrivateSystemBus()
        let logind = try FakeLogind(address: bus.address)
        defer { logind.stop() }
        let source = sources(on: bus, clock: ManualWallClock(start), sessionID: "c9").lock
        let error = try #require(throws: LogindPresenceError.self) { try source.start(awayAfter: 300) { _ in } }
        guard case .noSession(let asked, let cause) = error else {
            Issue.record("expected noSession, got \(error)")
            return
        }
        #expect(asked == "XDG_SESSION_ID c9")
        #expect(cause.name == "org.freedesktop.login1.NoSuchSession")
        #expect(error.description.hasPrefix("logind knows no session for XDG_SESSION_ID c9"))
    }

    @Test("a suspend is away when logind prepares for sleep, and back at the jumped clock after the resume")
    func sleepAndResume() async throws {
        let bus = try PrivateSystemBus()
        let logind = try FakeLogind(address: bus.address)
        let clock = ManualWallClock(start)
        let told = Inbox<PresenceSignal>()
        let source = sources(on: bus, clock: clock).sleep
        try source.start(awayAfter: 300) { told.put($0) }
        defer { source.stop() }

        logind.prepareForSleep(true)
        #expect(await told.next(within: 10) == PresenceSignal(away: true, at: start, reason: .suspended))

        clock.set(start.addingTimeInterval(2 * 3600))  // the machine slept two hours
        logind.prepareForSleep(false)
        #expect(await told.next(within: 10) == PresenceSignal(away: false, at: start.addingTimeInterval(2 * 3600), reason: .suspended))
    }

    @Test("a delay lock holds the suspend until the away is told, and is taken again after the resume")
    func delayLock() async throws {
        let bus = try PrivateSystemBus()
        let logind = try FakeLogind(address: bus.address)
        let clock = ManualWallClock(start)
        let told = Inbox<PresenceSignal>()
        let heldWhenTold = Inbox<Bool>()
        let held = Inbox<Int32>()
        let source = sources(on: bus, clock: clock).sleep
        try source.start(awayAfter: 300) { signal in
            told.put(signal)
            if signal.away, let lock = held.takeIfPresent() { heldWhenTold.put(FakeLogind.isHeld(lock)) }
        }
        defer { source.stop() }
        let first = try #require(await logind.inhibitors.next(within: 10))
        defer { close(first) }
        held.put(first)
        #expect(FakeLogind.isHeld(first))

        logind.prepareForSleep(true)
        #expect(await told.next(within: 10) == PresenceSignal(away: true, at: start, reason: .suspended))
        #expect(await heldWhenTold.next(within: 10) == true)
        #expect(await FakeLogind.released(first, within: 10))

        clock.set(start.addingTimeInterval(2 * 3600))
        logind.prepareForSleep(false)
        #expect(await told.next(within: 10) == PresenceSignal(away: false, at: start.addingTimeInterval(2 * 3600), reason: .suspended))
        let second = try #require(await logind.inhibitors.next(within: 10))
        defer { close(second) }
        #expect(FakeLogind.isHeld(second))
        source.stop()
        #expect(await FakeLogind.released(second, within: 10))
    }

    @Test("without a delay lock (logind refuses it) the suspend is still told")
    func delayLockRefused() async throws {
        let bus = try PrivateSystemBus()
        let logind = try FakeLogind(address: bus.address, refusesInhibitors: true)
        let told = Inbox<PresenceSignal>()
        let source = sources(on: bus, clock: ManualWallClock(start)).sleep
        try source.start(awayAfter: 300) { told.put($0) }
        defer { source.stop() }
        #expect(await logind.calls.next(within: 10) == "Inhibit")
        logind.prepareForSleep(true)
        #expect(await told.next(within: 10) == PresenceSignal(away: true, at: start, reason: .suspended))
    }

    @Test("nothing is told after stop")
    func stopped() async throws {
        let bus = try PrivateSystemBus()
        let logind = try FakeLogind(address: bus.address)
        let told = Inbox<PresenceSignal>()
        let (lock, sleep) = sources(on: bus, clock: ManualWallClock(start))
        try lock.start(awayAfter: 300) { told.put($0) }
        try sleep.start(awayAfter: 300) { told.put($0) }
        lock.stop()
        logind.setLocked(true)
        logind.prepareForSleep(true)
        // Both arrive on one connection in the order sent: the stopped lock would have told first.
        #expect(await told.next(within: 10) == PresenceSignal(away: true, at: start, reason: .suspended))

        sleep.stop()
        logind.prepareForSleep(false)
        try lock.start(awayAfter: 300) { told.put($0) }  // logind answers it after sending PrepareForSleep(false)
        defer { lock.stop() }
        #expect(await told.next(within: 10) == PresenceSignal(away: true, at: start, reason: .locked))
    }

    @Test("no logind on the system bus: each source says so")
    func noLogind() throws {
        let bus = try PrivateSystemBus()
        let (lock, sleep) = sources(on: bus, clock: ManualWallClock(start))
        for source in [lock, sleep] {
            let error = try #require(throws: LogindPresenceError.self) { try source.start(awayAfter: 300) { _ in } }
            guard case .noLogind = error else {
                Issue.record("\(source.name): expected noLogind, got \(error)")
                continue
            }
            #expect(error.description.hasPrefix("no logind on the system bus (nothing owns org.freedesktop.login1)"))
        }
    }

    @Test("no system bus at the address: each source says so, naming it")
    func noSystemBus() throws {
        let address = "unix:path=/nonexistent/lockout-\(UUID().uuidString)/bus"
        let sources = PresenceSources.system(environment: ["DBUS_SYSTEM_BUS_ADDRESS": address], now: { Date(timeIntervalSince1970: 0) })
        #expect(sources.count == 2)
        for source in sources {
            let error = try #require(throws: LogindPresenceError.self) { try source.start(awayAfter: 300) { _ in } }
            guard case .noSystemBus = error else {
                Issue.record("\(source.name): expected noSystemBus, got \(error)")
                continue
            }
            #expect(error.description.contains("could not connect to the system bus at \(address)"))
        }
    }
}
#endif
