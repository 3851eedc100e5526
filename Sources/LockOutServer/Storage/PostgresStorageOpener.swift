import Foundation
import Logging

/// Opens the PostgreSQL storage for `lockout serve`.
enum PostgresStorageOpener {
    struct NotBuilt: Error, CustomStringConvertible {
        var description: String { "PostgreSQL storage is not available in this build" }
    }

    static func open(url: String, logger: Logger) async throws -> SQLiteFamilyStorage {
        throw NotBuilt()
    }
}
