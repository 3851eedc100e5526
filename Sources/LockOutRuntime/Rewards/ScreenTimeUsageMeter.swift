import Foundation
import LockOutCore
import Logging

/// Learning time on iPhone and iPad: the thresholds Screen Time told the activity monitor extension, which recorded
/// them in the App Group (`LockOutShared.LearningThresholdLog`'s files, read with Core's `LearningThresholdLines`),
/// read back as usage sessions for the rewards engine.
///
/// Nothing here wakes by itself: the extension records while the app sleeps, and the app reads when it runs — at the
/// agent's start and before it moves rewards time on (``untoldSessions(now:categories:)``, so a day's minutes count on their day
/// even when read the next morning), and whenever the app asks (``collect()``: on coming to the foreground, in a
/// background refresh). Each program and day is one session whose id never changes and whose active time is the most
/// minutes reached, so reading again, or a threshold told twice, counts nothing twice; a record the extension was
/// killed writing is skipped, and every whole one before and after it counts.
public final class ScreenTimeUsageMeter: UsageMetering, @unchecked Sendable {
    /// Days of records kept, today included; older files are removed as the meter reads.
    public static let keptDays = 8

    private let directory: URL
    private let calendar: Calendar
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let lock = NSLock()
    // Guarded by `lock`.
    private var categories: [String: ProgramCategory] = [:]
    private var onWrite: (@Sendable ([UsageSession]) -> Void)?
    private var told: [UUID: Int] = [:]

    /// A meter over the records in `directory` (the App Group container's `LearningThresholds` folder).
    public init(
        directory: URL, calendar: Calendar, now: @escaping @Sendable () -> Date, logger: Logger = Logger(label: "lockout.usage")
    ) {
        self.directory = directory
        self.calendar = calendar
        self.now = now
        self.logger = logger
    }

    /// How usage is measured, as the rewards screen shows it.
    public var method: String { "screen-time thresholds" }

    /// Starts telling `onWrite` what the records add for the learning programs in `categories`; tells at once
    /// what they hold now.
    public func start(categories: [String: ProgramCategory], onWrite: @escaping @Sendable ([UsageSession]) -> Void) {
        lock.withLock {
            self.categories = categories
            self.onWrite = onWrite
        }
        collect()
    }

    /// Counts the learning programs in `categories` from now on.
    public func update(categories: [String: ProgramCategory]) {
        lock.withLock { self.categories = categories }
        collect()
    }

    /// Stops telling.
    public func stop() {
        lock.withLock { onWrite = nil }
    }

    /// What the records add for the learning programs of `categories` since they were last read, marked as told.
    public func untoldSessions(now: Date, categories: [String: ProgramCategory]) -> [UsageSession] {
        lock.withLock {
            self.categories = categories
            return take(now: now)
        }
    }

    /// Reads the records and tells what they add; nothing before ``start(categories:onWrite:)`` or after ``stop()``.
    public func collect() {
        let told: (sessions: [UsageSession], onWrite: @Sendable ([UsageSession]) -> Void)? = lock.withLock {
            guard let onWrite else { return nil }
            return (take(now: now()), onWrite)
        }
        if let told, !told.sessions.isEmpty { told.onWrite(told.sessions) }
    }

    /// The sessions of every whole record in the kept days that add minutes to what was told. Needs `lock`.
    private func take(now: Date) -> [UsageSession] {
        guard categories.values.contains(.learning) else { return [] }
        let sessions = ThresholdUsage.sessions(from: readRecords(now: now), categories: categories, calendar: calendar)
        let added = sessions.filter { session in told[session.id].map { session.activeSeconds > $0 } ?? true }
        for session in added { told[session.id] = session.activeSeconds }
        return added
    }

    private func readRecords(now: Date) -> [LearningThresholdRecord] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            return []  // nothing recorded yet
        }
        let oldest = LocalDate(now, in: calendar).adding(days: -(Self.keptDays - 1), in: calendar)
        var records: [LearningThresholdRecord] = []
        for name in names.sorted() {
            guard let day = LearningThresholdLines.day(ofFile: name) else { continue }
            let url = directory.appendingPathComponent(name, isDirectory: false)
            guard day >= oldest else {
                try? FileManager.default.removeItem(at: url)
                continue
            }
            do {
                let data = try Data(contentsOf: url)
                records += LearningThresholdLines.records(in: String(decoding: data, as: UTF8.self), day: day)
            } catch {
                logger.warning("learning time of \(day) not read: \(error)")
            }
        }
        return records
    }
}
