import Foundation
import GRDB
import LockOutCore

extension SQLiteFamilyStorage: FamilyChangeFeed {
    /// One process owns a SQLite server: it publishes its own commits, so there is nothing to listen to.
    public func listen(publishing notifier: ChangeNotifier) async throws {}

    public var deliversOwnCommits: Bool { false }

    public func isActive(_ caller: Caller) async throws -> Bool {
        try read { db in (try? Self.activeRole(db, caller)) != nil }
    }
}
