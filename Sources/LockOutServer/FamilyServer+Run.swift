import Foundation
import Hummingbird
import LockOutCore
import Logging

extension FamilyServer {
    /// Opens the storage at `location` and serves until SIGINT or SIGTERM.
    public static func run(location: StorageLocation, configuration: Configuration, logger: Logger) async throws {
        switch location {
        case .sqlite(let path):
            let storage = try SQLiteFamilyStorage(path: path)
            try await serve(storage, location: location, configuration: configuration, logger: logger)
        case .postgres(let url):
            let storage = try await PostgresFamilyStorage(url: url, logger: logger)
            defer { storage.close() }
            try await serve(storage, location: location, configuration: configuration, logger: logger)
        }
    }

    private static func serve(
        _ storage: some FamilyStorage & FamilyChangeFeed, location: StorageLocation, configuration: Configuration, logger: Logger
    ) async throws {
        let app = application(storage: storage, configuration: configuration, logger: logger) { port in
            logger.info("family server listening", metadata: [
                "address": "\(configuration.host):\(port)", "storage": "\(location)", "retentionDays": "\(configuration.retentionDays)",
            ])
        }
        try await app.runService()
    }
}
