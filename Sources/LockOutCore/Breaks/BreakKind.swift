import Foundation

/// The three kinds of break LockOut reminds a person to take, ordered from shortest to longest.
public enum BreakKind: String, CaseIterable, Codable, Hashable, Sendable, Comparable {
    case eye
    case micro
    case long

    /// Where the kind stands among the others; a longer break covers the shorter ones.
    public var rank: Int {
        switch self {
        case .eye: 0
        case .micro: 1
        case .long: 2
        }
    }

    public static func < (lhs: BreakKind, rhs: BreakKind) -> Bool { lhs.rank < rhs.rank }

    /// The kinds whose cycle restarts when a break of this kind is completed.
    public var restartsOnCompletion: [BreakKind] {
        BreakKind.allCases.filter { $0 <= self }
    }

    /// The name a person reads, as in "Eye Break".
    public var title: String {
        switch self {
        case .eye: "Eye Break"
        case .micro: "Micro Break"
        case .long: "Long Break"
        }
    }

    /// What the reminder asks the person to do.
    public var body: String {
        switch self {
        case .eye: "Look at something 20 feet away for 20 seconds"
        case .micro: "Step away and relax for a moment"
        case .long: "Take a full break and breathe deeply"
        }
    }

    /// Parses a kind as typed on the command line or sent over the API.
    public init(parsing text: String) throws(BreakInputError) {
        guard let kind = BreakKind(rawValue: text.lowercased()) else {
            throw .unknownKind(text)
        }
        self = kind
    }
}
