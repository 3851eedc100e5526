import Foundation
import Testing
@testable import LockOutCore

/// Today-only goals expire before anything reads or edits the settings on a later day, whichever command comes first.
@Suite("Health gate: today-only goals expire before the new day's first command")
struct HealthGateTodayOnlyTests {
    static let code = GateFixture.code(1357)
    static let tuesday = LocalDate(year: 2026, month: 11, day: 24)
    /// Tuesday 09:00 in Berlin.
    static let tuesdayMorning = GateFixture.local(tuesday, 9)

    /// Monday: `goal set steps 10000 --days today`, with exercise on every day and energy off.
    static func mondayWithTodayOnlySteps() throws -> HealthGate {
        var gate = try GateFixture.evaluated(GateFixture.only(.exercise))
        _ = try gate.execute(.setGoal(.steps, target: 10_000, schedule: .todayOnly(day: GateFixture.monday)), code: code, now: GateFixture.at(1))
        #expect(gate.settings.steps == GateGoal(isEnabled: true, target: 10_000, schedule: .todayOnly(day: GateFixture.monday)))
        return gate
    }

    @Test("Monday's today-only steps goal, then Tuesday's first command sets energy today-only: steps is off, the log and the saved settings agree")
    func goalEditFirstOnTuesday() throws {
        var gate = try Self.mondayWithTodayOnlySteps()

        let effects = try gate.execute(.setGoal(.energy, target: 500, schedule: .todayOnly(day: Self.tuesday)), code: Self.code, now: Self.tuesdayMorning)

        #expect(gate.settings.steps == GateGoal(isEnabled: false, target: 10_000, schedule: .everyDay))
        #expect(gate.settings.energy == GateGoal(isEnabled: true, target: 500, schedule: .todayOnly(day: Self.tuesday)))
        #expect(GateFixture.logs(effects).contains(.todayOnlyGoalsExpired))
        #expect(GateFixture.logs(effects).contains(.editApplied(.strengthening)))
        #expect(GateFixture.savedSettings(effects).last == gate.settings)
        let screen = GateScreen(gate: gate, now: Self.tuesdayMorning)
        #expect(screen.goals.map(\.kind) == [.energy, .exercise])
        #expect(screen.settings.steps.isEnabled == false)
    }

    @Test("every kind of command on Tuesday sees Monday's today-only goal expired first", arguments: [
        GateCommand.refresh, .peek, .enableGoal(.exercise), .disableGoal(.energy), .block(BlockedApp(executable: "firefox")),
        .unblock(executable: "steam"), .setGoal(.exercise, target: 20, schedule: nil),
    ])
    func everyCommand(command: GateCommand) throws {
        var gate = try Self.mondayWithTodayOnlySteps()

        let effects = try gate.execute(command, code: Self.code, now: Self.tuesdayMorning)

        #expect(!gate.settings.steps.isEnabled)
        #expect(gate.settings.steps.schedule == .everyDay)
        #expect(GateFixture.logs(effects).first == .todayOnlyGoalsExpired)
        #expect(GateFixture.savedSettings(effects).last == gate.settings)
    }

    @Test("settings that still carry an earlier day's goal while the record is of today are put right by the next event")
    func staleSettingsOnTodaysRecord() throws {
        var settings = GateFixture.only()
        settings.steps = GateGoal(isEnabled: true, target: 10_000, schedule: .todayOnly(day: GateFixture.monday))
        var gate = HealthGate(record: .initial(day: Self.tuesday), settings: settings, calendar: GateFixture.berlin)

        let effects = GateFixture.tick(&gate, at: Self.tuesdayMorning)

        #expect(gate.settings.steps == GateGoal(isEnabled: false, target: 10_000, schedule: .everyDay))
        #expect(GateFixture.logs(effects) == [.todayOnlyGoalsExpired, .opened(.noGoalsToday)])
        #expect(GateFixture.savedSettings(effects) == [gate.settings])
    }

    @Test("an edit built from settings read before midnight does not bring back an earlier day's goal")
    func staleEditEvent() throws {
        var gate = try Self.mondayWithTodayOnlySteps()
        var edited = gate.settings
        edited.energy = GateGoal(isEnabled: true, target: 500)

        _ = try gate.handle(.settingsEdited(edited, code: Self.code), now: Self.tuesdayMorning)

        #expect(!gate.settings.steps.isEnabled)
        #expect(gate.settings.energy.isEnabled)
    }
}
