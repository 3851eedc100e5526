import Foundation
import LockOutCore
import Testing

// MARK: - SettingsStore

extension StoreContractTests {
    static let customSettings = BreakSettings(
        eye: .init(enabled: false, intervalMinutes: 25, durationSeconds: 15),
        micro: .init(enabled: true, intervalMinutes: 45, durationSeconds: 40),
        long: .init(enabled: true, intervalMinutes: 90, durationSeconds: 600),
        snoozeMinutes: 10,
        retentionDays: 30,
        workingHours: WorkingHours(windows: [
            2: .init(startMinute: 9 * 60, endMinute: 17 * 60),
            6: .init(startMinute: 8 * 60 + 30, endMinute: 12 * 60),
        ])
    )

    @Test("load gives the defaults when nothing was saved", arguments: Backend.allCases)
    func settingsDefaults(backend: Backend) throws {
        try backend.withStores { stores in
            let loaded = try stores.settings.load()

            #expect(loaded == .defaults)
        }
    }

    @Test("saved settings read back, working hours included", arguments: Backend.allCases)
    func settingsRoundTrip(backend: Backend) throws {
        try backend.withStores { stores in
            try stores.settings.save(.defaults)

            try stores.settings.save(Self.customSettings)

            #expect(try stores.settings.load() == Self.customSettings)
        }
    }

    @Test("settings at both edges of every allowed range are accepted", arguments: Backend.allCases)
    func settingsAtRangeEdges(backend: Backend) throws {
        func edge(_ pick: (ClosedRange<Int>) -> Int) -> BreakSettings {
            let kind = BreakKindSettings(
                enabled: true,
                intervalMinutes: pick(BreakSettings.intervalRange),
                durationSeconds: pick(BreakSettings.durationRange)
            )
            return BreakSettings(
                eye: kind, micro: kind, long: kind,
                snoozeMinutes: pick(BreakSettings.snoozeRange),
                retentionDays: pick(BreakSettings.retentionRange),
                workingHours: WorkingHours(windows: [1: .init(startMinute: 0, endMinute: 1440)])
            )
        }
        try backend.withStores { stores in
            for settings in [edge(\.lowerBound), edge(\.upperBound)] {
                try stores.settings.save(settings)
                #expect(try stores.settings.load() == settings)
            }
        }
    }

    @Test("invalid settings throw and leave the stored ones unchanged", arguments: Backend.allCases)
    func invalidSettingsRejected(backend: Backend) throws {
        var zeroInterval = Self.customSettings
        zeroInterval.micro.intervalMinutes = 0
        var longSnooze = Self.customSettings
        longSnooze.snoozeMinutes = 61
        var reversedHours = Self.customSettings
        reversedHours.workingHours = WorkingHours(windows: [3: .init(startMinute: 600, endMinute: 540)])

        try backend.withStores { stores in
            try stores.settings.save(Self.customSettings)

            #expect(throws: BreakInputError.intervalOutOfRange(kind: .micro, minutes: 0, allowed: 1...120)) {
                try stores.settings.save(zeroInterval)
            }
            #expect(throws: BreakInputError.snoozeOutOfRange(minutes: 61, allowed: 1...60)) {
                try stores.settings.save(longSnooze)
            }
            #expect(throws: BreakInputError.invalidWorkingHours("a window must start before it ends")) {
                try stores.settings.save(reversedHours)
            }
            let loaded = try stores.settings.load()
            #expect(loaded == Self.customSettings)
        }
    }

    @Test("invalid settings saved first leave the defaults", arguments: Backend.allCases)
    func invalidFirstSettingsRejected(backend: Backend) throws {
        var shortRetention = BreakSettings.defaults
        shortRetention.retentionDays = 6

        try backend.withStores { stores in
            #expect(throws: BreakInputError.self) { try stores.settings.save(shortRetention) }
            let loaded = try stores.settings.load()
            #expect(loaded == .defaults)
        }
    }
}
