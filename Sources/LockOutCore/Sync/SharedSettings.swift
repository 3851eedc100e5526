import Foundation

/// The settings a person's devices share: breaks and focus. The health gate and its block list stay
/// per device (a desk computer and a laptop block different programs).
public struct SharedSettings: Codable, Hashable, Sendable {
    public var breaks: BreakSettings
    public var focus: FocusSettings

    /// Shared settings of `breaks` and `focus`.
    public init(breaks: BreakSettings, focus: FocusSettings) {
        self.breaks = breaks
        self.focus = focus
    }
}

/// One field of the shared settings: the unit of "last write wins".
public enum SharedSettingField: String, Codable, CodingKeyRepresentable, CaseIterable, Hashable, Sendable, Comparable {
    case eyeEnabled, eyeInterval, eyeDuration
    case microEnabled, microInterval, microDuration
    case longEnabled, longInterval, longDuration
    case snooze, retention, workingHours
    case focusTimer, focusFocus, focusShortBreak, focusLongBreak, focusCycles, focusHoldBreaks

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// A field's value in a patch.
public enum SharedSettingValue: Codable, Hashable, Sendable {
    case int(Int)
    case bool(Bool)
    case workingHours(WorkingHours?)
}

/// The fields one device changed, in one write: the body of a `settings` record.
public struct SharedSettingsPatch: Codable, Hashable, Sendable {
    public var values: [SharedSettingField: SharedSettingValue]

    /// A patch of `values`.
    public init(_ values: [SharedSettingField: SharedSettingValue] = [:]) { self.values = values }

    /// The fields that differ from `old` to `new`.
    public init(from old: SharedSettings, to new: SharedSettings) {
        let before = Self.fields(of: old)
        values = Self.fields(of: new).filter { before[$0.key] != $0.value }
    }

    /// Every field of `settings`: what the first device of a person shares.
    public init(everything settings: SharedSettings) {
        values = Self.fields(of: settings)
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { values.isEmpty }

    /// `settings` with this patch's fields written over it; a value out of range is left out.
    public func applied(to settings: SharedSettings) -> SharedSettings {
        var result = settings
        for field in values.keys.sorted() {
            guard let value = values[field] else { continue }
            var candidate = result
            Self.write(value, to: field, in: &candidate)
            if (try? candidate.breaks.validate()) != nil, (try? candidate.focus.validate()) != nil { result = candidate }
        }
        return result
    }

    static func fields(of settings: SharedSettings) -> [SharedSettingField: SharedSettingValue] {
        let b = settings.breaks, f = settings.focus
        return [
            .eyeEnabled: .bool(b.eye.enabled), .eyeInterval: .int(b.eye.intervalMinutes), .eyeDuration: .int(b.eye.durationSeconds),
            .microEnabled: .bool(b.micro.enabled), .microInterval: .int(b.micro.intervalMinutes),
            .microDuration: .int(b.micro.durationSeconds),
            .longEnabled: .bool(b.long.enabled), .longInterval: .int(b.long.intervalMinutes), .longDuration: .int(b.long.durationSeconds),
            .snooze: .int(b.snoozeMinutes), .retention: .int(b.retentionDays), .workingHours: .workingHours(b.workingHours),
            .focusTimer: .int(f.timerMinutes), .focusFocus: .int(f.focusMinutes), .focusShortBreak: .int(f.shortBreakMinutes),
            .focusLongBreak: .int(f.longBreakMinutes), .focusCycles: .int(f.cycles), .focusHoldBreaks: .bool(f.holdBreaksDuringFocus),
        ]
    }

    static func write(_ value: SharedSettingValue, to field: SharedSettingField, in settings: inout SharedSettings) {
        switch (field, value) {
        case (.eyeEnabled, .bool(let v)): settings.breaks.eye.enabled = v
        case (.eyeInterval, .int(let v)): settings.breaks.eye.intervalMinutes = v
        case (.eyeDuration, .int(let v)): settings.breaks.eye.durationSeconds = v
        case (.microEnabled, .bool(let v)): settings.breaks.micro.enabled = v
        case (.microInterval, .int(let v)): settings.breaks.micro.intervalMinutes = v
        case (.microDuration, .int(let v)): settings.breaks.micro.durationSeconds = v
        case (.longEnabled, .bool(let v)): settings.breaks.long.enabled = v
        case (.longInterval, .int(let v)): settings.breaks.long.intervalMinutes = v
        case (.longDuration, .int(let v)): settings.breaks.long.durationSeconds = v
        case (.snooze, .int(let v)): settings.breaks.snoozeMinutes = v
        case (.retention, .int(let v)): settings.breaks.retentionDays = v
        case (.workingHours, .workingHours(let v)): settings.breaks.workingHours = v
        case (.focusTimer, .int(let v)): settings.focus.timerMinutes = v
        case (.focusFocus, .int(let v)): settings.focus.focusMinutes = v
        case (.focusShortBreak, .int(let v)): settings.focus.shortBreakMinutes = v
        case (.focusLongBreak, .int(let v)): settings.focus.longBreakMinutes = v
        case (.focusCycles, .int(let v)): settings.focus.cycles = v
        case (.focusHoldBreaks, .bool(let v)): settings.focus.holdBreaksDuringFocus = v
        default: break  // a value of the wrong shape for its field is ignored
        }
    }
}

/// Folds the settings patches of the change feed into a device's settings: in the server's commit
/// order, last write wins per field — never by a device's clock — except that a child's write never
/// overrides a field a parent wrote; fields this device changed and has not pushed yet stay as they are
/// (its patch will be committed after these and win).
public struct SettingsMerge: Codable, Hashable, Sendable {
    /// Who last wrote each field, as committed.
    public private(set) var lastAuthor: [SharedSettingField: DeviceMode] = [:]

