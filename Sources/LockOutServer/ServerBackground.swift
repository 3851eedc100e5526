import Foundation
import LockOutCore
import Logging
import ServiceLifecycle

/// The server's work besides requests: the event streams' heartbeat, pruning old usage history and
/// tombstones, and listening for other instances' commits.
struct ServerBackground: Service {
    /// Tombstones (deleted records) are kept this long; a change token older than the newest pruned one gets a full resync.
    static let tombstoneLifetime: TimeInterval = 30 * 86_400
    static let pruneEvery: Duration = .seconds(6 * 3600)

    let storage: any FamilyStorage & FamilyChangeFeed
    let notifier: ChangeNotifier
    let metrics: ServerMetrics
    let configuration: FamilyServer.Configuration
    let logger: Logger

    func run() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await beat() }
            group.addTask { try await pruneRegularly() }
            // A backend with nothing to listen to returns at once: then this task waits for the shutdown too.
            group.addTask {
                try await storage.listen(publishing: notifier)
                try await gracefulShutdown()
            }
            group.addTask { try await gracefulShutdown() }
            // The first to end is the shutdown (or a failure): stop the rest.
            _ = try await group.next()
            group.cancelAll()
        }
    }

    private func beat() async throws {
        while !Task.isCancelled {
            try await Task.sleep(for: configuration.heartbeat)
            notifier.heartbeat()
            metrics.streams(notifier.streamCount)
        }
    }

    private func pruneRegularly() async throws {
        while !Task.isCancelled {
            await pruneOnce()
            try await Task.sleep(for: Self.pruneEvery)
        }
    }

    /// Deletes usage history older than the retention, old tombstones and expired pairings.
    func pruneOnce() async {
        let now = configuration.now()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        // A day more than the retention: a device's local day may run ahead of UTC.
        let before = LocalDate(now, in: calendar).adding(days: -(configuration.retentionDays + 1), in: calendar)
        do {
            let count = try await storage.prune(usageBefore: before, tombstonesBefore: now - Self.tombstoneLifetime, now: now)
            if count > 0 { logger.info("pruned", metadata: ["rows": "\(count)", "usageBefore": "\(before)"]) }
        } catch {
            logger.error("pruning failed", metadata: ["error": "\(error)"])
        }
    }
}
