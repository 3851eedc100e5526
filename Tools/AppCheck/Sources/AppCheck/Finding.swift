/// The checks the tool runs, by the name each finding prints.
public enum Rule: String, CaseIterable, Sendable, Comparable {
    /// Every LockOut type and member the apps name exists in the public interface of the Linux-built modules.
    case names
    /// Views render: no arithmetic, no ordering, no ranges, no clock or date math, numbers only as call arguments.
    case views
    /// Every file that declares a view has a `#Preview`.
    case previews
    /// Every import active for a destination is available there.
    case imports
    /// Extensions import only Foundation, SwiftUI, LockOutShared and their own frameworks.
    case extensions
    /// AlarmKit code is marked for iOS 26 and only reached behind `#available`; ActivityKit only in iOS code.
    case availability
    /// `project.yml`, the property lists and the entitlements agree with the code and with Apple's names.
    case config
    /// Every package and product `project.yml` links exists (products read from each local package's manifest), every
    /// target it names is declared, and each target links the package modules its sources import, and no other.
    case packages
    /// The xcconfig files the workflows pass with `-xcconfig` (and the settings they pass to `xcodebuild`) reach
    /// every package target too: they set signing alone, never a compiler or warning setting.
    case xcconfig

    public static func < (lhs: Rule, rhs: Rule) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One thing a check found wrong, at a place in a file.
public struct Finding: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// What a finding's path is relative to.
    public enum Base: Hashable, Sendable {
        /// The checked directory (Apps/ or a copy).
        case apps
        /// The repository: a workflow, or a file outside the apps' directory.
        case repository
    }

    /// The file, relative to `base`.
    public let path: String
    public let line: Int
    public let column: Int
    public let rule: Rule
    public let message: String
    public let base: Base

    public init(path: String, line: Int, column: Int, rule: Rule, message: String, base: Base = .apps) {
        self.path = path
        self.line = line
        self.column = column
        self.rule = rule
        self.message = message
        self.base = base
    }

    /// `path:line:col: rule: message`.
    public var description: String { "\(path):\(line):\(column): \(rule.rawValue): \(message)" }

    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        (lhs.path, lhs.line, lhs.column, lhs.rule, lhs.message) < (rhs.path, rhs.line, rhs.column, rhs.rule, rhs.message)
    }
}
