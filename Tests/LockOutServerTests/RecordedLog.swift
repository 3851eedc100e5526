import Logging
import Synchronization

/// Every record a logger wrote, kept so that a test can read what was logged and at which level, and wait for a
/// record instead of for time.
final class RecordedLog: Sendable {
    /// One record.
    struct Record: Sendable, CustomStringConvertible {
        let level: Logger.Level
        let message: String
        let metadata: Logger.Metadata

        var description: String { "\(level) \(message) \(metadata)" }
    }

    private struct Waiter {
        let matches: @Sendable (Record) -> Bool
        let continuation: CheckedContinuation<Record, Never>
    }

    private let state = Mutex<(records: [Record], waiters: [Waiter])>(([], []))

    /// The records so far, oldest first.
    var records: [Record] { state.withLock { $0.records } }

    /// A logger that writes here, at every level.
    var logger: Logger {
        var logger = Logger(label: "lockout.server.test") { _ in Handler(log: self) }
        logger.logLevel = .trace
        return logger
    }

    /// The first record that `matches`, once one is logged.
    func first(where matches: @escaping @Sendable (Record) -> Bool) async -> Record {
        await withCheckedContinuation { continuation in
            let found = state.withLock { state -> Record? in
                if let record = state.records.first(where: matches) { return record }
                state.waiters.append(Waiter(matches: matches, continuation: continuation))
                return nil
            }
            if let found { continuation.resume(returning: found) }
        }
    }

    fileprivate func keep(_ record: Record) {
        let woken = state.withLock { state -> [Waiter] in
            state.records.append(record)
            let woken = state.waiters.filter { $0.matches(record) }
            state.waiters.removeAll { $0.matches(record) }
            return woken
        }
        for waiter in woken { waiter.continuation.resume(returning: record) }
    }

    private struct Handler: LogHandler {
        let log: RecordedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            log.keep(Record(level: event.level, message: "\(event.message)", metadata: metadata.merging(event.metadata ?? [:]) { $1 }))
        }
    }
}
