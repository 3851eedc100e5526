import Foundation
import LockOutAgent
import LockOutCore
import LockOutStore
import Testing
import LockOutRuntime

/// A command is applied, then recorded as applied: a device killed between the two applies it again at its next
/// round. These tests take each kind of command through that crash and compare the device with one that applied it once.
/// One kind at a time: each case runs a server and three devices, and seventeen at once would crowd a small machine.
@Suite("A parent's command applied again after a crash comes to one application", .serialized)
struct CommandCrashTests {
    /// One kind of command, with what must hold before it (sent and applied normally).
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let given: [ConfigurationChange]
        let change: ConfigurationChange
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "break kind", given: [], change: .breakKind(.eye, intervalMinutes: 25, durationSeconds: 30, enabled: nil)),
        Case(name: "working hours", given: [], change: .workingHours(try! WorkingHoursParser.parse(["mon-fri", "09:00-17:00"]))),
        Case(name: "snooze", given: [], change: .snooze(minutes: 7)),
        Case(name: "retention", given: [], change: .retention(days: 30)),
        Case(name: "focus setting", given: [], change: .focus(.focus, value: 30)),
        Case(name: "hold breaks", given: [], change: .holdBreaksDuringFocus(false)),
        Case(name: "gate goal", given: [], change: .gateGoal(.steps, target: 12_000, schedule: nil)),
        Case(name: "gate goal enabled", given: [], change: .gateGoalEnabled(.energy, true)),
        Case(name: "weaker gate goal", given: [], change: .gateGoal(.steps, target: 4_000, schedule: .weekdays)),
        Case(name: "block add", given: [], change: .blockAdd(BlockedApp(executable: "steam"))),
        Case(name: "block remove", given: [.blockAdd(BlockedApp(executable: "minetest"))], change: .blockRemove(executable: "minetest")),
        Case(name: "rewards program", given: [], change: .rewards(.setProgram("gcompris", category: .learning, rate: 20))),
        Case(name: "rewards cap", given: [], change: .rewards(.setCap(300))),
        Case(name: "rewards mode", given: [], change: .rewards(.setMode(.ratio(learning: 60, reward: 30)))),
        Case(name: "rewards quest", given: [], change: .rewards(.setQuest(QuestTemplate.all[0].quest))),
        Case(name: "points granted", given: [], change: .rewards(.adjust(points: 50, reason: "tidied the room"))),
        Case(name: "points removed", given: [.rewards(.adjust(points: 100, reason: "chores"))], change: .rewards(.adjust(points: -40, reason: "screen time"))),
    ]

    /// What a parent's commands can change on a device, as stored.
    struct State: Equatable {
        let breaks: BreakSettings
        let focus: FocusSettings
        let gate: GateSettings
        let gateLog: [String]
        let ledger: [String]
        let balance: Int

        init(_ device: EngineDevice) throws {
            let database = device.device.database
            breaks = try database.settingsStore.load()
            focus = try database.focusSettingsStore.load()
            gate = try database.gateStore.loadSettings()
            gateLog = try database.gateStore.log(from: .distantPast).map(\.event.name)
            let rewards = GRDBRewardsStore(database, calendar: device.calendar)
            ledger = try rewards.ledger(from: nil, limit: 100).map { "\($0.kind.rawValue) \($0.points) \($0.program ?? "-") \($0.reason)" }.sorted()
            balance = try rewards.load().record?.balances.total ?? 0
        }
    }

    @Test("applied, killed before it was recorded, applied again: the same as applied once", arguments: cases)
    func crashBetweenApplyAndRecord(_ example: Case) async throws {
        try await withFamilyServer { port, _ in
            try await offPool {
                let parent = try TestDevice.make(.parentDevice, name: "Parent laptop")
                _ = try parent.family.create(server: "http://127.0.0.1:\(port)", endToEnd: false)
                let once = try EngineDevice.make(.childDevice, name: "Once")
                _ = try once.family.join(payload: try parent.family.pair(mode: .childDevice).payload)
                let twice = try EngineDevice.make(.childDevice, name: "Twice")
                _ = try twice.family.join(payload: try parent.family.pair(mode: .childDevice).payload)
                for change in example.given {
                    for name in ["Once", "Twice"] { _ = try parent.family.send(change, to: name) }
                }
                #expect(once.family.sync() == .synced(applied: example.given.count))
                #expect(twice.family.sync() == .synced(applied: example.given.count))

                for name in ["Once", "Twice"] { _ = try parent.family.send(example.change, to: name) }
                #expect(once.family.sync() == .synced(applied: 1))
                // The crash: pulled and applied, killed before the acknowledgement was written.
                let store = twice.device.store
                let membership = try #require(try store.membership())
                let client = FamilyClient(server: membership.server, token: membership.token, connector: .http)
                defer { client.shutdown() }
                try store.storePulled(try client.changes(since: try store.progress().token), now: TestDevice.now)
                let pending = try store.pendingCommands(for: try twice.family.identity().id)
                #expect(pending.count == 1)
                for command in pending { try twice.applier.apply(command.change.localCommand, id: command.commandID) }
                // The next start's round applies it again and records it.
                #expect(twice.family.sync() == .synced(applied: 1))
                #expect(try State(twice) == (try State(once)))
                _ = parent.family.sync()
                #expect(try parent.family.sentCommands().filter { $0.command.change == example.change }.map(\.status) == [.applied, .applied])
            }
        }
    }
}
