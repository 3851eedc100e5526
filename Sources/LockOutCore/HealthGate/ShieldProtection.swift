import Foundation

/// What keeps a program off every block list: the catalog, and the programs this system's desktop session
/// starts, which the agent reads from the system (Core reads no files).
public struct ShieldProtection: Equatable, Sendable {
    /// The catalog alone, for where nothing was read from the system.
    public static let catalog = ShieldProtection()

    /// The system's programs by lowercased name.
    private let systemPrograms: [String: ProtectionReason]

    /// The catalog and `systemPrograms`: program names with why this system needs them.
    public init(systemPrograms: [String: ProtectionReason] = [:]) {
        var lowered: [String: ProtectionReason] = [:]
        for (name, reason) in systemPrograms { lowered[name.lowercased()] = lowered[name.lowercased()] ?? reason }
        self.systemPrograms = lowered
    }

    /// Why `name` can never be blocked; nil when it may be. The catalog answers first, as it says what a
    /// program is rather than only where the system starts it.
    public func reason(for name: String) -> ProtectionReason? {
        if let category = ProtectedProgramCatalog.category(of: name) { return .known(category) }
        return systemPrograms[name.lowercased()]
    }
}
