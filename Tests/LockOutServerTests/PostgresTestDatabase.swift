import Foundation
import Logging
import LockOutServer
import PostgresNIO

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

    static var url: String {
        get throws {
            guard let url = Backend.environment["LOCKOUT_TEST_POSTGRES_URL"] else { throw Missing() }
            return url
        }
    }

    /// A new empty schema on the test server.
    static func freshSchema() async throws -> String {
        let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let storage = try await PostgresFamilyStorage(url: try url)
        defer { storage.close() }
        try await storage.client.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(schema)"))
        return schema
    }

    static func freshStorage() async throws -> any FamilyStorage & FamilyChangeFeed {
        try await PostgresFamilyStorage(url: try url, schema: try await freshSchema())
    }
}
