import Foundation
import LockOutCore
import LockOutPresentation
import Testing

/// Records each wait the label asks for, moves the test clock by it, and ends the run after `ticks` waits.
final class ClockMovingWaits: @unchecked Sendable {
    struct Enough: Error {}

    private let lock = NSLock()
    private let clock: TestClock
    private let ticks: Int
    private var waits: [Duration] = []

    init(clock: TestClock, ticks: Int) {
        self.clock = clock
        self.ticks = ticks
    }

    var asked: [Duration] { lock.withLock { waits } }

    func wait(_ duration: Duration) throws {
        let count = lock.withLock {
            waits.append(duration)
            return waits.count
        }
        guard count < ticks else { throw Enough() }
        clock.advance(by: Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }
}

@MainActor
@Suite("Menu bar countdown")
struct MenuBarCountdownTests {
    @Test("the label counts down every second by itself, on the whole second, from one reading of the runtime")
    func countsDown() async throws {
        let fixture = try await PresentationFixture()
        let dashboard = DashboardModel(agent: fixture.agent)
        // Half a second past the minute: the first wait brings the label onto the whole second.
        fixture.clock.advance(by: 60.5)
        let waits = ClockMovingWaits(clock: fixture.clock, ticks: 4)
        let clock = fixture.clock
        let label = MenuBarCountdown(dashboard: dashboard, now: { clock.now }, wait: { try waits.wait($0) })
        #expect(label.title == MenuBarCountdown.placeholder)
        await label.run()
        #expect(waits.asked == [.milliseconds(500), .milliseconds(1_000), .milliseconds(1_000), .milliseconds(1_000)])
        // 20:00 after the start, read at 01:00.5, 01:01, 01:02 and 01:03.
        #expect(label.title == "18:57")
    }

    @Test("when the countdown runs out the runtime is read again, and the label shows the break that comes next")
    func runsOut() async throws {
        let fixture = try await PresentationFixture()
        let dashboard = DashboardModel(agent: fixture.agent)
        let clock = fixture.clock
        let label = MenuBarCountdown(dashboard: dashboard, now: { clock.now }, wait: { _ in })
        await label.tick()
        #expect(label.title == "20:00")
        // The eye break falls due and is answered elsewhere (the break sheet) a minute later.
        await fixture.advance(by: 20 * 60)
        let sheet = BreakSheetModel(agent: fixture.agent)
        await sheet.refresh()
        await sheet.done()
        fixture.clock.advance(by: 60)
        await label.tick()
        let next = try #require(dashboard.screen?.nextBreak)
        #expect(next.dueAt > clock.now)
        #expect(label.title == dashboard.countdown(at: clock.now) && label.title != "00:00")
    }

    @Test("with breaks stopped the label shows the app's name")
    func stopped() async throws {
        let fixture = try await PresentationFixture()
        let dashboard = DashboardModel(agent: fixture.agent)
        await dashboard.stop()
        let clock = fixture.clock
        let label = MenuBarCountdown(dashboard: dashboard, now: { clock.now }, wait: { _ in })
        await label.tick()
        #expect(label.title == "LockOut")
    }
}
