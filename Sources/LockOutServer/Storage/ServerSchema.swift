import Foundation

/// The server's schema, shared by both backends: they differ only in column types.
///
/// - `family`: one row per family; `seq` is its newest commit (the per-family row lock orders commits),
///   `prunedSeq` the newest commit of a pruned tombstone (older tokens get a full resync).
/// - `device`: devices with their role, the SHA-256 of their token, when they were revoked, and a child's device's
///   child name (the child devices with one name are one child's: they read each other's health totals).
/// - `pairing`: the SHA-256 of each pairing secret, its mode, expiry and redeemer, the child name it gives, and
///   in an end-to-end family the welcome the parent sealed for the device that redeems it.
/// - `record`: the newest version of each record (family, type, record id), with its envelope (a sealed one's
///   key scope, epoch and writer counter among it), commit, body and the bytes it takes (body and id, for the
///   storage limits); the change feed reads it in `seq` order. `device.writerCounter` is the highest writer
///   counter a device committed.
/// - `device.agreementKey`, `device.signingKey`: a device's public keys, set once (at redeem in an end-to-end
///   family, with `device.pairingProof` and `device.sealedName`, the name the device sealed for its parent);
///   `scope_epoch`: each scope's
///   epochs, the parent's signed commit without its wraps; `epoch_wrap`: each member's wrap of an epoch's key,
///   read by that member alone.
/// - `mutation`: every mutation id committed or refused, per family and writer, with its answer, so a retried
///   push is answered as the first time; rows older than the tombstones' lifetime are pruned. Rows from before
///   writers were told apart whose writer cannot be found have the writer `''` and answer any device's retry.
enum ServerSchema {
    /// The backends, which spell a few things differently.
    enum Dialect {
        case sqlite
        case postgres
    }

    /// Every migration in order: its id and its statements in `dialect`.
    static func migrations(_ dialect: Dialect) -> [(id: String, statements: [String])] {
        switch dialect {
        case .sqlite:
            [
                ("createFamilyServer", createStatements(blob: "BLOB", real: "REAL", bigint: "INTEGER")),
                ("keyMutationsByWriter", [
                    """
                    CREATE TABLE mutation_by_writer (
                        familyID TEXT NOT NULL REFERENCES family(id) ON DELETE CASCADE,
                        device TEXT NOT NULL,
                        id TEXT NOT NULL,
                        seq INTEGER,
                        status TEXT NOT NULL,
                        reason TEXT,
                        rememberedAt REAL NOT NULL,
                        PRIMARY KEY (familyID, device, id)
                    )
                    """,
                    """
                    INSERT INTO mutation_by_writer (familyID, device, id, seq, status, reason, rememberedAt)
                    SELECT familyID, COALESCE((SELECT owner FROM record WHERE record.familyID = mutation.familyID AND record.seq = mutation.seq), ''),
                        id, seq, status, reason, CAST(strftime('%s', 'now') AS REAL)
                    FROM mutation
                    """,
                    "DROP TABLE mutation",
                    "ALTER TABLE mutation_by_writer RENAME TO mutation",
                    "CREATE INDEX mutation_on_rememberedAt ON mutation(rememberedAt)",
                ]),
                ("countRecordBytes", [
                    "ALTER TABLE record ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0",
                    "UPDATE record SET bytes = length(CAST(body AS BLOB)) + length(CAST(recordID AS BLOB))",
                    "DROP INDEX record_on_owner",
                    "CREATE INDEX record_bytes_on_owner ON record(familyID, owner, bytes)",
                ]),
                ("nameChildren", childNameStatements),
                ("sealEnvelopes", sealingStatements(bigint: "INTEGER")),
                ("keyDirectory", keyDirectoryStatements(bigint: "INTEGER", real: "REAL")),
                ("pairWithKeys", pairingKeyStatements),
                ("sealJoinedNames", joinedNameStatements),
            ]
        case .postgres:
            [
                ("createFamilyServer", createStatements(blob: "BYTEA", real: "DOUBLE PRECISION", bigint: "BIGINT")),
                ("keyMutationsByWriter", [
                    "ALTER TABLE mutation ADD COLUMN device TEXT NOT NULL DEFAULT ''",
                    "ALTER TABLE mutation ADD COLUMN rememberedAt DOUBLE PRECISION NOT NULL DEFAULT extract(epoch FROM now())",
                    "UPDATE mutation SET device = record.owner FROM record WHERE record.familyID = mutation.familyID AND record.seq = mutation.seq",
                    "ALTER TABLE mutation ALTER COLUMN device DROP DEFAULT, ALTER COLUMN rememberedAt DROP DEFAULT",
                    // The key keeps its name: a concurrent insert of the same id is told apart by it (`isRetryable`).
                    "ALTER TABLE mutation DROP CONSTRAINT mutation_pkey",
                    "ALTER TABLE mutation ADD CONSTRAINT mutation_pkey PRIMARY KEY (familyID, device, id)",
                    "CREATE INDEX mutation_on_rememberedAt ON mutation(rememberedAt)",
                ]),
                ("countRecordBytes", [
                    "ALTER TABLE record ADD COLUMN bytes BIGINT NOT NULL DEFAULT 0",
                    "UPDATE record SET bytes = octet_length(body) + octet_length(recordID)",
                    "DROP INDEX record_on_owner",
                    "CREATE INDEX record_bytes_on_owner ON record(familyID, owner, bytes)",
                ]),
                ("nameChildren", childNameStatements),
                ("sealEnvelopes", sealingStatements(bigint: "BIGINT")),
                ("keyDirectory", keyDirectoryStatements(bigint: "BIGINT", real: "DOUBLE PRECISION")),
                ("pairWithKeys", pairingKeyStatements),
                ("sealJoinedNames", joinedNameStatements),
            ]
        }
    }

