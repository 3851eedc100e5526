import Foundation

/// What `lockout-bench stats` was asked to do.
struct StatsBenchOptions {
    static let usage = "usage: lockout-bench stats [--sessions 1000000] [--years 10] [--db PATH] [--runs 50]"

    /// What was wrong with the command line.
    enum UsageError: Error, CustomStringConvertible {
        case unknownCommand(String?)
        case unknownOption(String)
        case missingValue(option: String)
        case invalidValue(option: String, value: String)

        var description: String {
            switch self {
            case .unknownCommand(let name): "unknown command \(name.map { "'\($0)'" } ?? "(none)"): the only one is 'stats'"
            case .unknownOption(let option): "unknown option \(option)"
            case .missingValue(let option): "\(option) needs a value"
            case .invalidValue(let option, let value): "\(option) must be a positive whole number, not '\(value)'"
            }
        }
    }

    /// How many sessions the history holds.
    var sessions = 1_000_000
    /// How many years (of 365 days) the history spans, ending today.
    var years = 10
    /// The SQLite file: created when missing, reused when it already holds this history.
    var database = URL(fileURLWithPath: ".build/bench-stats/lockout.sqlite")
    /// Timed runs of each measurement, after one warm-up run.
    var runs = 50

    init(arguments: [String]) throws(UsageError) {
        guard arguments.first == "stats" else { throw .unknownCommand(arguments.first) }
        var rest = arguments.dropFirst()
        while let option = rest.popFirst() {
            guard let value = rest.popFirst() else { throw .missingValue(option: option) }
            switch option {
            case "--sessions": sessions = try Self.positive(value, option)
            case "--years": years = try Self.positive(value, option)
            case "--runs": runs = try Self.positive(value, option)
            case "--db": database = URL(fileURLWithPath: value)
            default: throw .unknownOption(option)
            }
        }
    }

    private static func positive(_ text: String, _ option: String) throws(UsageError) -> Int {
        guard let value = Int(text), value > 0 else { throw .invalidValue(option: option, value: text) }
        return value
    }
}
