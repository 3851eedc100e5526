import Foundation

extension BreakSettings {
    /// These settings as they may be, with what had to change: every interval, duration, the snooze and
    /// the retention clamped into their ranges; a working-hours window on a weekday outside 1...7, or one
    /// that is empty or reversed once its times are clamped into 00:00...24:00, left out.
    public func clamped() -> (settings: BreakSettings, corrections: [SettingCorrection]) {
        var corrector = SettingCorrector()
        var copy = self
        for kind in BreakKind.allCases {
            let name = "breaks \(kind.rawValue)"
            copy[kind].intervalMinutes = corrector.clamp(self[kind].intervalMinutes, to: Self.intervalRange, setting: "\(name) interval", unit: "min")
            copy[kind].durationSeconds = corrector.clamp(self[kind].durationSeconds, to: Self.durationRange, setting: "\(name) duration", unit: "s")
        }
        copy.snoozeMinutes = corrector.clamp(snoozeMinutes, to: Self.snoozeRange, setting: "breaks snooze", unit: "min")
        copy.retentionDays = corrector.clamp(retentionDays, to: Self.retentionRange, setting: "breaks retention", unit: "days")
        copy.workingHours = workingHours.map { $0.clamped(with: &corrector) }
        return (copy, corrector.corrections)
    }
}

extension WorkingHours {
    /// The windows that can stand, their times clamped into the day.
    func clamped(with corrector: inout SettingCorrector) -> WorkingHours {
        var windows: [Int: Window] = [:]
        for (weekday, window) in self.windows.sorted(by: { $0.key < $1.key }) {
            let name = "breaks working hours, weekday \(weekday)"
            guard (1...7).contains(weekday) else {
                corrector.note(name, "a window", "no window", "not a weekday 1...7")
                continue
            }
            let start = corrector.clamp(window.startMinute, to: 0...1439, setting: "\(name) start", unit: "minutes after midnight")
            let end = corrector.clamp(window.endMinute, to: 1...1440, setting: "\(name) end", unit: "minutes after midnight")
            guard start < end else {
                corrector.note(name, "\(start)...\(end) minutes after midnight", "no window", "empty or reversed")
                continue
            }
            windows[weekday] = Window(startMinute: start, endMinute: end)
        }
        return WorkingHours(windows: windows)
    }
}
