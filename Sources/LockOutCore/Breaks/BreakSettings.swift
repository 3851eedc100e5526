import Foundation

/// How often and how long one kind of break runs.
public struct BreakKindSettings: Codable, Hashable, Sendable {
    public var enabled: Bool
    public var intervalMinutes: Int
    public var durationSeconds: Int

    public init(enabled: Bool, intervalMinutes: Int, durationSeconds: Int) {
        self.enabled = enabled
        self.intervalMinutes = intervalMinutes
        self.durationSeconds = durationSeconds
    }

    public var interval: TimeInterval { TimeInterval(intervalMinutes * 60) }
    public var duration: TimeInterval { TimeInterval(durationSeconds) }
}

/// Everything a person can set about breaks; only valid values are ever stored.
public struct BreakSettings: Codable, Hashable, Sendable {
    public static let intervalRange = 1...120
    public static let durationRange = 5...3600
    public static let snoozeRange = 1...60
    public static let retentionRange = 7...3650
    /// How many times one break may be snoozed before only Done or Skip remain.
    public static let maxSnoozes = 3

    public var eye: BreakKindSettings
    public var micro: BreakKindSettings
    public var long: BreakKindSettings
    public var snoozeMinutes: Int
    public var retentionDays: Int
    /// The weekly working-hours schedule; nil means breaks run whenever the agent runs.
    public var workingHours: WorkingHours?

    public init(
        eye: BreakKindSettings = .init(enabled: true, intervalMinutes: 20, durationSeconds: 20),
        micro: BreakKindSettings = .init(enabled: true, intervalMinutes: 30, durationSeconds: 30),
        long: BreakKindSettings = .init(enabled: true, intervalMinutes: 60, durationSeconds: 300),
        snoozeMinutes: Int = 5,
        retentionDays: Int = 365,
        workingHours: WorkingHours? = nil
    ) {
        self.eye = eye
        self.micro = micro
        self.long = long
        self.snoozeMinutes = snoozeMinutes
        self.retentionDays = retentionDays
        self.workingHours = workingHours
    }

    /// The defaults of a new installation.
    public static let defaults = BreakSettings()

    public subscript(kind: BreakKind) -> BreakKindSettings {
        get {
            switch kind {
            case .eye: eye
            case .micro: micro
            case .long: long
            }
        }
        set {
            switch kind {
            case .eye: eye = newValue
            case .micro: micro = newValue
            case .long: long = newValue
            }
        }
    }

    /// The kinds that are switched on, shortest first.
    public var enabledKinds: [BreakKind] { BreakKind.allCases.filter { self[$0].enabled } }

    public var snooze: TimeInterval { TimeInterval(snoozeMinutes * 60) }

    /// Throws the first value that lies outside its allowed range.
    public func validate() throws(BreakInputError) {
        for kind in BreakKind.allCases {
            let kindSettings = self[kind]
            guard Self.intervalRange.contains(kindSettings.intervalMinutes) else {
                throw .intervalOutOfRange(kind: kind, minutes: kindSettings.intervalMinutes, allowed: Self.intervalRange)
            }
            guard Self.durationRange.contains(kindSettings.durationSeconds) else {
                throw .durationOutOfRange(kind: kind, seconds: kindSettings.durationSeconds, allowed: Self.durationRange)
            }
        }
        guard Self.snoozeRange.contains(snoozeMinutes) else {
            throw .snoozeOutOfRange(minutes: snoozeMinutes, allowed: Self.snoozeRange)
        }
        guard Self.retentionRange.contains(retentionDays) else {
            throw .retentionOutOfRange(days: retentionDays, allowed: Self.retentionRange)
        }
        try workingHours?.validate()
    }

    /// A copy with one kind changed, validated; the original is untouched when a value is out of range.
    public func updating(
        _ kind: BreakKind,
        intervalMinutes: Int? = nil,
        durationSeconds: Int? = nil,
        enabled: Bool? = nil
    ) throws(BreakInputError) -> BreakSettings {
        var copy = self
        if let intervalMinutes { copy[kind].intervalMinutes = intervalMinutes }
        if let durationSeconds { copy[kind].durationSeconds = durationSeconds }
        if let enabled { copy[kind].enabled = enabled }
        try copy.validate()
        return copy
    }
}
