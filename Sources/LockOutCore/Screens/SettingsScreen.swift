import Foundation

/// What the Settings screen shows: how long a snooze lasts and how long history is kept.
public struct SettingsScreen: Codable, Equatable, Sendable {
    /// Minutes a snoozed break waits.
    public let snooze: StepperField
    /// Days of break history kept before it is deleted.
    public let retention: StepperField

    /// Builds the screen from the stored settings.
    public init(settings: BreakSettings) {
        snooze = StepperField(
            title: "Snooze", value: settings.snoozeMinutes, range: BreakSettings.snoozeRange, unit: "min"
        )
        retention = StepperField(
            title: "Keep history", value: settings.retentionDays, range: BreakSettings.retentionRange, unit: "days"
        )
    }
}
