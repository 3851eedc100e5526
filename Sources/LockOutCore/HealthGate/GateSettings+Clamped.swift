import Foundation

extension GateSettings {
    /// These settings as they may be, with what had to change: every target clamped into its goal's
    /// range (the unlock time to 00:00...23:59, so 2000 minutes reads as 23:59), steps rounded to the
    /// nearest 500 (halves up, 8,250 → 8,500, the stricter side), an empty set of chosen days read as
    /// every day, and a blocked app that may not be blocked, or is listed twice, left out.
    public func clamped() -> (settings: GateSettings, corrections: [SettingCorrection]) {
        var corrector = SettingCorrector()
        let settings = clamped(with: &corrector)
        return (settings, corrector.corrections)
    }

    /// These settings clamped, noting the changes in `corrector` (`prefix` names a held copy).
    func clamped(with corrector: inout SettingCorrector, prefix: String = "gate") -> GateSettings {
        var copy = self
        for kind in GateGoalKind.allCases {
            let name = "\(prefix) \(kind.rawValue)"
            var target = kind == .unlockTime
                ? corrector.clamp(copy[kind].target, to: kind.allowed, setting: name) { $0 < 0 ? "\($0) minutes" : GateText.clock($0) }
                : corrector.clamp(copy[kind].target, to: kind.allowed, setting: name, unit: kind.unit)
            let remainder = target % kind.increment
            if remainder != 0 {
                let rounded = remainder * 2 >= kind.increment ? target - remainder + kind.increment : target - remainder
                let inRange = min(max(rounded, kind.allowed.lowerBound), kind.allowed.upperBound)
                corrector.note(name, "\(target) \(kind.unit)", "\(inRange) \(kind.unit)", "not a multiple of \(kind.increment)")
                target = inRange
            }
            copy[kind].target = target
            if case .chosen(let days) = copy[kind].schedule, days.isEmpty {
                copy[kind].schedule = .everyDay
                corrector.note("\(name) days", "no day", "every day", "empty")
            }
        }
        var seen: Set<String> = []
        copy.blockedApps = blockedApps.filter { app in
            guard ShieldPolicy.mayBlock(app.executable) else {
                corrector.note("\(prefix) block list", "'\(app.executable)'", "left out", "a program that may not be blocked")
                return false
            }
            guard seen.insert(app.executable).inserted else {
                corrector.note("\(prefix) block list", "'\(app.executable)' twice", "once", "a duplicate")
                return false
            }
            return true
        }
        return copy
    }
}

extension GateRecord {
    /// This record with its held edit clamped like ``GateSettings/clamped()``, with what had to change.
    public func clamped() -> (record: GateRecord, corrections: [SettingCorrection]) {
        var corrector = SettingCorrector()
        var copy = self
        copy.pendingSettings = pendingSettings?.clamped(with: &corrector, prefix: "held gate edit")
        return (copy, corrector.corrections)
    }
}
