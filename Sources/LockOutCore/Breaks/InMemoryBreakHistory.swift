import Foundation

/// A `BreakHistory` in memory, for tests and previews; behaves like the database one.
public final class InMemoryBreakHistory: BreakHistory, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [BreakSessionID: BreakSession] = [:]

    /// A history holding `sessions` (a repeated id keeps the first).
    public init(_ sessions: [BreakSession] = []) {
        save(sessions)
    }

    public func save(_ sessions: [BreakSession]) {
        lock.withLock {
            for session in sessions where stored[session.id] == nil {
                stored[session.id] = session
            }
        }
    }

    public func sessions(endedFrom from: Date, to: Date) -> [BreakSession] {
        lock.withLock {
            stored.values
                .filter { from <= $0.endedAt && $0.endedAt < to }
                .sorted { ($0.endedAt, $0.id.description) < ($1.endedAt, $1.id.description) }
        }
    }

    public func latestDay(endedFrom from: Date, through last: Date) -> LocalDate? {
        lock.withLock {
            stored.values.filter { from <= $0.endedAt && $0.endedAt <= last }.map(\.day).max()
        }
    }

    public func dayStats(from first: LocalDate, through last: LocalDate) -> [DayStat] {
        lock.withLock {
            var counts: [LocalDate: (completed: Int, skipped: Int, natural: Int)] = [:]
            for session in stored.values where first <= session.day && session.day <= last {
                switch session.outcome {
                case .completed: counts[session.day, default: (0, 0, 0)].completed += 1
                case .skipped: counts[session.day, default: (0, 0, 0)].skipped += 1
                }
                if session.natural { counts[session.day, default: (0, 0, 0)].natural += 1 }
            }
            return counts
                .map { DayStat(date: $0.key, completed: $0.value.completed, skipped: $0.value.skipped, natural: $0.value.natural) }
                .sorted { $0.date < $1.date }
        }
    }

    @discardableResult
    public func prune(before day: LocalDate) -> Int {
        lock.withLock {
            let old = stored.values.filter { $0.day < day }.map(\.id)
            for id in old { stored[id] = nil }
            return old.count
        }
    }
}