    /// A merge with no history.
    public init() {}

    /// Applies `change` (a `settings` record) to `settings`; `pending` are the fields of unpushed local patches.
    public mutating func apply(
        _ patch: SharedSettingsPatch, author: DeviceMode, to settings: SharedSettings, pending: Set<SharedSettingField>
    ) -> SharedSettings {
        var kept: [SharedSettingField: SharedSettingValue] = [:]
        for (field, value) in patch.values {
            if author == .childDevice, lastAuthor[field] == .parentDevice { continue }
            lastAuthor[field] = author
            if !pending.contains(field) { kept[field] = value }
        }
        return SharedSettingsPatch(kept).applied(to: settings)
    }
}

/// Where a personal device's settings sync stands: the merge's memory of authors, the shared settings as
/// last synced (local changes are the difference from them), and the last settings change applied.
public struct SettingsSyncState: Codable, Hashable, Sendable {
    public var merge: SettingsMerge
    public var lastShared: SharedSettings?
    public var appliedSeq: Int64

    /// The state of a device that never synced settings.
    public init(merge: SettingsMerge = SettingsMerge(), lastShared: SharedSettings? = nil, appliedSeq: Int64 = 0) {
        self.merge = merge
        self.lastShared = lastShared
        self.appliedSeq = appliedSeq
    }
}

extension SharedSettingsPatch {
    /// The configuration changes that take a device from `old` to `new`: what the engines apply, so a
    /// running break cycle reschedules.
    public static func changes(from old: SharedSettings, to new: SharedSettings) -> [ConfigurationChange] {
        var changes: [ConfigurationChange] = []
        for kind in BreakKind.allCases where old.breaks[kind] != new.breaks[kind] {
            let before = old.breaks[kind], after = new.breaks[kind]
            changes.append(.breakKind(
                kind,
                intervalMinutes: before.intervalMinutes == after.intervalMinutes ? nil : after.intervalMinutes,
                durationSeconds: before.durationSeconds == after.durationSeconds ? nil : after.durationSeconds,
                enabled: before.enabled == after.enabled ? nil : after.enabled
            ))
        }
        if old.breaks.snoozeMinutes != new.breaks.snoozeMinutes { changes.append(.snooze(minutes: new.breaks.snoozeMinutes)) }
        if old.breaks.retentionDays != new.breaks.retentionDays { changes.append(.retention(days: new.breaks.retentionDays)) }
        if old.breaks.workingHours != new.breaks.workingHours { changes.append(.workingHours(new.breaks.workingHours)) }
        for setting in FocusSetting.allCases where old.focus[setting] != new.focus[setting] {
            changes.append(.focus(setting, value: new.focus[setting]))
        }
        if old.focus.holdBreaksDuringFocus != new.focus.holdBreaksDuringFocus {
            changes.append(.holdBreaksDuringFocus(new.focus.holdBreaksDuringFocus))
        }
        return changes
    }
}
