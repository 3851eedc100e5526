import Foundation
import Testing
@testable import LockOutCore

@Suite("Health gate: commands and target parsing")
struct GateCommandTests {
    static let code = GateFixture.code(1357)

    @Test("setting a goal changes its target and days and enables it")
    func setGoalEnables() throws {
        var gate = try GateFixture.evaluated(GateFixture.only(.steps), steps: 0)
        let effects = try gate.execute(.setGoal(.energy, target: 300, schedule: .weekdays), code: Self.code, now: GateFixture.at(1))
        #expect(gate.settings.energy == GateGoal(isEnabled: true, target: 300, schedule: .weekdays))
        #expect(GateFixture.savedSettings(effects).map(\.energy.target) == [300])
    }

    @Test("setting a goal without days keeps its schedule")
    func setGoalKeepsSchedule() throws {
        var settings = GateFixture.only(.steps)
        settings.steps.schedule = .weekends
        var gate = try GateFixture.evaluated(settings)
        _ = try gate.execute(.setGoal(.steps, target: 12_000, schedule: nil), code: Self.code, now: GateFixture.at(1))
        #expect(gate.settings.steps.schedule == .weekends)
        #expect(gate.settings.steps.target == 12_000)
    }

    @Test("lowering the steps target while closed is held behind the code; typing it applies the edit")
    func lowerTargetHeldThenCode() throws {
        var gate = try GateFixture.evaluated(steps: 100)
        _ = try gate.execute(.setGoal(.steps, target: 5_000, schedule: nil), code: Self.code, now: GateFixture.at(1))
        #expect(gate.settings.steps.target == 10_000)
        let held = GateScreen(gate: gate, now: GateFixture.at(1))
        #expect(held.heldSettings?.steps.target == 5_000)
        #expect(held.editCodeSecondsLeft == 15)
        #expect(held.editCode == nil)
        #expect(held.codeRequest == GateScreen.CodeRequest(purpose: .edit, code: nil, secondsLeft: 15))
        let after = GateFixture.plus(15, GateFixture.at(1))
        #expect(GateScreen(gate: gate, now: after).editCode == Self.code)
        #expect(GateScreen(gate: gate, now: after).editCodeSecondsLeft == nil)
        #expect(GateScreen(gate: gate, now: after).codeRequest == GateScreen.CodeRequest(purpose: .edit, code: Self.code, secondsLeft: nil))
        let effects = try gate.execute(.enterCode("1357"), code: Self.code, now: after)
        #expect(gate.settings.steps.target == 5_000)
        #expect(GateFixture.logs(effects).contains(.heldEditApplied))
    }

    @Test("disabling the only goal while closed is weakening: held; while open it applies")
    func disableGoal() throws {
        var closed = try GateFixture.evaluated(steps: 0)
        _ = try closed.execute(.disableGoal(.steps), code: Self.code, now: GateFixture.at(1))
        #expect(closed.settings.steps.isEnabled)
        #expect(closed.status(now: GateFixture.at(1)).isClosed)

        var open = try GateFixture.evaluated(steps: 10_000)
        _ = try open.execute(.disableGoal(.steps), code: Self.code, now: GateFixture.at(1))
        #expect(!open.settings.steps.isEnabled)
        #expect(open.status(now: GateFixture.at(1)) == .open(.noGoalsToday))
    }

    @Test("enabling a goal while closed applies at once")
    func enableGoal() throws {
        var gate = try GateFixture.evaluated(steps: 0)
        _ = try gate.execute(.enableGoal(.exercise), code: Self.code, now: GateFixture.at(1))
        #expect(gate.settings.exercise.isEnabled)
        #expect(gate.status(now: GateFixture.at(1)) == .closed(unmet: [.steps, .exercise]))
    }

    @Test("blocking an app while closed shields it at once; unblocking it while closed is held")
    func blockAndUnblock() throws {
        var gate = try GateFixture.evaluated(steps: 0)
        let added = try gate.execute(.block(BlockedApp(executable: "firefox")), code: Self.code, now: GateFixture.at(1))
        #expect(GateFixture.shieldedApps(added) == ["steam", "firefox"])
        _ = try gate.execute(.unblock(executable: "firefox"), code: Self.code, now: GateFixture.at(2))
        #expect(gate.settings.blockedApps.map(\.executable) == ["steam", "firefox"])
        #expect(gate.record.pendingSettings?.blockedApps.map(\.executable) == ["steam"])
    }

