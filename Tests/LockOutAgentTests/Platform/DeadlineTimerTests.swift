import Foundation
import Testing
@testable import LockOutAgent
@testable import LockOutRuntime

/// The real waiters, so each behaviour is checked against every one the platform has.
enum TimerImplementation: String, CaseIterable, Sendable {
    #if os(Linux)
    case timerFD
    #endif
    case wallClock

    func make() throws -> any DeadlineWaiting {
        switch self {
        #if os(Linux)
        case .timerFD: try TimerFDDeadlineTimer()
        #endif
        case .wallClock: WallClockDeadlineTimer()
        }
    }
}

@Suite("Deadline timers")
struct DeadlineTimerTests {
    static func events(of timer: any DeadlineWaiting) -> Inbox<DeadlineEvent> {
        let inbox = Inbox<DeadlineEvent>()
        timer.onEvent = { inbox.put($0) }
        return inbox
    }

    @Test("arming 200 ms ahead fires once, not before the deadline", arguments: TimerImplementation.allCases)
    func firesOnce(implementation: TimerImplementation) async throws {
        let timer = try implementation.make()
        let events = Self.events(of: timer)
        let deadline = Date().addingTimeInterval(0.2)

        timer.arm(at: deadline)

        #expect(await events.next(within: 5) == .deadlineReached)
        #expect(Date() >= deadline)
        #expect(await events.next(within: 0.5) == nil)
    }

    @Test("disarming prevents firing", arguments: TimerImplementation.allCases)
    func disarm(implementation: TimerImplementation) async throws {
        let timer = try implementation.make()
        let events = Self.events(of: timer)

        timer.arm(at: Date().addingTimeInterval(0.1))
        timer.arm(at: nil)

        #expect(await events.next(within: 0.5) == nil)
    }

    @Test("re-arming later replaces the earlier deadline", arguments: TimerImplementation.allCases)
    func rearmLater(implementation: TimerImplementation) async throws {
        let timer = try implementation.make()
        let events = Self.events(of: timer)

        timer.arm(at: Date().addingTimeInterval(0.1))
        timer.arm(at: Date().addingTimeInterval(60))

        #expect(await events.next(within: 0.5) == nil)
        timer.arm(at: nil)
    }

    @Test("re-arming sooner replaces the later deadline", arguments: TimerImplementation.allCases)
    func rearmSooner(implementation: TimerImplementation) async throws {
        let timer = try implementation.make()
        let events = Self.events(of: timer)

        timer.arm(at: Date().addingTimeInterval(60))
        timer.arm(at: Date().addingTimeInterval(0.1))

        #expect(await events.next(within: 5) == .deadlineReached)
        #expect(await events.next(within: 0.3) == nil)
    }

    @Test("a deadline in the past fires at once", arguments: TimerImplementation.allCases)
    func pastDeadline(implementation: TimerImplementation) async throws {
        let timer = try implementation.make()
        let events = Self.events(of: timer)

        timer.arm(at: Date().addingTimeInterval(-60))

        #expect(await events.next(within: 5) == .deadlineReached)
    }

    @Test("the epoch as a deadline fires instead of disarming", arguments: TimerImplementation.allCases)
    func epochDeadline(implementation: TimerImplementation) async throws {
        let timer = try implementation.make()
        let events = Self.events(of: timer)

        timer.arm(at: Date(timeIntervalSince1970: 0))

        #expect(await events.next(within: 5) == .deadlineReached)
    }

    @Test("a timer can be armed again after it fired", arguments: TimerImplementation.allCases)
    func armAgain(implementation: TimerImplementation) async throws {
        let timer = try implementation.make()
        let events = Self.events(of: timer)
        timer.arm(at: Date().addingTimeInterval(-1))
        #expect(await events.next(within: 5) == .deadlineReached)

        timer.arm(at: Date().addingTimeInterval(0.05))

        #expect(await events.next(within: 5) == .deadlineReached)
    }

    #if os(Linux)
    @Test("timerfd times are never all zero, negative or out of range")
    func timespecClamps() {
        let epoch = TimerFD.timespec(for: Date(timeIntervalSince1970: 0))
        let beforeEpoch = TimerFD.timespec(for: Date(timeIntervalSince1970: -5))
        let fraction = TimerFD.timespec(for: Date(timeIntervalSince1970: 1_700_000_000.25))

        #expect(epoch.tv_sec == 0 && epoch.tv_nsec == 1)
        #expect(beforeEpoch.tv_sec == 0 && beforeEpoch.tv_nsec == 1)
        #expect(fraction.tv_sec == 1_700_000_000 && fraction.tv_nsec == 250_000_000)
        #expect(TimerFD.timespec(for: .distantFuture).tv_sec > 1_700_000_000)
    }
    #endif

    @Test("the manual timer records deadlines and fires on request")
    func manualTimer() async {
        let timer = ManualDeadlineTimer()
        let events = Self.events(of: timer)
        let deadline = Date(timeIntervalSince1970: 1_700_000_000)

        timer.arm(at: deadline)
        #expect(timer.deadline == deadline)
        timer.fire(.deadlineReached)

        #expect(await events.next(within: 1) == .deadlineReached)
        #expect(timer.deadline == nil)
        #expect(timer.armedDeadlines == [deadline])
    }
}
