import Foundation
import LockOutAgent
import LockOutCore
import LockOutServer
import LockOutStore
import Logging
import Synchronization
import Testing
import LockOutRuntime

/// A phone's health totals reach the same person's desktop through a live server, and the desktop's agent opens
/// its gate on them, without a restart; another person's never count; bad ones are ignored with a logged reason.
@Suite("Health totals from the same person's phone open the desktop's gate")
struct HealthTotalsSyncTests {
    /// The desktop: an agent over the fixture's database reading its own totals and the synced ones, with the sync runner.
    struct Desktop {
        let agent: DeviceAgent
        let runner: FamilySyncRunner
        let shield: RecordingShieldController
        let logs: RecordedLogs
        let sharing: HealthTotalsSharing

        func stop() async {
            runner.stop()
            await agent.stop()
        }
    }

    /// A phone as the Apple app will be one: paired like any device, pushing `healthTotals` mutations over HTTP.
    struct Phone {
        let client: FamilyClient
        let device: DeviceIdentity

        /// Redeems `pairing` at the server on `port` as a device of `mode` named `name`.
        static func pair(_ pairing: SyncAPI.Pairing, port: Int, mode: DeviceMode, name: String) async throws -> Phone {
            try await offPool {
                let server = try #require(URL(string: "http://127.0.0.1:\(port)"))
                let payload = try PairingPayload(parsing: pairing.payload)
                let device = DeviceIdentity(id: DeviceID(rawValue: UUID()), name: name, mode: mode)
                let anonymous = FamilyClient(server: server, token: nil, connector: .http)
                defer { anonymous.shutdown() }
                let credentials = try anonymous.redeem(SyncAPI.Redeem(
                    familyID: payload.family, secret: payload.secret, deviceID: device.id, deviceName: name, mode: mode
                ))
                return Phone(client: FamilyClient(server: server, token: credentials.token, connector: .http), device: device)
            }
        }

        /// Pushes the totals of `day`; answers the server's result.
        func push(_ day: LocalDate, steps: Double, readAt: Date) async throws -> SyncAPI.MutationResult? {
            let record = HealthTotalsRecord(
                deviceID: device.id, deviceName: device.name, date: day, steps: steps, activeEnergy: 0, exerciseMinutes: 0, readAt: readAt
            )
            return try await push(try record.mutation(id: MutationID(rawValue: UUID())))
        }

        func push(_ mutation: SyncMutation) async throws -> SyncAPI.MutationResult? {
            let client = client
            return try await offPool { try client.push([mutation]).results.first }
        }
    }

    static let monday = LocalDate(year: 2026, month: 11, day: 23)

    static func at(_ fixture: AgentFixture, _ hour: Int, _ minute: Int) -> Date {
        fixture.calendar.date(from: DateComponents(year: 2026, month: 11, day: 23, hour: hour, minute: minute))!
    }

    /// Starts the desktop's agent over `fixture`'s database, with steam blocked and a steps goal of 10,000.
    static func startDesktop(_ fixture: AgentFixture) async throws -> Desktop {
        let logs = RecordedLogs()
        let clock = fixture.clock, calendar = fixture.calendar, store = fixture.database.familyStore
        let own = StoredHealthReading(store: fixture.database.healthTotalsStore)
        let source = FamilyHealthReading(own: own, family: store, calendar: calendar, now: { clock.now() }, logger: logs.logger)
        let shield = RecordingShieldController()
        let agent = fixture.makeAgent(notifier: RecordingNotifier(), timer: ManualDeadlineTimer(), gate: fixture.gateService(source: source), shield: shield)
        try await agent.start()
        _ = try await agent.perform(.block(BlockedApp(executable: "steam")))
        let sharing = HealthTotalsSharing(own: own, family: store)
        let runner = FamilySyncRunner(
            sync: FamilySync(store: store, applier: AgentConfigurationApplier(agent: agent), connector: .http, now: { clock.now() }),
            store: store, now: { clock.now() },
            summaries: FamilySyncRunner.Summaries(
                calendar: calendar, today: { LocalDate(clock.now(), in: calendar) },
                summary: { device, day, previous in
                    try agent.executor.runBlocking { try await agent.daySummary(device: device, day: day, previous: previous) }
                }
            ),
            health: FamilySyncRunner.HealthTotals(
                queue: { day in try agent.executor.runBlocking { try await sharing.queueIfChanged(day: day, now: clock.now()) } },
                arrived: { try? agent.executor.runBlocking { _ = try await agent.perform(.refresh) } }
            ),
            notify: { _ in }
        )
        await agent.observeStateChanges { runner.stateChanged() }
        _ = await runner.syncNowAsync()
        return Desktop(agent: agent, runner: runner, shield: shield, logs: logs, sharing: sharing)
    }

    /// The family service of the fixture's device, on the fixture's clock.
    static func familyService(_ fixture: AgentFixture) -> FamilyService {
        FamilyService(store: fixture.database.familyStore, directory: fixture.directory, applier: RecordingApplier(),
                      connector: .http, now: { fixture.wall.now })
    }

