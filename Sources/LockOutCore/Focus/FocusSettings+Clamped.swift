import Foundation

extension FocusSettings {
    /// These settings as they may be, with what had to change: every duration and the cycles clamped into their ranges.
    public func clamped() -> (settings: FocusSettings, corrections: [SettingCorrection]) {
        var corrector = SettingCorrector()
        var copy = self
        for setting in FocusSetting.allCases {
            copy[setting] = corrector.clamp(self[setting], to: setting.allowed, setting: "focus \(setting.rawValue)", unit: setting.unit)
        }
        return (copy, corrector.corrections)
    }
}
