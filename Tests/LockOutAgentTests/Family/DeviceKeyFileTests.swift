import Foundation
import Glibc
import Testing
import LockOutCore
import LockOutAgent
import LockOutRuntime

@Suite("The device's private keys on disk")
struct DeviceKeyFileTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-keys-\(UUID().uuidString)")
    let cipher = SwiftCryptoFamilyCipher()

    init() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    @Test("made once with mode 0600 whatever the umask, then the same keys ever after")
    func madeOnce() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = DeviceKeyFile(directory: directory)
        let old = umask(0o022)
        defer { umask(old) }
        var made = 0
        let first = try file.keys { made += 1; return cipher.newDeviceKeys() }
        let again = try DeviceKeyFile(directory: directory).keys { made += 1; return cipher.newDeviceKeys() }
        #expect(first == again)
        #expect(made == 1)
        #expect(mode(file.path) == 0o600)
    }

    @Test("a file others may read, or one that holds no keys, is refused and kept as it is")
    func refused() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = DeviceKeyFile(directory: directory)
        let keys = try file.keys { cipher.newDeviceKeys() }
        chmod(file.path, 0o644)
        let unsafe = try #require(throws: DeviceKeyFileError.self) { try file.keys { cipher.newDeviceKeys() } }
        #expect("\(unsafe)".contains("others may read it (mode 644)"))
        chmod(file.path, 0o600)
        #expect(try file.keys { cipher.newDeviceKeys() } == keys)

        try Data("{not keys".utf8).write(to: URL(fileURLWithPath: file.path))
        chmod(file.path, 0o600)
        let unreadable = try #require(throws: DeviceKeyFileError.self) { try file.keys { cipher.newDeviceKeys() } }
        #expect("\(unreadable)".contains("does not hold a device's keys"))
        #expect(FileManager.default.contents(atPath: file.path) == Data("{not keys".utf8))
    }
}
