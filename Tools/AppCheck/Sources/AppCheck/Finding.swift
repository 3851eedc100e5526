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

    public static func < (lhs: Rule, rhs: Rule) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One thing a check found wrong, at a place in a file.
public struct Finding: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file, relative to the checked directory.
    public let path: String
    public let line: Int
    public let column: Int
    public let rule: Rule
    public let message: String

    public init(path: String, line: Int, column: Int, rule: Rule, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.rule = rule
        self.message = message
    }

    /// `path:line:col: rule: message`.
    public var description: String { "\(path):\(line):\(column): \(rule.rawValue): \(message)" }

    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        (lhs.path, lhs.line, lhs.column, lhs.rule, lhs.message) < (rhs.path, rhs.line, rhs.column, rhs.rule, rhs.message)
    }
}
