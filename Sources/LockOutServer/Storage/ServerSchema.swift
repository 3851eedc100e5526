import Foundation

/// The server's schema, shared by both backends: they differ only in column types.
///
/// - `family`: one row per family; `seq` is its newest commit (the per-family row lock orders commits),
///   `prunedSeq` the newest commit of a pruned tombstone (older tokens get a full resync).
/// - `device`: devices with their role, the SHA-256 of their token, and when they were revoked.
/// - `pairing`: the SHA-256 of each pairing secret, its mode, expiry and redeemer.
/// - `record`: the newest version of each record (family, type, record id), with its envelope, commit
///   and body; the change feed reads it in `seq` order.
/// - `mutation`: every mutation id committed, so a retried push is applied once.
enum ServerSchema {
    /// The SQL of the first migration with `blob`, `real` and `bigint` spelled for the backend.
    static func createStatements(blob: String, real: String, bigint: String) -> [String] {
        [
            """
            CREATE TABLE family (
                id TEXT PRIMARY KEY CHECK (length(id) = 36),
                createdAt \(real) NOT NULL,
                seq \(bigint) NOT NULL DEFAULT 0 CHECK (seq >= 0),
                prunedSeq \(bigint) NOT NULL DEFAULT 0 CHECK (prunedSeq >= 0)
            )
            """,
            """
            CREATE TABLE device (
                id TEXT PRIMARY KEY CHECK (length(id) = 36),
                familyID TEXT NOT NULL REFERENCES family(id) ON DELETE CASCADE,
                name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
                mode TEXT NOT NULL CHECK (mode IN ('parentDevice', 'childDevice', 'personalDevice')),
                parentDeviceID TEXT,
                tokenHash \(blob) NOT NULL UNIQUE,
                registeredAt \(real) NOT NULL,
                lastSeenAt \(real),
                revokedAt \(real)
            )
            """,
            "CREATE INDEX device_on_family ON device(familyID)",
            """
            CREATE TABLE pairing (
                secretHash \(blob) PRIMARY KEY,
                familyID TEXT NOT NULL REFERENCES family(id) ON DELETE CASCADE,
                createdBy TEXT NOT NULL,
                mode TEXT NOT NULL CHECK (mode IN ('parentDevice', 'childDevice', 'personalDevice')),
                expiresAt \(real) NOT NULL,
                redeemedBy TEXT,
                redeemedAt \(real)
            )
            """,
            """
            CREATE TABLE record (
                familyID TEXT NOT NULL REFERENCES family(id) ON DELETE CASCADE,
                type TEXT NOT NULL,
                recordID TEXT NOT NULL,
                seq \(bigint) NOT NULL,
                owner TEXT NOT NULL,
                ownerMode TEXT NOT NULL,
                target TEXT,
                localDate TEXT,
                deleted BOOLEAN NOT NULL,
                body TEXT NOT NULL,
                committedAt \(real) NOT NULL,
                PRIMARY KEY (familyID, type, recordID)
            )
            """,
            "CREATE UNIQUE INDEX record_on_family_seq ON record(familyID, seq)",
            "CREATE INDEX record_on_localDate ON record(localDate) WHERE localDate IS NOT NULL",
            "CREATE INDEX record_on_owner ON record(familyID, owner)",
            """
            CREATE TABLE mutation (
                familyID TEXT NOT NULL REFERENCES family(id) ON DELETE CASCADE,
                id TEXT NOT NULL,
                seq \(bigint),
                status TEXT NOT NULL,
                reason TEXT,
                PRIMARY KEY (familyID, id)
            )
            """,
        ]
    }
}
