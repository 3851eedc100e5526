import Foundation

/// What keeps a program off every block list: the catalog, and the programs this system's desktop session
/// starts, which the agent reads from the system (Core reads no files).
public struct ShieldProtection: Equatable, Sendable {
    /// The catalog alone, for where nothing was read from the system.
    public static let catalog = ShieldProtection()

    /// The system's programs by lowercased name.
    private let systemPrograms: [String: ProtectionReason]
    /// The same by their process names, for those longer than one (see `ProtectedProgramCatalog.processNameLength`).
    private let cutSystemPrograms: [String: ProtectionReason]

    /// The catalog and `systemPrograms`: program names with why this system needs them.
    public init(systemPrograms: [String: ProtectionReason] = [:]) {
        var lowered: [String: ProtectionReason] = [:]
        var cut: [String: ProtectionReason] = [:]
        for (name, reason) in systemPrograms.sorted(by: { $0.key < $1.key }) {
            let name = name.lowercased()
            lowered[name] = lowered[name] ?? reason
            if name.utf8.count > ProtectedProgramCatalog.processNameLength {
                cut[ProtectedProgramCatalog.processName(name)] = cut[ProtectedProgramCatalog.processName(name)] ?? reason
            }
        }
        self.systemPrograms = lowered
        cutSystemPrograms = cut
    }

    /// Why `name` can never be blocked; nil when it may be. The catalog answers first, as it says what a
    /// program is rather than only where the system starts it. A name of exactly 15 bytes may be a cut
    /// process name, and is protected when a protected program's name starts with it.
    public func reason(for name: String) -> ProtectionReason? {
        if let category = ProtectedProgramCatalog.category(of: name) { return .known(category) }
        let lowered = name.lowercased()
        if let reason = systemPrograms[lowered] { return reason }
        return lowered.utf8.count == ProtectedProgramCatalog.processNameLength ? cutSystemPrograms[lowered] : nil
    }
}
