import Foundation
import Testing
@testable import LockOutCore
import LockOutRuntime

@Suite("Blinded record ids")
struct RecordNamingTests {
    static let cipher = SwiftCryptoFamilyCipher()
    static let device = DeviceID(rawValue: UUID(uuidString: "0A1B2C3D-4E5F-4061-8273-8495A6B7C8D9") ?? UUID())

    @Test("a program's configuration id names its device and hides the program, the same each time")
    func blinded() {
        let naming = RecordNaming(scope: .child(Self.device), firstEpochKey: Array(0..<32), cipher: Self.cipher)
        let id = naming.recordID(device: Self.device, name: "canary-7f3a9c")
        // Worked out apart (HKDF-SHA256, then HMAC-SHA256 over the scope and the name, length-prefixed).
        #expect(id == "0A1B2C3D-4E5F-4061-8273-8495A6B7C8D9/n1.P9SeDK2iM9fhBBc-XXAvwA")
        #expect(naming.recordID(device: Self.device, name: "canary-7f3a9c") == id)
        #expect(!id.contains("canary"))
        #expect(naming.recordID(device: Self.device, name: "canary-7f3a9d") != id)
        let otherScope = RecordNaming(scope: .parents, firstEpochKey: Array(0..<32), cipher: Self.cipher)
        #expect(otherScope.recordID(device: Self.device, name: "canary-7f3a9c") != id)
        let otherKey = RecordNaming(scope: .child(Self.device), firstEpochKey: Array(1...32), cipher: Self.cipher)
        #expect(otherKey.recordID(device: Self.device, name: "canary-7f3a9c") != id)
    }

    @Test("the server's write policy still finds the target in a blinded configuration id")
    func policy() {
        let naming = RecordNaming(scope: .child(Self.device), firstEpochKey: Array(0..<32), cipher: Self.cipher)
        let parent = DeviceID(rawValue: UUID())
        let mutation = SyncMutation(
            id: MutationID(rawValue: UUID()), type: .configuration, recordID: naming.recordID(device: Self.device, name: "steam"),
            target: Self.device,
            body: SealedBody(salt: Array(repeating: 1, count: 16), commitment: Array(repeating: 2, count: 32), nonce: Array(repeating: 3, count: 12),
                             ciphertext: Array(repeating: 4, count: 256), tag: Array(repeating: 5, count: 16)).text,
            sealing: RecordSealing(scope: .child(Self.device), epoch: 1, writerCounter: 1)
        )
        #expect(WritePolicy.check(mutation, writer: parent, mode: .parentDevice) == nil)
    }
}
