import Foundation

import LockOutCore

/// Reading what a page's form sent: `application/x-www-form-urlencoded` fields, turned into the
/// engine's commands, or into a message per field that was wrong.
public enum WebForm {
    /// The hidden field that carries the session's anti-forgery token.
    public static let csrfField = "csrf"

    /// The fields of an `application/x-www-form-urlencoded` body (`+` is a space; the last of a repeated
    /// name wins), or nil when its percent-encoding is broken.
    public static func fields(_ body: String) -> [String: String]? {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String? { text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
            guard let name = decode(parts[0]), let value = decode(parts.dropFirst().first ?? "") else { return nil }
            fields[name] = value
        }
        return fields
    }

    /// A whole number within `range`, or the message to show next to the field.
    static func integer(_ text: String?, in range: ClosedRange<Int>, unit: String) -> Result<Int, FieldError> {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .failure(FieldError("Enter a number from \(range.lowerBound) to \(range.upperBound) \(unit).")) }
        guard let value = Int(trimmed) else {
            return .failure(FieldError("“\(trimmed.prefix(40))” is not a whole number: enter \(range.lowerBound) to \(range.upperBound) \(unit)."))
        }
        guard range.contains(value) else {
            return .failure(FieldError("\(value) \(unit) is out of range: enter \(range.lowerBound) to \(range.upperBound) \(unit)."))
        }
        return .success(value)
    }

    /// A time of day as `HH:MM` (24:00 allowed as the end of the day), in minutes after midnight.
    static func clockMinutes(_ text: String?) -> Result<Int, FieldError> {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) }),
              let hours = Int(parts[0]), let minutes = Int(parts[1]),
              (0...59).contains(minutes), (0...23).contains(hours) || (hours == 24 && minutes == 0)
        else {
            return .failure(FieldError(trimmed.isEmpty ? "Enter a time like 09:00." : "“\(trimmed.prefix(40))” is not a time: use HH:MM, like 09:00."))
        }
        return .success(hours * 60 + minutes)
    }

    /// What was wrong with one field, as a person reads it.
    struct FieldError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }
}

/// A form that was refused: the state to show it again with.
public struct FormRefusal: Error, Sendable, Equatable {
    public let form: FormState
}

/// The Dashboard's buttons: one break command each.
public enum BreakActionForm {
    /// The minutes the Dashboard's pause menu offers.
    public static let pauseChoices = [15, 30, 60, 120]

    /// The command a Dashboard button sent, or what was wrong with it.
    public static func command(_ fields: [String: String]) -> Result<BreakCommand, FormRefusal> {
        let kind = fields["kind"].flatMap(BreakKind.init(rawValue:))
        func refuse(_ message: String) -> Result<BreakCommand, FormRefusal> {
            .failure(FormRefusal(form: FormState(values: fields, errors: ["command": message])))
        }
        if let text = fields["kind"], kind == nil { return refuse("There is no break kind “\(text.prefix(40))”.") }
        switch fields["command"] {
        case "done": return .success(.done(kind))
        case "snooze": return .success(.snooze(kind))
        case "skip": return .success(.skip(kind))
        case "take-now": return .success(.takeBreakNow(kind))
        case "pause":
            switch WebForm.integer(fields["minutes"], in: 1...1440, unit: "minutes") {
            case .success(let minutes): return .success(.pause(seconds: minutes * 60))
            case .failure(let error): return refuse(error.message)
            }
        case "pause-tomorrow": return .success(.pauseUntilTomorrow)
        case "resume": return .success(.resume)
        case "start": return .success(.start)
        case "stop": return .success(.stop)
        case "enable", "disable":
            guard let kind else { return refuse("Choose a break kind to turn on or off.") }
            return .success(.setKind(kind, intervalMinutes: nil, durationSeconds: nil, enabled: fields["command"] == "enable"))
        case let other:
            return refuse(other.map { "“\($0.prefix(40))” is not something the Dashboard can do." } ?? "The form named no action.")
        }
    }
}

/// The Schedule form: each kind's switch, interval and duration, and the working hours of each weekday.
///
/// Field names: `eye-enabled`, `eye-interval`, `eye-duration` (and `micro-…`, `long-…`);
/// `hours-2-on`, `hours-2-start`, `hours-2-end` for Monday (weekdays as `Calendar` numbers them, 1 is Sunday).
public enum ScheduleForm {
    /// The commands that set what the form says, or the form with a message per wrong field. All or nothing:
    /// with one field wrong, no command is returned.
    public static func commands(_ fields: [String: String]) -> Result<[BreakCommand], FormRefusal> {
        var errors: [String: String] = [:]
        var commands: [BreakCommand] = []
        for kind in BreakKind.allCases {
            let interval = WebForm.integer(fields["\(kind.rawValue)-interval"], in: BreakSettings.intervalRange, unit: "minutes")
            let duration = WebForm.integer(fields["\(kind.rawValue)-duration"], in: BreakSettings.durationRange, unit: "seconds")
            switch (interval, duration) {
            case (.success(let minutes), .success(let seconds)):
                commands.append(.setKind(kind, intervalMinutes: minutes, durationSeconds: seconds, enabled: fields["\(kind.rawValue)-enabled"] != nil))
            default:
                if case .failure(let error) = interval { errors["\(kind.rawValue)-interval"] = error.message }
                if case .failure(let error) = duration { errors["\(kind.rawValue)-duration"] = error.message }
            }
        }
        var windows: [Int: WorkingHours.Window] = [:]
        for weekday in 1...7 where fields["hours-\(weekday)-on"] != nil {
            let start = WebForm.clockMinutes(fields["hours-\(weekday)-start"])
            let end = WebForm.clockMinutes(fields["hours-\(weekday)-end"])
            switch (start, end) {
            case (.success(let from), .success(let to)):
                if from < to {
                    windows[weekday] = WorkingHours.Window(startMinute: from, endMinute: to)
                } else {
                    errors["hours-\(weekday)-end"] = "The day must end after it starts."
                }
            default:
                if case .failure(let error) = start { errors["hours-\(weekday)-start"] = error.message }
                if case .failure(let error) = end { errors["hours-\(weekday)-end"] = error.message }
            }
        }
        guard errors.isEmpty else { return .failure(FormRefusal(form: FormState(values: fields, errors: errors))) }
        commands.append(.setWorkingHours(windows.isEmpty ? nil : WorkingHours(windows: windows)))
        return .success(commands)
    }
}

/// The Settings form: snooze length and how long history is kept.
public enum SettingsForm {
    /// The commands that set what the form says, or the form with a message per wrong field.
    public static func commands(_ fields: [String: String]) -> Result<[BreakCommand], FormRefusal> {
        let snooze = WebForm.integer(fields["snooze"], in: BreakSettings.snoozeRange, unit: "minutes")
        let retention = WebForm.integer(fields["retention"], in: BreakSettings.retentionRange, unit: "days")
        switch (snooze, retention) {
        case (.success(let minutes), .success(let days)):
            return .success([.setSnooze(minutes: minutes), .setRetention(days: days)])
        default:
            var errors: [String: String] = [:]
            if case .failure(let error) = snooze { errors["snooze"] = error.message }
            if case .failure(let error) = retention { errors["retention"] = error.message }
            return .failure(FormRefusal(form: FormState(values: fields, errors: errors)))
        }
    }
}
