import Foundation

/// How a program counts on a child's device once rewards exist: learning earns points, reward spends them.
public enum AppCategory: String, Codable, CaseIterable, Hashable, Sendable {
    case learning
    case reward
    case blocked
}

/// A parent's configuration of one program on a child's device (seed 002's AppConfiguration).
public struct AppConfiguration: Codable, Hashable, Sendable {
    /// The program's stable name on the device: its executable on Linux.
    public let logicalID: String
    public var displayName: String
    public var category: AppCategory
    public var pointsPerMinute: Int
    public var isEnabled: Bool
    public var blockingEnabled: Bool
    public let dateAdded: Date
    public var lastModified: Date
    /// The device the configuration is for.
    public let deviceID: DeviceID

    /// A configuration of `logicalID` on `deviceID`.
    public init(
        logicalID: String, displayName: String, category: AppCategory, pointsPerMinute: Int = 0,
        isEnabled: Bool = true, blockingEnabled: Bool, dateAdded: Date, lastModified: Date, deviceID: DeviceID
    ) {
        self.logicalID = logicalID
        self.displayName = displayName
        self.category = category
        self.pointsPerMinute = pointsPerMinute
        self.isEnabled = isEnabled
        self.blockingEnabled = blockingEnabled
        self.dateAdded = dateAdded
        self.lastModified = lastModified
        self.deviceID = deviceID
    }
}

/// One stretch of a program's use on a child's device (seed 002's UsageRecord).
public struct UsageRecord: Codable, Hashable, Sendable {
    public let recordID: UUID
    public let logicalID: String
    public let displayName: String
    public let sessionStart: Date
    public let sessionEnd: Date
    public let totalSeconds: Int
    public let earnedPoints: Int
    public let category: AppCategory
    public let deviceID: DeviceID

    /// A usage record.
    public init(
        recordID: UUID, logicalID: String, displayName: String, sessionStart: Date, sessionEnd: Date,
        totalSeconds: Int, earnedPoints: Int, category: AppCategory, deviceID: DeviceID
    ) {
        self.recordID = recordID
        self.logicalID = logicalID
        self.displayName = displayName
        self.sessionStart = sessionStart
        self.sessionEnd = sessionEnd
        self.totalSeconds = totalSeconds
        self.earnedPoints = earnedPoints
        self.category = category
        self.deviceID = deviceID
    }
}

/// A device's day at a glance, as a parent sees it (seed 002's DailySummary, with LockOut's breaks, focus and gate).
public struct DailySummary: Codable, Hashable, Sendable {
    public let deviceID: DeviceID
    public let date: LocalDate
    public var breaksCompleted: Int
    public var breaksSkipped: Int
    public var focusMinutes: Int
    public var steps: Int
    public var gateOpened: Bool
    public var learningSeconds: Int
    public var rewardSeconds: Int
    public var points: Int
    /// Seconds per program, once usage is sampled.
    public var appsUsed: [String: Int]
    /// The child's rewards as they stood (balance, quest, streak, badges, programs, recent ledger); nil
    /// from a device without rewards or a version before them.
    public var rewards: RewardsSnapshot?
    public var lastUpdated: Date

    /// A summary of `date` on `deviceID`.
    public init(
        deviceID: DeviceID, date: LocalDate, breaksCompleted: Int = 0, breaksSkipped: Int = 0, focusMinutes: Int = 0,
        steps: Int = 0, gateOpened: Bool = false, learningSeconds: Int = 0, rewardSeconds: Int = 0, points: Int = 0,
        appsUsed: [String: Int] = [:], rewards: RewardsSnapshot? = nil, lastUpdated: Date
    ) {
        self.deviceID = deviceID
        self.date = date
        self.breaksCompleted = breaksCompleted
        self.breaksSkipped = breaksSkipped
        self.focusMinutes = focusMinutes
        self.steps = steps
        self.gateOpened = gateOpened
        self.learningSeconds = learningSeconds
        self.rewardSeconds = rewardSeconds
        self.points = points
        self.appsUsed = appsUsed
        self.rewards = rewards
        self.lastUpdated = lastUpdated
    }

    /// Completed breaks as a share of answered ones, 0…100; nil when none were answered.
    public var compliancePercent: Int? {
        let answered = breaksCompleted + breaksSkipped
        guard answered > 0 else { return nil }
        return Int((Double(breaksCompleted) * 100 / Double(answered)).rounded())
    }

    /// Whether nothing happened on the day: no break answered, no focus, steps, learning, reward time or points.
    public var isEmpty: Bool {
        breaksCompleted == 0 && breaksSkipped == 0 && focusMinutes == 0 && steps == 0 && learningSeconds == 0
            && rewardSeconds == 0 && points == 0 && appsUsed.isEmpty
    }

    /// Whether what a parent sees differs from `other` (the time of the update aside).
    public func differsInContent(from other: DailySummary?) -> Bool {
        guard var other else { return true }
        other.lastUpdated = lastUpdated
        return other != self
    }
}

/// A device of the family as the server registers it (seed 002's RegisteredDevice).
public struct RegisteredDevice: Codable, Hashable, Sendable {
    public let deviceID: DeviceID
    public var deviceName: String
    public let deviceType: DeviceMode
    public var childName: String?
    /// The parent device that paired it; nil for the family's first device.
    public let parentDeviceID: DeviceID?
    public let registrationDate: Date
    /// When the device last pushed or pulled.
    public var lastSyncDate: Date?
    /// False once revoked.
    public var isActive: Bool

    /// A registered device.
    public init(
        deviceID: DeviceID, deviceName: String, deviceType: DeviceMode, childName: String? = nil,
        parentDeviceID: DeviceID?, registrationDate: Date, lastSyncDate: Date?, isActive: Bool
    ) {
        self.deviceID = deviceID
        self.deviceName = deviceName
        self.deviceType = deviceType
        self.childName = childName
        self.parentDeviceID = parentDeviceID
        self.registrationDate = registrationDate
        self.lastSyncDate = lastSyncDate
        self.isActive = isActive
    }

    /// A device seen within this long counts as online.
    public static let onlineWindow: TimeInterval = 3 * 60

    /// Whether the device synced within `onlineWindow` of `now`.
    public func isOnline(now: Date) -> Bool {
        guard isActive, let lastSyncDate else { return false }
        return now.timeIntervalSince(lastSyncDate) <= Self.onlineWindow
    }
}
