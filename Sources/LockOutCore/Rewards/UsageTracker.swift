import Foundation

/// Turns activity readings into usage sessions (pure): one open session a marked program in use, active
/// time added between readings (idle past the timeout excluded), sessions closed when their program is no
/// longer in use and split at local midnight, so each counts on the day it ends.
///
/// What it hands back to be written: every session that opened, closed or split, and each open one again
/// once `writeEvery` has passed since it was last written — a kill loses at most that much.
public struct UsageTracker: Sendable {
    /// An open session is written again after this long.
    public static let writeEvery: TimeInterval = 60

    private struct Open: Sendable {
        var session: UsageSession
        var active: TimeInterval
        var writtenAt: Date
    }

    /// The programs measured, with their categories (learning and reward; others are left alone).
    public private(set) var categories: [String: ProgramCategory] = [:]
    private var open: [String: Open] = [:]
    private var lastReadingAt: Date?
    public let calendar: Calendar

    public init(calendar: Calendar) {
        self.calendar = calendar
    }

    /// Whether a session is open: readings are then worth taking every few seconds.
    public var isMeasuring: Bool { !open.isEmpty }

    /// The programs with an open session.
    public var programsInUse: [String] { open.keys.sorted() }

    /// Sets which programs are measured; a session of a program no longer measured closes at `now`.
    public mutating func setCategories(_ categories: [String: ProgramCategory], now: Date) -> [UsageSession] {
        self.categories = categories.filter { $0.value != .none }
        var written: [UsageSession] = []
        for (program, current) in open where self.categories[program] != current.session.category {
            written.append(close(program, at: max(now, current.session.end)))
        }
        return written
    }

    /// Takes a reading at `now`; returns the sessions to write.
    public mutating func observe(_ reading: ActivityReading, at now: Date, newID: () -> UUID) -> [UsageSession] {
        var written: [UsageSession] = []
        let last = lastReadingAt ?? now
        lastReadingAt = now
        guard now >= last else {  // the clock went back: close what is open, start again from now
            for program in open.keys.sorted() { written.append(close(program, at: open[program]!.session.end)) }
            return written + start(reading, at: now, newID: newID)
        }
        var from = last
        let midnight = LocalDate(now, in: calendar).start(in: calendar)
        if from < midnight, !open.isEmpty {
            // The part before midnight counts on the day that ends there; the idle reading is moved back with it.
            let idleAtMidnight = reading.idleSeconds.map { max(0, $0 - now.timeIntervalSince(midnight)) }
            add(from: from, to: midnight, idle: idleAtMidnight, locked: reading.locked)
            for program in open.keys.sorted() {
                let category = open[program]!.session.category
                written.append(close(program, at: midnight))
                open[program] = Open(
                    session: UsageSession(id: newID(), program: program, category: category, start: midnight, end: midnight, activeSeconds: 0),
                    active: 0, writtenAt: midnight
                )
            }
            from = midnight
        }
        add(from: from, to: now, idle: reading.idleSeconds, locked: reading.locked)
        let inUse = reading.programsInUse.filter { categories[$0] != nil }
        for program in open.keys.sorted() where !inUse.contains(program) {
            written.append(close(program, at: now))
        }
        written += start(reading, at: now, newID: newID)
        for program in open.keys.sorted() where now.timeIntervalSince(open[program]!.writtenAt) >= Self.writeEvery {
            open[program]!.writtenAt = now
            written.append(open[program]!.session)
        }
        return written
    }

    /// Closes every open session at `now` (the agent stops).
    public mutating func closeAll(at now: Date) -> [UsageSession] {
        open.keys.sorted().map { close($0, at: max(now, open[$0]!.session.end)) }
    }

    private mutating func start(_ reading: ActivityReading, at now: Date, newID: () -> UUID) -> [UsageSession] {
        var written: [UsageSession] = []
        for program in reading.programsInUse.sorted() where open[program] == nil {
            guard let category = categories[program] else { continue }
            let session = UsageSession(id: newID(), program: program, category: category, start: now, end: now, activeSeconds: 0)
            open[program] = Open(session: session, active: 0, writtenAt: now)
            written.append(session)
        }
        return written
    }

    private mutating func add(from: Date, to: Date, idle: TimeInterval?, locked: Bool) {
        let active = EffectiveTime.activeSeconds(from: from, to: to, idleSeconds: idle, locked: locked)
        for program in open.keys {
            open[program]!.active += active
            open[program]!.session.end = to
            open[program]!.session.activeSeconds = Int(open[program]!.active.rounded(.down))
        }
    }

    private mutating func close(_ program: String, at end: Date) -> UsageSession {
        var session = open.removeValue(forKey: program)!.session
        session.end = max(session.end, end)
        return session
    }
}
