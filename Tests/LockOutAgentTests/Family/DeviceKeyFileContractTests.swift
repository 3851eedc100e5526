import Foundation
import LockOutAgent
import LockOutRuntime
import Testing

@Suite("The device's key file keeps the key store's contract")
struct DeviceKeyFileContractTests {
    @Test("made once, one set when eight ask at once through their own handles, a damaged file refused and kept")
    func keepsTheContract() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-key-contract-\(UUID())")
        defer { try? FileManager.default.removeItem(at: base) }
        let contract = DeviceKeyStoreContract {
            let directory = base.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let path = DeviceKeyFile(directory: directory).path
            return .init(open: { DeviceKeyFile(directory: directory) }, spoil: {
                // Truncated as a full disk or a crash mid-copy leaves it, still the owner's only.
                guard let handle = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileNoSuchFile) }
                try handle.truncate(atOffset: 10)
                try handle.close()
            })
        }
        #expect(contract.violations() == [])
    }
}
