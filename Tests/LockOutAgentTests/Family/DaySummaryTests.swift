import Foundation
import LockOutAgent
import LockOutCore
import LockOutServer
import LockOutStore
import Testing
import LockOutRuntime

/// A day's summary reaches the parent whole: what happened in its last minute, and what happened while no agent ran.
@Suite("A child's day summaries reach the parent whole")
struct DaySummaryTests {
    /// A child's agent with family sync, as `lockout run` wires them.
    struct Child {
        let agent: DeviceAgent
        let runner: FamilySyncRunner

        func stop() async {
            runner.stop()
            await agent.stop()
        }
    }

    static func berlin(_ fixture: AgentFixture, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0) -> Date {
        fixture.calendar.date(from: DateComponents(year: 2026, month: 11, day: day, hour: hour, minute: minute, second: second))!
    }

    /// Starts the child's agent over `fixture`'s database, with its sync runner.
    static func startChild(_ fixture: AgentFixture) async throws -> Child {
        let agent = fixture.makeAgent(notifier: RecordingNotifier(), timer: ManualDeadlineTimer())
        try await agent.start()
        let clock = fixture.clock, calendar = fixture.calendar, store = fixture.database.familyStore
        let runner = FamilySyncRunner(
            sync: FamilySync(store: store, applier: AgentConfigurationApplier(agent: agent), connector: .http, now: { clock.now() }),
            store: store, now: { clock.now() },
            summaries: FamilySyncRunner.Summaries(
                calendar: calendar, today: { LocalDate(clock.now(), in: calendar) },
                summary: { device, day, previous in
                    try agent.executor.runBlocking { try await agent.daySummary(device: device, day: day, previous: previous) }
                }
            ),
            notify: { _ in }
        )
        await agent.observeStateChanges { runner.stateChanged() }
        return Child(agent: agent, runner: runner)
    }

    /// A parent and the fixture's device as its child, paired through the server at `port`.
    static func family(_ fixture: AgentFixture, port: Int) throws -> TestDevice {
        let parent = try TestDevice.make(.parentDevice, name: "Parent laptop")
        _ = try parent.family.create(server: "http://127.0.0.1:\(port)", endToEnd: false)
        let child = FamilyService(store: fixture.database.familyStore, directory: fixture.directory, applier: RecordingApplier(), connector: .http, now: { fixture.wall.now })
        _ = try child.setup(.childDevice, name: "Anna's laptop")
        _ = try child.join(payload: try parent.family.pair(mode: .childDevice).payload)
        return parent
    }

    /// The child's summary of `day` as the parent reads it after a sync.
    static func atParent(_ parent: TestDevice, _ day: LocalDate, today: LocalDate, calendar: Calendar) throws -> DailySummary? {
        try parent.family.usage("Anna's laptop", days: 7, today: today, calendar: calendar).1.first { $0.date == day }
    }

    @Test("a break done at 23:59:32, a second after a summary went, reaches the parent though the agent stops before the minute is up")
    func lastMinuteOfTheDay() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        fixture.wall.set(Self.berlin(fixture, 23, 23, 59, 31))
        let server = FamilyServer.Configuration(port: 0, now: { fixture.wall.now })
        try await withFamilyServer(configuration: server) { port, _ in
            let parent = try await offPool { try Self.family(fixture, port: port) }
            let child = try await Self.startChild(fixture)
            _ = await child.runner.syncNowAsync()  // today's first summary goes now
            fixture.wall.set(Self.berlin(fixture, 23, 23, 59, 32))
            _ = try await child.agent.perform(.takeBreakNow(.eye))
            _ = try await child.agent.perform(.done(nil))
            child.runner.settle()
            // Killed, or the laptop closed, before the minute was up: the next start is the next morning.
            await child.stop()
            fixture.wall.set(Self.berlin(fixture, 24, 8, 0))
            let next = try await Self.startChild(fixture)
            _ = await next.runner.syncNowAsync()
            let day = LocalDate(year: 2026, month: 11, day: 23)
            let seen = try await offPool {
                try Self.atParent(parent, day, today: LocalDate(year: 2026, month: 11, day: 24), calendar: fixture.calendar)
            }
            #expect(seen?.breaksCompleted == 1)
            await next.stop()
        }
    }

    @Test("breaks recorded while no agent ran reach the parent at the next start, two days later")
    func daysWithoutAnAgent() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        fixture.wall.set(Self.berlin(fixture, 23, 10, 0))
        let server = FamilyServer.Configuration(port: 0, now: { fixture.wall.now })
        try await withFamilyServer(configuration: server) { port, _ in
            let parent = try await offPool { try Self.family(fixture, port: port) }
            let child = try await Self.startChild(fixture)
            _ = await child.runner.syncNowAsync()
            await child.stop()
            // The CLI with no agent running: a break taken and done in the afternoon.
            fixture.wall.set(Self.berlin(fixture, 23, 15, 0))
            let control = LocalBreakControl(service: fixture.service, clock: fixture.clock)
            _ = try control.perform(.takeBreakNow(.micro))
            _ = try control.perform(.done(nil))
            fixture.wall.set(Self.berlin(fixture, 25, 9, 0))
            let next = try await Self.startChild(fixture)
            _ = await next.runner.syncNowAsync()
            let seen = try await offPool {
                try Self.atParent(parent, LocalDate(year: 2026, month: 11, day: 23), today: LocalDate(year: 2026, month: 11, day: 25), calendar: fixture.calendar)
            }
            // The micro break counted for the eye break due with it: as many as the child's own statistics say.
            let local = try fixture.database.breakHistory.dayStats(from: LocalDate(year: 2026, month: 11, day: 23), through: LocalDate(year: 2026, month: 11, day: 23))
            #expect((local.first?.completed ?? 0) > 0)
            #expect(seen?.breaksCompleted == local.first?.completed)
            // A day with nothing in it sends nothing.
            let empty = try await offPool {
                try Self.atParent(parent, LocalDate(year: 2026, month: 11, day: 24), today: LocalDate(year: 2026, month: 11, day: 25), calendar: fixture.calendar)
            }
            #expect(empty == nil)
            await next.stop()
        }
    }
}
