import Foundation

/// How many breaks were completed and skipped on one local day.
public struct DayStat: Codable, Hashable, Sendable {
    public let date: LocalDate
    public let completed: Int
    public let skipped: Int

    public init(date: LocalDate, completed: Int, skipped: Int) {
        self.date = date
        self.completed = completed
        self.skipped = skipped
    }

    /// Breaks that fell due that day.
    public var total: Int { completed + skipped }

    /// `completed / max(completed + skipped, 1)`: 0 for a day with no breaks.
    public var complianceRate: Double { Double(completed) / Double(max(total, 1)) }
}
