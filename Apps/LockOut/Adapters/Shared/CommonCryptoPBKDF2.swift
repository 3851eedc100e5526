import CommonCrypto
import Foundation
import LockOutRuntime

extension PBKDF2PINHashing {
    /// The parent PIN's stored form derived with CommonCrypto: the same format and rounds as on Linux, so a PIN
    /// hashed by either verifies on the other.
    static let commonCrypto = PBKDF2PINHashing { password, salt, rounds in
        var key = [UInt8](repeating: 0, count: 32)
        let status = password.withUnsafeBufferPointer { passwordBytes in
            passwordBytes.withMemoryRebound(to: CChar.self) { passwordChars in
                CCKeyDerivationPBKDF(
                    CCPBKDFAlgorithm(kCCPBKDF2), passwordChars.baseAddress, passwordChars.count, salt, salt.count,
                    CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), UInt32(rounds), &key, key.count
                )
            }
        }
        guard Int(status) == kCCSuccess else { throw PINDerivationError(status: status) }
        return Data(key)
    }
}

/// CommonCrypto refused to derive the key (its status code).
struct PINDerivationError: Error {
    let status: Int32
}
