import Foundation

/// A stored setting that was outside what it may be when read back (an older or hand-edited database),
/// and what it is read as instead: stored values are brought into range on reading, never trusted.
public struct SettingCorrection: Hashable, Sendable, CustomStringConvertible {
    /// The setting, as the CLI names it: `gate unlock-time`, `breaks eye interval`, `focus cycles`.
    public let setting: String
    /// What was stored, like `2000 minutes after midnight`.
    public let stored: String
    /// What it is read as, like `1439 minutes after midnight`.
    public let corrected: String
    /// Why the stored value could not stand, like `outside 0...1439`.
    public let reason: String

    /// A correction of `setting` from `stored` to `corrected`, for `reason`.
    public init(setting: String, stored: String, corrected: String, reason: String) {
        self.setting = setting
        self.stored = stored
        self.corrected = corrected
        self.reason = reason
    }

    /// `gate unlock-time: stored 2000 minutes after midnight is outside 0...1439, read as 1439 minutes after midnight`.
    public var description: String {
        "\(setting): stored \(stored) is \(reason), read as \(corrected)"
    }
}

/// Brings stored numbers into their ranges and notes what it changed.
public struct SettingCorrector: Sendable {
    /// What was changed so far, in the order found.
    public private(set) var corrections: [SettingCorrection] = []

    /// A corrector with nothing changed yet.
    public init() {}

    /// `value` clamped into `allowed`, noting the change under `setting` with `unit`.
    public mutating func clamp(_ value: Int, to allowed: ClosedRange<Int>, setting: String, unit: String) -> Int {
        let clamped = min(max(value, allowed.lowerBound), allowed.upperBound)
        if clamped != value {
            note(setting, "\(value) \(unit)", "\(clamped) \(unit)", "outside \(allowed.lowerBound)...\(allowed.upperBound)")
        }
        return clamped
    }

    /// `value` clamped into `allowed`, noting the change under `setting` with values written by `text`, like `23:59`.
    public mutating func clamp(_ value: Int, to allowed: ClosedRange<Int>, setting: String, text: (Int) -> String) -> Int {
        let clamped = min(max(value, allowed.lowerBound), allowed.upperBound)
        if clamped != value {
            note(setting, text(value), text(clamped), "outside \(text(allowed.lowerBound))...\(text(allowed.upperBound))")
        }
        return clamped
    }

    /// Notes a change that is not a plain clamp, like a dropped entry.
    public mutating func note(_ setting: String, _ stored: String, _ corrected: String, _ reason: String) {
        corrections.append(SettingCorrection(setting: setting, stored: stored, corrected: corrected, reason: reason))
    }
}
