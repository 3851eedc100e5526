import Foundation

/// What may hold a break back while the person cannot take it.
public enum DeferralReason: String, Codable, Hashable, Sendable, CaseIterable, Comparable {
    /// The focused window is full screen: a presentation, a film, a game.
    case fullScreen = "full-screen"
    /// A camera or a microphone is in use: a call.
    case call
    /// The desktop's do-not-disturb is on.
    case doNotDisturb = "do-not-disturb"

    /// How `lockout status` says it.
    public var text: String {
        switch self {
        case .fullScreen: "a full-screen window"
        case .call: "a call"
        case .doNotDisturb: "do not disturb"
        }
    }

    public static func < (lhs: DeferralReason, rhs: DeferralReason) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// Breaks held back since `since`, for `reasons`, at most until `until`.
public struct Deferral: Codable, Hashable, Sendable {
    public var since: Date
    /// The maximum deferral's end: the break is shown then whatever holds it.
    public var until: Date
    /// What holds breaks back, sorted.
    public var reasons: [DeferralReason]
    /// The maximum ran out while a reason still held: breaks run as usual, and no new deferral starts
    /// until every reason is gone.
    public var spent: Bool

    public init(since: Date, until: Date, reasons: [DeferralReason], spent: Bool = false) {
        self.since = since
        self.until = until
        self.reasons = reasons.sorted()
        self.spent = spent
    }
}

/// Which reasons may defer breaks, and for how long at most; kept by the device, not synced.
public struct DeferralSettings: Codable, Hashable, Sendable {
    public static let maxDeferralRange = 1...240
    public static let defaults = DeferralSettings()

    public var fullScreen: Bool
    public var calls: Bool
    public var doNotDisturb: Bool
    /// The longest a break waits, in minutes (1…240, default 60).
    public var maxDeferralMinutes: Int
    /// Programs whose camera or microphone use never counts as a call (executable names).
    public var callAllowList: [String]

    public init(fullScreen: Bool = true, calls: Bool = true, doNotDisturb: Bool = true, maxDeferralMinutes: Int = 60, callAllowList: [String] = []) {
        self.fullScreen = fullScreen
        self.calls = calls
        self.doNotDisturb = doNotDisturb
        self.maxDeferralMinutes = maxDeferralMinutes
        self.callAllowList = callAllowList
    }

    /// The reasons switched on.
    public var enabledReasons: Set<DeferralReason> {
        var reasons: Set<DeferralReason> = []
        if fullScreen { reasons.insert(.fullScreen) }
        if calls { reasons.insert(.call) }
        if doNotDisturb { reasons.insert(.doNotDisturb) }
        return reasons
    }

    public var maxDeferral: TimeInterval { TimeInterval(maxDeferralMinutes * 60) }

    private enum CodingKeys: String, CodingKey { case fullScreen, calls, doNotDisturb, maxDeferralMinutes, callAllowList }

    /// Reads settings; anything missing takes its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            fullScreen: try container.decodeIfPresent(Bool.self, forKey: .fullScreen) ?? true,
            calls: try container.decodeIfPresent(Bool.self, forKey: .calls) ?? true,
            doNotDisturb: try container.decodeIfPresent(Bool.self, forKey: .doNotDisturb) ?? true,
            maxDeferralMinutes: try container.decodeIfPresent(Int.self, forKey: .maxDeferralMinutes) ?? 60,
            callAllowList: try container.decodeIfPresent([String].self, forKey: .callAllowList) ?? []
        )
    }
}

/// Where the desktop tells what may defer breaks: a full-screen window and do-not-disturb are watched
/// (`onChange` is told when they may have changed), a call is looked for when asked.
public protocol DeferralSensing: AnyObject, Sendable {
    /// The reasons among `enabled` that hold now; cheap enough to ask when a break is about to fall due.
    func currentReasons(enabled: Set<DeferralReason>, callAllowList: [String]) -> Set<DeferralReason>
    /// Starts telling `onChange` (on a private queue) when a watched reason may have changed.
    func start(onChange: @escaping @Sendable () -> Void)
    /// Stops telling.
    func stop()
}
