import Foundation
import LockOutCore
import LockOutRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The device's private keys in `device-keys.json` in the data directory: written whole with mode 0600 and linked
/// to that name in one step (so two processes starting at once keep one pair, and neither reads it half written),
/// read back ever after, and refused —
/// never replaced — when another user may read it, it is not this user's, or it cannot be read.
public struct DeviceKeyFile: DeviceKeyStoring {
    public static let fileName = "device-keys.json"
    public let path: String

    public init(directory: URL) {
        path = directory.appendingPathComponent(Self.fileName).path
    }

    public func keys(orMake make: () -> DevicePrivateKeys) throws -> DevicePrivateKeys {
        if let keys = try read() { return keys }
        let keys = make()
        let data = try JSONEncoder().encode(keys)
        // Written whole to a file of this process's own, then linked to the keys' name in one step, which fails when
        // the name exists: a process that starts at the same moment reads either no file or a complete one.
        let partial = "\(path).\(getpid()).\(UUID().uuidString)"
        let fd = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw DeviceKeyFileError.writeFailed(path: path, errno: errno) }
        defer { unlink(partial) }
        var failure: Int32?
        if fchmod(fd, 0o600) != 0 { failure = errno }
        if failure == nil {
            do {
                try FileHandle(fileDescriptor: fd, closeOnDealloc: false).write(contentsOf: data)
            } catch {
                failure = EIO
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = errno }
        close(fd)
        if let failure { throw DeviceKeyFileError.writeFailed(path: path, errno: failure) }
        guard link(partial, path) == 0 else {
            // Another process made them first: theirs are the device's.
            let linkFailure = errno
            if linkFailure == EEXIST, let keys = try read() { return keys }
            throw DeviceKeyFileError.writeFailed(path: path, errno: linkFailure)
        }
        return keys
    }

    /// The keys in the file, nil when there is none; throws when it is unsafe or unreadable.
    func read() throws -> DevicePrivateKeys? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw DeviceKeyFileError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw DeviceKeyFileError.unreadable(path: path, reason: "it is not a regular file") }
        guard info.st_uid == getuid() else { throw DeviceKeyFileError.unsafe(path: path, reason: "it belongs to another user") }
        guard info.st_mode & 0o077 == 0 else {
            throw DeviceKeyFileError.unsafe(path: path, reason: "others may read it (mode \(String(info.st_mode & 0o777, radix: 8)))")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DeviceKeyFileError.unreadable(path: path, reason: "it cannot be read")
        }
        do {
            return try JSONDecoder().decode(DevicePrivateKeys.self, from: data)
        } catch {
            throw DeviceKeyFileError.unreadable(path: path, reason: "it does not hold a device's keys")
        }
    }
}

public enum DeviceKeyFileError: Error, Equatable, CustomStringConvertible {
    case unsafe(path: String, reason: String)
    case unreadable(path: String, reason: String)
    case writeFailed(path: String, errno: Int32)

    public var description: String {
        switch self {
        case .unsafe(let path, let reason):
            "this device's private keys in \(path) are not safe: \(reason); make it the owner's only (chmod 600) or pair this device again"
        case .unreadable(let path, let reason):
            "this device's private keys in \(path) cannot be used: \(reason); they are kept as they are, pair this device again to start over"
        case .writeFailed(let path, let errno):
            "could not write this device's private keys to \(path): \(String(cString: strerror(errno)))"
        }
    }
}

extension FamilyEncryption {
    /// An end-to-end family's keys on Linux: the private keys in `device-keys.json` of the data directory,
    /// swift-crypto for the rest.
    public static func files(in directory: URL) -> FamilyEncryption {
        let cipher = SwiftCryptoFamilyCipher()
        return FamilyEncryption(keys: DeviceKeyFile(directory: directory), cipher: cipher, keyCipher: cipher)
    }
}
