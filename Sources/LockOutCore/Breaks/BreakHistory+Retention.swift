import Foundation

extension BreakHistory {
    /// Keeps the last `retentionDays` local days, today included, and deletes older sessions;
    /// returns how many went.
    @discardableResult
    public func pruneHistory(retentionDays: Int, today: LocalDate, calendar: Calendar) throws -> Int {
        guard BreakSettings.retentionRange.contains(retentionDays) else {
            throw BreakInputError.retentionOutOfRange(days: retentionDays, allowed: BreakSettings.retentionRange)
        }
        return try prune(before: today.adding(days: -(retentionDays - 1), in: calendar))
    }
}
