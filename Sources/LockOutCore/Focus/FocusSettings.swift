import Foundation

/// One editable focus setting, named as the CLI spells it.
public enum FocusSetting: String, CaseIterable, Codable, Hashable, Sendable {
    /// The pomodoro focus segment, in minutes.
    case focus
    /// The pomodoro short break, in minutes.
    case shortBreak = "short-break"
    /// The pomodoro long break, in minutes.
    case longBreak = "long-break"
    /// How many completed focus segments earn a long break.
    case cycles
    /// The timer's duration, in minutes.
    case timer

    /// The values the setting may take.
    public var allowed: ClosedRange<Int> {
        switch self {
        case .focus: 5...120
        case .shortBreak: 1...30
        case .longBreak: 5...60
        case .cycles: 1...10
        case .timer: 1...240
        }
    }

    /// The unit a value is counted in, for messages.
    public var unit: String {
        switch self {
        case .focus, .shortBreak, .longBreak, .timer: "min"
        case .cycles: "cycles"
        }
    }

    /// Parses a setting name as typed on the command line.
    public init(parsing text: String) throws(FocusInputError) {
        guard let setting = FocusSetting(rawValue: text.lowercased()) else { throw .unknownSetting(text) }
        self = setting
    }
}

/// Everything a person can set about focus sessions; only valid values are ever stored.
public struct FocusSettings: Codable, Hashable, Sendable {
    /// The range of a duration given at start in timer and focus modes, in minutes.
    public static let startDurationRange = 1...240

    /// The timer's duration in minutes.
    public var timerMinutes: Int
    /// The pomodoro focus segment in minutes.
    public var focusMinutes: Int
    /// The pomodoro short break in minutes.
    public var shortBreakMinutes: Int
    /// The pomodoro long break in minutes.
    public var longBreakMinutes: Int
    /// A long break follows every `cycles`-th completed focus segment.
    public var cycles: Int
    /// Defer breaks while a focus segment runs, instead of letting them fall due.
    public var holdBreaksDuringFocus: Bool

    /// Settings with the given values, the defaults otherwise.
    public init(
        timerMinutes: Int = 25,
        focusMinutes: Int = 25,
        shortBreakMinutes: Int = 5,
        longBreakMinutes: Int = 15,
        cycles: Int = 4,
        holdBreaksDuringFocus: Bool = false
    ) {
        self.timerMinutes = timerMinutes
        self.focusMinutes = focusMinutes
        self.shortBreakMinutes = shortBreakMinutes
        self.longBreakMinutes = longBreakMinutes
        self.cycles = cycles
        self.holdBreaksDuringFocus = holdBreaksDuringFocus
    }

    /// The defaults of a new installation.
    public static let defaults = FocusSettings()

    /// The value of one setting.
    public subscript(setting: FocusSetting) -> Int {
        get {
            switch setting {
            case .focus: focusMinutes
            case .shortBreak: shortBreakMinutes
            case .longBreak: longBreakMinutes
            case .cycles: cycles
            case .timer: timerMinutes
            }
        }
        set {
            switch setting {
            case .focus: focusMinutes = newValue
            case .shortBreak: shortBreakMinutes = newValue
            case .longBreak: longBreakMinutes = newValue
            case .cycles: cycles = newValue
            case .timer: timerMinutes = newValue
            }
        }
    }

    /// Throws for the first value that lies outside its allowed range.
    public func validate() throws(FocusInputError) {
        for setting in FocusSetting.allCases where !setting.allowed.contains(self[setting]) {
            throw .settingOutOfRange(setting: setting, value: self[setting], allowed: setting.allowed)
        }
    }

    /// A copy with one setting changed, validated; the original is untouched when the value is out of range.
    public func updating(_ setting: FocusSetting, to value: Int) throws(FocusInputError) -> FocusSettings {
        var copy = self
        copy[setting] = value
        try copy.validate()
        return copy
    }

    /// How long a pomodoro segment lasts.
    public func duration(of segment: FocusSegment) -> TimeInterval {
        switch segment {
        case .focus: TimeInterval(focusMinutes * 60)
        case .shortBreak: TimeInterval(shortBreakMinutes * 60)
        case .longBreak: TimeInterval(longBreakMinutes * 60)
        }
    }
}
