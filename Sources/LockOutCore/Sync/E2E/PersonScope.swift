import Foundation

/// The person scopes: who reads one person's records.
///
/// - `person:personal` — the family's personal devices (one person's own devices) and every parent: what a
///   personal device writes, and what parents send it (settings, commands).
/// - `person:c-<16 hex digits>` — the devices of one child, by the name they were paired with, and every
///   parent: their health totals, which the server hands to that child's devices alone. The parents hold the
///   key so that a parent can add the child's next device (a rotation chains to the key before). The digits are the first 8 bytes of SHA-256 over a label,
///   the family and the name, so the scope's name does not spell the child's.
/// - `person:d-<32 hex digits>` — a child's device paired without a name: the device alone.
public enum PersonScope {
    public static let personal = KeyScope.person("personal")
    static let label = "lockout/e2e/person/v1"

    /// The scope of the child named `name` in `family`.
    public static func child(named name: String, family: FamilyID, digest: ([UInt8]) -> [UInt8]) -> KeyScope {
        var bytes = BinaryWriter()
        bytes.text(label)
        bytes.uuid(family.rawValue)
        bytes.text(name)
        let hex = digest(bytes.bytes).prefix(8).map { String(format: "%02x", $0) }.joined()
        return .person("c-\(hex)")
    }

    /// The scope of a child's device paired without a name.
    public static func child(device: DeviceID) -> KeyScope {
        .person("d-" + device.rawValue.uuidString.lowercased().replacingOccurrences(of: "-", with: ""))
    }

    /// The person scope of a child's device: by its child's name, or its own when it has none.
    public static func of(child device: DeviceID, named name: String?, family: FamilyID, digest: ([UInt8]) -> [UInt8]) -> KeyScope {
        name.map { child(named: $0, family: family, digest: digest) } ?? child(device: device)
    }
}
