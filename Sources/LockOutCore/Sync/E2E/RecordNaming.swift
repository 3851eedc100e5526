import Foundation

/// Record ids the server sees without learning what they name: a configuration's `DEVICE/PROGRAM` becomes
/// `DEVICE/n1.` and the first 16 bytes of HMAC-SHA256 over the scope and the program under the scope's
/// naming key, in base64url. Deterministic, so a changed configuration still replaces the record it replaces;
/// the device part stays, so the server still checks that the record names its target.
///
/// The naming key never rotates with the epochs (a new key would strand every existing record): it is
/// derived from the scope's first epoch key, which the newest key opens through the chain.
public struct RecordNaming: Sendable {
    public static let prefix = "n1."
    static let info = Array("lockout/e2e/record-naming/v1".utf8)

    private let cipher: any FamilyCipher
    private let namingKey: [UInt8]
    private let scope: KeyScope

    /// Names records of `scope`, whose epoch 1 key is `firstEpochKey`.
    public init(scope: KeyScope, firstEpochKey: [UInt8], cipher: any FamilyCipher) {
        self.cipher = cipher
        self.scope = scope
        namingKey = cipher.deriveKey(from: firstEpochKey, salt: [], info: Self.info, count: 32)
    }

    /// The blinded id of the record `name` about `device`.
    public func recordID(device: DeviceID, name: String) -> String {
        var input = BinaryWriter()
        input.text(scope.description)
        input.text(name)
        let code = cipher.authenticationCode(for: input.bytes, key: namingKey)
        return "\(device)/\(Self.prefix)\(Base64URL.encode(Data(code.prefix(16))))"
    }
}
