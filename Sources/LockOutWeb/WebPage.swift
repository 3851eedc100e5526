import Foundation

/// The pages of the web app, each at one path, in the order the navigation lists them.
public enum WebPage: String, CaseIterable, Sendable {
    case dashboard = "/"
    case schedule = "/schedule"
    case focus = "/focus"
    case gate = "/gate"
    case rewards = "/rewards"
    case family = "/family"
    case statistics = "/statistics"
    case settings = "/settings"

    /// The path the page is served at.
    public var path: String { rawValue }

    /// The page's name in the navigation and its heading.
    public var title: String {
        switch self {
        case .dashboard: "Dashboard"
        case .schedule: "Schedule"
        case .focus: "Focus"
        case .gate: "Gate"
        case .rewards: "Rewards"
        case .family: "Family"
        case .statistics: "Statistics"
        case .settings: "Settings"
        }
    }

    /// Whether the page shows only what the agent decides, so it reloads itself when that changes; pages
    /// with forms a person may be filling in do not.
    public var isLive: Bool {
        self == .dashboard || self == .statistics || self == .focus || self == .gate || self == .rewards
    }

    /// The page served at `path`, nil when none is.
    public init?(path: String) {
        self.init(rawValue: path)
    }
}

/// What every page needs besides its screen model: where it is, and the session's form token.
public struct PageChrome: Sendable {
    /// The page shown, highlighted in the navigation.
    public let page: WebPage
    /// The session's anti-forgery token, put into every form.
    public let csrfToken: String
    /// A message above the page's content: what a command was refused for, or what just happened.
    public var notice: Notice?
    /// The agent's now, which countdowns count from.
    public let now: Date
    /// How many times faster than real time the agent's clock runs (1 but in tests and demonstrations).
    public let clockScale: Double
    /// The break on screen, drawn over the page; nil when none is.
    public var breakScreen: BreakScreen.Model?

    public init(
        page: WebPage, csrfToken: String, notice: Notice? = nil, now: Date, clockScale: Double = 1, breakScreen: BreakScreen.Model? = nil
    ) {
        self.page = page
        self.csrfToken = csrfToken
        self.notice = notice
        self.now = now
        self.clockScale = clockScale
        self.breakScreen = breakScreen
    }

    /// A message at the top of a page.
    public struct Notice: Sendable, Equatable {
        /// An error is announced at once to screen readers (`role=alert`); a confirmation politely.
        public let isError: Bool
        public let text: String

        public static func error(_ text: String) -> Notice { Notice(isError: true, text: text) }
        public static func done(_ text: String) -> Notice { Notice(isError: false, text: text) }
    }
}

/// What a form sent back with the messages for its fields: a refused form is shown again as it was
/// filled in, each message next to its field.
public struct FormState: Sendable, Equatable {
    /// The values as submitted, by field name.
    public var values: [String: String]
    /// A message per field name that was refused.
    public var errors: [String: String]

    public init(values: [String: String] = [:], errors: [String: String] = [:]) {
        self.values = values
        self.errors = errors
    }

    /// No form was submitted: every field shows the stored value.
    public static let fresh = FormState()

    /// The submitted value of `name`, or `stored` when the form was not submitted.
    func value(_ name: String, stored: String) -> String {
        values.isEmpty ? stored : (values[name] ?? "")
    }

    /// Whether the checkbox `name` is ticked: as submitted, or `stored` when the form was not submitted.
    func isChecked(_ name: String, stored: Bool) -> Bool {
        values.isEmpty ? stored : values[name] != nil
    }
}