    @Test("a refused command changes nothing", arguments: [
        GateCommand.block(BlockedApp(executable: "bash")),
        .block(BlockedApp(executable: "steam")),
        .block(BlockedApp(executable: "/usr/bin/steam")),
        .unblock(executable: "firefox"),
        .setGoal(.steps, target: 10_250, schedule: nil),
        .setGoal(.steps, target: -500, schedule: nil),
        .setGoal(.energy, target: 90_000, schedule: nil),
        .setGoal(.steps, target: 8_000, schedule: .chosen(days: [])),
        .enterCode("1357"),
        .cancelCode,
    ])
    func refused(command: GateCommand) throws {
        var gate = try GateFixture.evaluated(steps: 0)
        let before = gate
        #expect(throws: GateInputError.self) {
            try gate.execute(command, code: Self.code, now: GateFixture.at(1))
        }
        #expect(gate.record == before.record)
        #expect(gate.settings == before.settings)
    }

    @Test("refresh asks for a read; peek opens the gate for 180 s")
    func refreshAndPeek() throws {
        var gate = try GateFixture.evaluated(steps: 0)
        let refreshed = try gate.execute(.refresh, code: Self.code, now: GateFixture.at(1))
        #expect(GateFixture.reads(refreshed) == [GateFixture.monday])
        let peeked = try gate.execute(.peek, code: Self.code, now: GateFixture.at(2))
        #expect(GateFixture.shields(peeked) == [false])
        #expect(gate.status(now: GateFixture.at(2)) == .open(.peek))
    }

    @Test("the emergency unlock shows its code after 15 s and opens the gate until midnight once typed")
    func emergencyUnlock() throws {
        var gate = try GateFixture.evaluated(steps: 0)
        let asked = GateFixture.at(1)
        _ = try gate.execute(.emergencyUnlock, code: Self.code, now: asked)
        #expect(GateScreen(gate: gate, now: asked).emergency == .waiting(secondsLeft: 15))
        #expect(throws: GateInputError.codeNotShownYet(secondsLeft: 5)) {
            try gate.execute(.enterCode("1357"), code: Self.code, now: GateFixture.plus(10, asked))
        }
        let shown = GateFixture.plus(15, asked)
        #expect(GateScreen(gate: gate, now: shown).emergency == .codeShown(Self.code))
        #expect(GateScreen(gate: gate, now: shown).codeRequest?.purpose == .emergencyUnlock)
        #expect(GateScreen(gate: gate, now: shown).codeRequest?.code == Self.code)
        let effects = try gate.execute(.enterCode(" 1357\n"), code: Self.code, now: shown)
        #expect(GateFixture.shields(effects) == [false])
        #expect(gate.status(now: GateFixture.plus(3600, shown)) == .open(.emergencyUnlock))
        #expect(GateScreen(gate: gate, now: shown).codeRequest == nil)
        #expect(GateFixture.tick(&gate, at: GateFixture.midnight).contains(where: { $0 == .setShields(on: true, apps: gate.settings.blockedApps) }))
    }

    @Test("targets parse as whole numbers, thousands commas allowed")
    func numbers() throws {
        #expect(try GateGoalKind.steps.target(parsing: "8000") == 8_000)
        #expect(try GateGoalKind.steps.target(parsing: " 12,500 ") == 12_500)
        #expect(try GateGoalKind.energy.target(parsing: "-5") == -5)
        #expect(throws: GateInputError.unknownTarget(goal: .steps, text: "lots")) { try GateGoalKind.steps.target(parsing: "lots") }
        #expect(throws: GateInputError.unknownTarget(goal: .exercise, text: "2.5")) { try GateGoalKind.exercise.target(parsing: "2.5") }
    }

    @Test("the unlock time parses as a clock time or minutes after midnight")
    func unlockTime() throws {
        #expect(try GateGoalKind.unlockTime.target(parsing: "19:00") == 1_140)
        #expect(try GateGoalKind.unlockTime.target(parsing: "7:30") == 450)
        #expect(try GateGoalKind.unlockTime.target(parsing: "00:00") == 0)
        #expect(try GateGoalKind.unlockTime.target(parsing: "0") == 0)
        for bad in ["24:00", "19:60", "19:5", "noon", "19:00:00"] {
            #expect(throws: GateInputError.unknownTarget(goal: .unlockTime, text: bad)) { try GateGoalKind.unlockTime.target(parsing: bad) }
        }
        #expect(GateInputError.unknownTarget(goal: .unlockTime, text: "noon").description.contains("19:00"))
    }

    @Test("the screen travels as JSON and comes back the same")
    func screenCodable() throws {
        var gate = try GateFixture.evaluated(steps: 6_240)
        _ = try gate.execute(.emergencyUnlock, code: Self.code, now: GateFixture.at(1))
        let screen = GateScreen(gate: gate, now: GateFixture.at(2))
        let data = try JSONEncoder().encode(screen)
        #expect(try JSONDecoder().decode(GateScreen.self, from: data) == screen)
        let command = GateCommand.setGoal(.steps, target: 8_000, schedule: .chosen(days: [.monday, .friday]))
        #expect(try JSONDecoder().decode(GateCommand.self, from: JSONEncoder().encode(command)) == command)
    }
}
