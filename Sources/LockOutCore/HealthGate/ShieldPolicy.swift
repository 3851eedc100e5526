import Foundation

/// Which programs the shield may ever touch: never one the catalog protects (LockOut, a shell, a terminal, a
/// system process, a part of a desktop session) nor one this system's session starts, so a block list can
/// never lock a person out of their machine or take away what their desktop needs.
public enum ShieldPolicy {
    /// Whether `executable` is a plain name the shield may block.
    public static func mayBlock(_ executable: String, protection: ShieldProtection = .catalog) -> Bool {
        (try? check(executable, protection: protection)) != nil
    }

    /// Throws `.malformedAppName` for anything but a plain executable name, and `.protectedApp` with the reason
    /// for a program `protection` keeps allowed.
    public static func check(_ executable: String, protection: ShieldProtection = .catalog) throws(GateInputError) {
        guard !executable.isEmpty, executable.count <= 255, executable != ".", executable != "..",
              !executable.contains("/"),
              !executable.unicodeScalars.contains(where: { CharacterSet.whitespacesAndNewlines.contains($0) || CharacterSet.controlCharacters.contains($0) })
        else { throw .malformedAppName(executable) }
        if let reason = protection.reason(for: executable) {
            throw .protectedApp(executable, reason: reason)
        }
    }
}
