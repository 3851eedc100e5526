import Foundation

/// How many breaks were completed and skipped on one local day.
public struct DayStat: Codable, Hashable, Sendable {
    public let date: LocalDate
    public let completed: Int
    public let skipped: Int
    /// Of the completed, those taken by stepping away (natural breaks).
    public let natural: Int

    public init(date: LocalDate, completed: Int, skipped: Int, natural: Int = 0) {
        self.date = date
        self.completed = completed
        self.skipped = skipped
        self.natural = natural
    }

    private enum CodingKeys: String, CodingKey { case date, completed, skipped, natural }

    /// Reads a day; one stored or sent before natural breaks existed has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            date: try container.decode(LocalDate.self, forKey: .date),
            completed: try container.decode(Int.self, forKey: .completed),
            skipped: try container.decode(Int.self, forKey: .skipped),
            natural: try container.decodeIfPresent(Int.self, forKey: .natural) ?? 0
        )
    }

    /// Breaks that fell due that day.
    public var total: Int { completed + skipped }

    /// `completed / max(completed + skipped, 1)`: 0 for a day with no breaks.
    public var complianceRate: Double { Double(completed) / Double(max(total, 1)) }
}
