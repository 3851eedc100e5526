import Foundation

/// How wide the window a screen is drawn in is, as the platform classes it (a horizontal size class on Apple
/// platforms): a phone held upright is compact, an iPad or a Mac window regular.
public enum WidthClass: String, CaseIterable, Codable, Hashable, Sendable {
    case compact
    case regular
}

/// How the focus page is laid out: seed 001 puts the activities on the left and the timer with its details on
/// the right when the window is wide enough, and everything in one column otherwise.
public enum FocusLayout: String, Codable, Hashable, Sendable {
    case oneColumn
    case twoColumns

    /// The layout for a window of `width`: two columns when it is regular.
    public init(width: WidthClass) {
        switch width {
        case .compact: self = .oneColumn
        case .regular: self = .twoColumns
        }
    }

    /// How many columns it shows.
    public var columns: Int {
        switch self {
        case .oneColumn: 1
        case .twoColumns: 2
        }
    }
}
