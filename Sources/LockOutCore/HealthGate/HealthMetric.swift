import Foundation

/// What the health gate measures: the totals a day's goals are compared with.
public enum HealthMetric: String, CaseIterable, Codable, Hashable, Sendable {
    /// Steps walked.
    case steps
    /// Active energy burned, in kilocalories.
    case activeEnergy = "energy"
    /// Minutes of exercise, any activity.
    case exerciseMinutes = "exercise"

    /// The unit a value is counted in, for messages: `steps`, `kcal`, `min`.
    public var unit: String {
        switch self {
        case .steps: "steps"
        case .activeEnergy: "kcal"
        case .exerciseMinutes: "min"
        }
    }

    /// Parses a metric as typed on the command line: `steps`, `energy` or `exercise`.
    public init?(parsing text: String) {
        self.init(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased())
    }
}

/// One local day's totals per metric, from every source together.
public struct HealthTotals: Codable, Hashable, Sendable {
    /// The local day the totals belong to.
    public let day: LocalDate
    /// Steps, kilocalories and minutes; a metric with no data is 0.
    public var values: [HealthMetric: Double]

    /// Totals for `day`, zero where not given.
    public init(day: LocalDate, values: [HealthMetric: Double] = [:]) {
        self.day = day
        self.values = values
    }

    /// The total of `metric`, 0 without data.
    public subscript(metric: HealthMetric) -> Double {
        get { values[metric] ?? 0 }
        set { values[metric] = newValue }
    }
}
