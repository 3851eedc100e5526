import Foundation

/// A child's rewards as a parent sees them through the family sync: the screen and the newest ledger entries.
public struct RewardsSnapshot: Codable, Hashable, Sendable {
    /// How many ledger entries travel with a snapshot.
    public static let ledgerLength = 20

    public let screen: RewardsScreen
    /// Newest first.
    public let ledger: [LedgerEntry]

    public init(screen: RewardsScreen, ledger: [LedgerEntry]) {
        self.screen = screen
        self.ledger = Array(ledger.prefix(Self.ledgerLength))
    }
}