    /// The name a device joining an end-to-end family sealed for its pairing's parent (`PairingKey.sealName`), kept
    /// with the device and handed out in the key directory: the server keeps what it cannot read.
    static let joinedNameStatements = [
        "ALTER TABLE device ADD COLUMN sealedName TEXT",
    ]

    /// An end-to-end pairing's welcome, sealed by the parent for the device that redeems it, and the proof that
    /// device sent with its keys, which the parent checks.
    static let pairingKeyStatements = [
        "ALTER TABLE pairing ADD COLUMN welcome TEXT",
        "ALTER TABLE device ADD COLUMN pairingProof TEXT",
    ]

    /// Each device's public keys (base64url, set once), each scope's epochs (the commit without its wraps, as
    /// JSON), and each member's wrap, which only its member reads.
    static func keyDirectoryStatements(bigint: String, real: String) -> [String] {
        [
            "ALTER TABLE device ADD COLUMN agreementKey TEXT",
            "ALTER TABLE device ADD COLUMN signingKey TEXT",
            """
            CREATE TABLE scope_epoch (
                familyID TEXT NOT NULL REFERENCES family(id) ON DELETE CASCADE,
                scope TEXT NOT NULL,
                epoch \(bigint) NOT NULL CHECK (epoch BETWEEN 1 AND 4294967295),
                document TEXT NOT NULL,
                committedBy TEXT NOT NULL,
                committedAt \(real) NOT NULL,
                PRIMARY KEY (familyID, scope, epoch)
            )
            """,
            """
            CREATE TABLE epoch_wrap (
                familyID TEXT NOT NULL REFERENCES family(id) ON DELETE CASCADE,
                scope TEXT NOT NULL,
                epoch \(bigint) NOT NULL,
                recipient TEXT NOT NULL,
                wrap TEXT NOT NULL,
                PRIMARY KEY (familyID, scope, epoch, recipient),
                FOREIGN KEY (familyID, scope, epoch) REFERENCES scope_epoch(familyID, scope, epoch) ON DELETE CASCADE
            )
            """,
            "CREATE INDEX epoch_wrap_on_recipient ON epoch_wrap(familyID, recipient)",
        ]
    }

    /// The mutation that wrote a record's version (a sealed body's associated data names it), a sealed
    /// record's envelope fields (`SyncMutation.keyScope`, `keyEpoch`, `writerCounter`: all or none),
    /// and each device's highest committed writer counter, which only grows.
    static func sealingStatements(bigint: String) -> [String] {
        [
            "ALTER TABLE record ADD COLUMN mutationID TEXT",
            "ALTER TABLE record ADD COLUMN keyScope TEXT",
            "ALTER TABLE record ADD COLUMN keyEpoch \(bigint) CHECK (keyEpoch IS NULL OR keyEpoch BETWEEN 1 AND 4294967295)",
            "ALTER TABLE record ADD COLUMN writerCounter \(bigint) CHECK (writerCounter IS NULL OR writerCounter >= 1)",
            "ALTER TABLE device ADD COLUMN writerCounter \(bigint) NOT NULL DEFAULT 0 CHECK (writerCounter >= 0)",
        ]
    }

    /// A child's device's child name, from its pairing: the same on both backends.
    static let childNameStatements = [
        "ALTER TABLE pairing ADD COLUMN childName TEXT CHECK (childName IS NULL OR length(childName) BETWEEN 1 AND 64)",
        "ALTER TABLE device ADD COLUMN childName TEXT CHECK (childName IS NULL OR length(childName) BETWEEN 1 AND 64)",
        "CREATE INDEX device_on_childName ON device(familyID, childName) WHERE childName IS NOT NULL",
    ]

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
