import Foundation
import LockOutCore
import Testing

// MARK: - Focus record and settings

extension FocusContractTests {
    /// A record in each `FocusState`, with fractional dates to show they read back exactly.
    static let focusRecords: [FocusRecord] = {
        let now = Fixed.now.addingTimeInterval(0.123_456_789)
        var session = FocusSession(
            mode: .pomodoro, segment: .shortBreak, activity: "Écrire", planned: 300, startedAt: now, focusLength: 1500
        )
        session.ranBefore = 12.5
        session.resumedAt = now.addingTimeInterval(30.25)
        let stopwatch = FocusSession(mode: .stopwatch, segment: .focus, activity: nil, planned: nil, startedAt: now)
        return [
            .stopped,
            FocusRecord(state: .running(session), cycle: PomodoroCycle(completedFocus: 3, next: .longBreak)),
            FocusRecord(state: .paused(session, pausedAt: now.addingTimeInterval(99.75)), cycle: PomodoroCycle(completedFocus: 1)),
            FocusRecord(state: .running(stopwatch)),
        ]
    }()

    @Test("the focus record is nil until saved, then reads back in every state", arguments: Backend.allCases, focusRecords)
    func focusRecordRoundTrip(backend: Backend, record: FocusRecord) throws {
        try backend.withFocusStores { stores in
            #expect(try stores.record.load() == nil)
            try stores.record.save(.stopped)

            try stores.record.save(record)

            #expect(try stores.record.load() == record)
        }
    }

    @Test("focus settings are the defaults until saved, then read back, at both edges of every range", arguments: Backend.allCases)
    func focusSettingsRoundTrip(backend: Backend) throws {
        func edge(_ pick: (ClosedRange<Int>) -> Int, hold: Bool) -> FocusSettings {
            var settings = FocusSettings(holdBreaksDuringFocus: hold)
            for setting in FocusSetting.allCases { settings[setting] = pick(setting.allowed) }
            return settings
        }
        try backend.withFocusStores { stores in
            #expect(try stores.settings.load() == .defaults)

            for settings in [edge(\.lowerBound, hold: true), edge(\.upperBound, hold: false), FocusSettings(cycles: 3)] {
                try stores.settings.save(settings)
                #expect(try stores.settings.load() == settings)
            }
        }
    }

    @Test("invalid focus settings throw and leave the stored ones unchanged", arguments: Backend.allCases)
    func invalidFocusSettings(backend: Backend) throws {
        let stored = FocusSettings(timerMinutes: 50, holdBreaksDuringFocus: true)
        var badFocus = stored
        badFocus.focusMinutes = 4
        var badCycles = stored
        badCycles.cycles = 11
        try backend.withFocusStores { stores in
            try stores.settings.save(stored)

            #expect(throws: FocusInputError.settingOutOfRange(setting: .focus, value: 4, allowed: 5...120)) {
                try stores.settings.save(badFocus)
            }
            #expect(throws: FocusInputError.settingOutOfRange(setting: .cycles, value: 11, allowed: 1...10)) {
                try stores.settings.save(badCycles)
            }
            #expect(try stores.settings.load() == stored)
        }
    }
}
