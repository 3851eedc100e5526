import Foundation
import LockOutCore
import PostgresNIO

extension PostgresFamilyStorage: FamilyChangeFeed {
    /// LISTENs on a connection of its own and publishes every instance's commits; a dropped connection is
    /// opened again after a short wait, until cancelled.
    public func listen(publishing notifier: ChangeNotifier) async throws {
        var failures = 0
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: Self.channel) { notifications in
                        failures = 0
                        for try await notification in notifications {
                            if let poke = Self.poke(notification.payload) { notifier.publish(poke) }
                        }
                    }
                }
            } catch is CancellationError {
                return
            } catch {
                failures += 1
                logger.warning("listening for commits failed; listening again", metadata: ["error": "\(error)"])
            }
            try await Task.sleep(for: .milliseconds(min(5_000, 100 * (1 << min(failures, 6)))))
        }
    }

    public var deliversOwnCommits: Bool { true }

    public func isActive(_ caller: Caller) async throws -> Bool {
        let rows = try await client.query("""
            SELECT 1 FROM device WHERE id = \(caller.device.description) AND familyID = \(caller.family.description) AND revokedAt IS NULL
            """, logger: logger)
        return try await Self.count(rows) > 0
    }

    /// `FAMILY|SEQ|WRITER` as a poke.
    static func poke(_ payload: String) -> FamilyPoke? {
        let parts = payload.split(separator: "|").map(String.init)
        guard parts.count == 3, let family = FamilyID(uuidString: parts[0]), let seq = Int64(parts[1]),
              let writer = DeviceID(uuidString: parts[2]) else { return nil }
        return FamilyPoke(family: family, seq: seq, writer: writer)
    }
}
