import Foundation

/// What may hold a break back while the person cannot take it.
public enum DeferralReason: String, Codable, Hashable, Sendable, CaseIterable, Comparable {
    /// The focused window is full screen: a presentation, a film, a game.
    case fullScreen = "full-screen"
    /// A camera or a microphone is in use: a call.
    case call
    /// The desktop's do-not-disturb is on.
    case doNotDisturb = "do-not-disturb"
    /// A program the person chose is running, or focused (`DeferralSettings.programs`).
    case program

    /// How `lockout status` says it.
    public var text: String {
        switch self {
        case .fullScreen: "a full-screen window"
        case .call: "a call"
        case .doNotDisturb: "do not disturb"
        case .program: "a chosen program"
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
    /// The chosen programs that hold breaks back, by name, while `reasons` has `program`.
    public var programs: [DeferredProgram]
    /// The maximum ran out while a reason still held: breaks run as usual, and no new deferral starts
    /// until every reason is gone.
    public var spent: Bool

    public init(since: Date, until: Date, reasons: [DeferralReason], programs: [DeferredProgram] = [], spent: Bool = false) {
        self.since = since
        self.until = until
        self.reasons = reasons.sorted()
        self.programs = programs.sorted()
        self.spent = spent
    }

    /// Each reason as `lockout status` says it: a chosen program by its name (`game running`, `slides in focus`).
    public var reasonTexts: [String] {
        reasons.flatMap { reason -> [String] in
            guard reason == .program, !programs.isEmpty else { return [reason.text] }
            return programs.map(\.holdingText)
        }
    }

    private enum CodingKeys: String, CodingKey { case since, until, reasons, programs, spent }

    /// Reads a deferral; one kept before chosen programs existed has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            since: try container.decode(Date.self, forKey: .since),
            until: try container.decode(Date.self, forKey: .until),
            reasons: try container.decode([DeferralReason].self, forKey: .reasons),
            programs: try container.decodeIfPresent([DeferredProgram].self, forKey: .programs) ?? [],
            spent: try container.decode(Bool.self, forKey: .spent)
        )
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
    /// Programs that hold breaks back while they run or have focus, in the order chosen (at most `maxPrograms`).
    public var programs: [DeferredProgram]

    public init(
        fullScreen: Bool = true, calls: Bool = true, doNotDisturb: Bool = true, maxDeferralMinutes: Int = 60,
        callAllowList: [String] = [], programs: [DeferredProgram] = []
    ) {
        self.fullScreen = fullScreen
        self.calls = calls
        self.doNotDisturb = doNotDisturb
        self.maxDeferralMinutes = maxDeferralMinutes
        self.callAllowList = callAllowList
        self.programs = programs
    }

    /// The reasons switched on.
    public var enabledReasons: Set<DeferralReason> {
        var reasons: Set<DeferralReason> = []
        if fullScreen { reasons.insert(.fullScreen) }
        if calls { reasons.insert(.call) }
        if doNotDisturb { reasons.insert(.doNotDisturb) }
        if !programs.isEmpty { reasons.insert(.program) }
        return reasons
    }

    public var maxDeferral: TimeInterval { TimeInterval(maxDeferralMinutes * 60) }

    private enum CodingKeys: String, CodingKey { case fullScreen, calls, doNotDisturb, maxDeferralMinutes, callAllowList, programs }

    /// Reads settings; anything missing takes its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            fullScreen: try container.decodeIfPresent(Bool.self, forKey: .fullScreen) ?? true,
            calls: try container.decodeIfPresent(Bool.self, forKey: .calls) ?? true,
            doNotDisturb: try container.decodeIfPresent(Bool.self, forKey: .doNotDisturb) ?? true,
            maxDeferralMinutes: try container.decodeIfPresent(Int.self, forKey: .maxDeferralMinutes) ?? 60,
            callAllowList: try container.decodeIfPresent([String].self, forKey: .callAllowList) ?? [],
            programs: try container.decodeIfPresent([DeferredProgram].self, forKey: .programs) ?? []
        )
    }
}

/// Where the desktop tells what may defer breaks: a full-screen window and do-not-disturb are watched
/// (`onChange` is told when they may have changed), a call is looked for when asked.
public protocol DeferralSensing: AnyObject, Sendable {
    /// The reasons among `enabled` that hold now; cheap enough to ask when a break is about to fall due.
    /// A chosen program is asked of `programsHolding` instead.
    func currentReasons(enabled: Set<DeferralReason>, callAllowList: [String]) -> Set<DeferralReason>
    /// Which of `programs` hold breaks now: those chosen for `running` that run, those chosen for `focused` that
    /// have focus. Asked at the same moments as `currentReasons`, never on a timer of its own.
    func programsHolding(_ programs: [DeferredProgram]) -> [DeferredProgram]
    /// Starts telling `onChange` (on a private queue) when a watched reason may have changed.
    func start(onChange: @escaping @Sendable () -> Void)
    /// Stops telling.
    func stop()
}

extension DeferralSensing {
    /// A sensor that cannot see programs finds none holding.
    public func programsHolding(_ programs: [DeferredProgram]) -> [DeferredProgram] { [] }
}