    /// The fixture's device as the personal desktop "Desk" starting a family on `port`, and a personal phone paired
    /// beside it; answers the desktop's family service and the phone.
    static func deskWithPhone(_ fixture: AgentFixture, port: Int) async throws -> (FamilyService, Phone) {
        try await join(fixture, .personalDevice, name: "Desk", port: port)
        let service = familyService(fixture)
        let pairing = try await offPool { try service.pair(mode: .personalDevice) }
        return (service, try await Phone.pair(pairing, port: port, mode: .personalDevice, name: "Own iPhone"))
    }

    /// The fixture's device set up as `mode` and joined with `pairing`; or, with no pairing, starting a family on `port`.
    static func join(_ fixture: AgentFixture, _ mode: DeviceMode, name: String, port: Int, pairing: SyncAPI.Pairing? = nil) async throws {
        let service = familyService(fixture)
        try await offPool {
            _ = try service.setup(mode, name: name)
            if let pairing { _ = try service.join(payload: pairing.payload) } else { _ = try service.create(server: "http://127.0.0.1:\(port)", endToEnd: false) }
        }
    }

    @Test("a personal phone's steps open the personal desktop's gate at once, and the gate says they came from the phone")
    func personalPhone() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        fixture.wall.set(Self.at(fixture, 14, 0))
        try await withFamilyServer(configuration: FamilyServer.Configuration(port: 0, now: { fixture.wall.now })) { port, _ in
            let (_, phone) = try await Self.deskWithPhone(fixture, port: port)
            let desktop = try await Self.startDesktop(fixture)
            #expect(try await desktop.agent.gateScreen().status == .closed(unmet: [.steps]))
            #expect(desktop.shield.isOn)

            #expect(try await phone.push(Self.monday, steps: 6_000, readAt: Self.at(fixture, 13, 50))?.status == .applied)
            _ = await desktop.runner.syncNowAsync()
            let partway = try await desktop.agent.gateScreen()
            #expect(partway.status == .closed(unmet: [.steps]))
            #expect(partway.goals.first?.current == 6_000)
            #expect(partway.healthSourceText == "Own iPhone, read 13:50")

            #expect(try await phone.push(Self.monday, steps: 12_000, readAt: Self.at(fixture, 13, 59))?.status == .applied)
            _ = await desktop.runner.syncNowAsync()
            let screen = try await desktop.agent.gateScreen()
            #expect(screen.status == .open(.goalsMet))
            #expect(screen.healthOrigin?.syncedDevice?.deviceID == phone.device.id)
            #expect(screen.healthSourceText == "Own iPhone, read 13:59")
            #expect(!desktop.shield.isOn)
            await desktop.stop()
        }
    }

    @Test("a child's laptop counts its own phone's steps; a sibling's phone never opens it")
    func childPhones() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        fixture.wall.set(Self.at(fixture, 14, 0))
        try await withFamilyServer(configuration: FamilyServer.Configuration(port: 0, now: { fixture.wall.now })) { port, _ in
            let parent = try await offPool { try TestDevice.make(.parentDevice, name: "Parent laptop") }
            _ = try await offPool { try parent.family.create(server: "http://127.0.0.1:\(port)", endToEnd: false) }
            func pairing(_ child: String) async throws -> SyncAPI.Pairing {
                try await offPool { try parent.family.pair(mode: .childDevice, childName: child) }
            }
            try await Self.join(fixture, .childDevice, name: "Anna's laptop", port: port, pairing: try await pairing("Anna"))
            let annaPhone = try await Phone.pair(try await pairing("Anna"), port: port, mode: .childDevice, name: "Anna's iPhone")
            let benPhone = try await Phone.pair(try await pairing("Ben"), port: port, mode: .childDevice, name: "Ben's iPhone")
            let laptop = try await Self.startDesktop(fixture)

            #expect(try await benPhone.push(Self.monday, steps: 20_000, readAt: Self.at(fixture, 13, 59))?.status == .applied)
            _ = await laptop.runner.syncNowAsync()
            let untouched = try await laptop.agent.gateScreen()
            #expect(untouched.status == .closed(unmet: [.steps]))
            #expect(untouched.healthSourceText == "this device — no health totals from your other devices today")

            #expect(try await annaPhone.push(Self.monday, steps: 10_000, readAt: Self.at(fixture, 13, 59))?.status == .applied)
            _ = await laptop.runner.syncNowAsync()
            let screen = try await laptop.agent.gateScreen()
            #expect(screen.status == .open(.goalsMet))
            #expect(screen.healthOrigin?.syncedDevice?.deviceName == "Anna's iPhone")
            await laptop.stop()
        }
    }

    @Test("bad totals are refused by the server where the envelope tells, and otherwise ignored by the gate with a logged reason")
    func badTotals() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        fixture.wall.set(Self.at(fixture, 14, 0))
        try await withFamilyServer(configuration: FamilyServer.Configuration(port: 0, now: { fixture.wall.now })) { port, _ in
            let (_, phone) = try await Self.deskWithPhone(fixture, port: port)
            let desktop = try await Self.startDesktop(fixture)
            let desk = try fixture.database.familyStore.identity(defaultName: "Desk").id
            // The envelope: a day too far ahead even where the day is furthest ahead, and a record id naming the desktop.
            let late = try await phone.push(LocalDate(year: 2026, month: 11, day: 26), steps: 12_000, readAt: Self.at(fixture, 13, 59))
            #expect(late?.status == .rejected)
            #expect(late?.reason?.contains("in the future") == true)
            let forged = HealthTotalsRecord(deviceID: desk, deviceName: "Desk", date: Self.monday, steps: 12_000, activeEnergy: 0, exerciseMinutes: 0,
                                            readAt: Self.at(fixture, 13, 59))
            let forgery = try await phone.push(try forged.mutation(id: MutationID(rawValue: UUID())))
            #expect(forgery?.status == .rejected)
            // Tomorrow in Berlin is today where the day is furthest ahead: the server takes it, the gate does not count it.
            let tomorrow = LocalDate(year: 2026, month: 11, day: 24)
            #expect(try await phone.push(tomorrow, steps: 12_000, readAt: Self.at(fixture, 13, 59))?.status == .applied)
            // The body, which the server never reads: negative steps, then absurd ones.
            for steps in [-5.0, 250_000] {
                #expect(try await phone.push(Self.monday, steps: steps, readAt: Self.at(fixture, 13, 59))?.status == .applied)
                _ = await desktop.runner.syncNowAsync()
                let screen = try await desktop.agent.gateScreen()
                #expect(screen.status == .closed(unmet: [.steps]))
                #expect(screen.goals.first?.current == 0)
            }
            let warnings = desktop.logs.messages
            #expect(warnings.contains { $0.contains("ignored: steps of -5 is outside what a day can hold (0…200,000 steps)") }, "\(warnings)")
            #expect(warnings.contains { $0.contains("ignored: steps of 250000") }, "\(warnings)")
            #expect(warnings.contains { $0.contains("ignored: it is for 2026-11-24, a day after today (2026-11-23)") }, "\(warnings)")
            #expect(warnings.count == 3, "each reason once: \(warnings)")
            #expect(desktop.shield.isOn)
            await desktop.stop()
        }
    }

    @Test("a desktop shares its own logged totals when they change, once, and never sends back totals it received")
    func sharing() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        fixture.wall.set(Self.at(fixture, 14, 0))
        try await withFamilyServer(configuration: FamilyServer.Configuration(port: 0, now: { fixture.wall.now })) { port, _ in
            let (service, phone) = try await Self.deskWithPhone(fixture, port: port)
            // No agent and no event stream: each round is the test's own.
            let store = fixture.database.familyStore
            let sharing = HealthTotalsSharing(own: StoredHealthReading(store: fixture.database.healthTotalsStore), family: store)
            let round: @Sendable () async throws -> Void = { _ = try await offPool { service.sync() } }
            func share() async throws -> Bool { try await sharing.queueIfChanged(day: Self.monday, now: fixture.wall.now) }
            // Nothing logged: nothing to share, the phone's totals pulled or not.
            #expect(try await share() == false)
            #expect(try await phone.push(Self.monday, steps: 12_000, readAt: Self.at(fixture, 13, 59))?.status == .applied)
            try await round()
            #expect(try store.records(.healthTotals, onOrAfter: Self.monday).count == 1)
            #expect(try await share() == false)
            _ = try fixture.database.healthTotalsStore.addManual(2_500, to: .steps, on: Self.monday)
            #expect(try await share())
            #expect(try await share() == false)
            let queued = try store.queued(limit: 10).filter { $0.mutation.type == .healthTotals }
            #expect(queued.count == 1)
            let record = try SyncJSON.record(HealthTotalsRecord.self, from: try #require(queued.first).mutation.body)
            #expect(record.steps == 2_500)
            #expect(record.deviceName == "Desk")
            // Sent, pulled back as its own: still unchanged; more steps are shared again, in its place.
            try await round()
            #expect(try store.queued(limit: 10).filter { $0.mutation.type == .healthTotals }.isEmpty)
            #expect(try await share() == false)
            let atPhone = try await offPool { [client = phone.client] in try client.changes(since: "0").changes }
            #expect(atPhone.contains { $0.type == .healthTotals && $0.owner == record.deviceID && $0.body.contains("\"steps\":2500") })
            _ = try fixture.database.healthTotalsStore.addManual(500, to: .steps, on: Self.monday)
            #expect(try await share())
        }
    }
}

/// Keeps what a logger was told, for a test to read.
final class RecordedLogs: Sendable {
    private let lines = Mutex<[String]>([])

    var messages: [String] { lines.withLock { $0 } }

    var logger: Logger {
        Logger(label: "lockout.health") { _ in Handler(logs: self) }
    }

    struct Handler: LogHandler {
        let logs: RecordedLogs
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            logs.lines.withLock { $0.append("\(event.level): \(event.message)") }
        }
    }
}
