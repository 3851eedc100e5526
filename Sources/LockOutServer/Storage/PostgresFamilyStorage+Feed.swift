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

    /// A poke as a NOTIFY payload, small and flat: `FAMILY|SEQ|WRITER|MODE|RECORDS|KEYS|CHILD`. RECORDS lists each
    /// committed record's `TYPE` or `TYPE:TARGET`, comma-separated; KEYS is empty (the key directory did not change),
    /// `*` (every device reads the change) or `parents` and `,DEVICE` for each other reader; CHILD is the writer's
    /// child name in base64url, or empty. A poke whose reach is not known is `FAMILY|SEQ|WRITER`, as servers
    /// before the reach sent every poke, and so is one whose reach would not fit NOTIFY's 8000 bytes (a family of
    /// hundreds of devices): its streams are all poked rather than the commit refused.
    static func payload(_ poke: FamilyPoke) -> String {
        let head = "\(poke.family)|\(poke.seq)|\(poke.writer)"
        guard let reach = poke.reach else { return head }
        let records = reach.records.map { record in record.target.map { "\(record.type.rawValue):\($0)" } ?? record.type.rawValue }.sorted()
        let keys = switch reach.keys {
        case nil: ""
        case .everyone?: "*"
        case .parents(let others)?: (["parents"] + others.map(\.description).sorted()).joined(separator: ",")
        }
        let child = reach.writerChild.map { Base64URL.encode(Data($0.utf8)) } ?? ""
        let payload = [head, reach.writerMode.rawValue, records.joined(separator: ","), keys, child].joined(separator: "|")
        return payload.utf8.count <= maximumPayload ? payload : head
    }

    /// The longest payload sent with its reach, below NOTIFY's limit of 8000 bytes.
    static let maximumPayload = 7_900

    /// A NOTIFY payload as a poke (`payload(_:)`); a payload of three fields, or whose reach this instance cannot
    /// read (a newer server's), pokes every device of the family but the writer.
    static func poke(_ payload: String) -> FamilyPoke? {
        let parts = payload.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3, let family = FamilyID(uuidString: parts[0]), let seq = Int64(parts[1]),
              let writer = DeviceID(uuidString: parts[2]) else { return nil }
        return FamilyPoke(family: family, seq: seq, writer: writer, reach: parts.count >= 7 ? reach(parts[3...6]) : nil)
    }

    /// MODE, RECORDS, KEYS and CHILD as a reach; nil when any does not read.
    private static func reach(_ fields: ArraySlice<String>) -> FamilyPoke.Reach? {
        let fields = Array(fields)
        guard let mode = DeviceMode(rawValue: fields[0]) else { return nil }
        var records: Set<FamilyPoke.Envelope> = []
        for item in fields[1].split(separator: ",") {
            let pair = item.split(separator: ":", maxSplits: 1).map(String.init)
            guard let type = RecordType(rawValue: pair[0]) else { return nil }
            var target: DeviceID?
            if pair.count == 2 {
                guard let device = DeviceID(uuidString: pair[1]) else { return nil }
                target = device
            }
            records.insert(FamilyPoke.Envelope(type: type, target: target))
        }
        var keys: FamilyPoke.KeyReaders?
        if fields[2] == "*" {
            keys = .everyone
        } else if !fields[2].isEmpty {
            let items = fields[2].split(separator: ",").map(String.init)
            guard items.first == "parents" else { return nil }
            let others = items.dropFirst().compactMap { DeviceID(uuidString: $0) }
            guard others.count == items.count - 1 else { return nil }
            keys = .parents(and: Set(others))
        }
        var child: String?
        if !fields[3].isEmpty {
            guard let data = Base64URL.decode(fields[3]) else { return nil }
            child = String(decoding: data, as: UTF8.self)
        }
        return FamilyPoke.Reach(writerMode: mode, records: records, writerChild: child, keys: keys)
    }
}
