import Foundation

/// The timed notifications waiting to be shown, by id: for a platform whose notifications can't be scheduled ahead.
///
/// ```
///   schedule(id, at, request) ──► pending (replaces the entry with the same id)
///   cancel(id) ─────────────────► gone (harmless when nothing is pending under that id)
///   takeDue(now) ───────────────► every entry at or before now leaves, oldest first, to be presented
/// ```
///
/// The runtime keeps one schedule, applies the task reminders' `ReminderEffect`s and the focus
/// engine's `FocusEffect`s to it, sleeps until `nextDate`, then presents what `takeDue(now:)` returns.
/// Entries are kept in firing order (date, then id), so the stored JSON is stable.
public struct NotificationSchedule: Codable, Hashable, Sendable {
    /// One notification waiting for its time.
    public struct Entry: Codable, Hashable, Sendable {
        /// The id it is scheduled and cancelled by.
        public let id: String
        /// When it should be shown.
        public let date: Date
        /// What is shown.
        public let request: NotificationRequest

        /// An entry with every field given.
        public init(id: String, date: Date, request: NotificationRequest) {
            self.id = id
            self.date = date
            self.request = request
        }
    }

    /// The category of focus-alert notifications: they carry no actions.
    public static let focusCategory = "FOCUS_TIMER"

    /// Every pending entry in firing order: by date, then by id.
    public private(set) var pending: [Entry]

    /// An empty schedule.
    public init() {
        pending = []
    }

    /// A schedule holding `entries`; of two with the same id the later in the list wins.
    public init(entries: [Entry]) {
        self.init()
        for entry in entries { schedule(id: entry.id, at: entry.date, request: entry.request) }
    }

    /// Reads a stored schedule, putting its entries back in firing order with one per id.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(entries: try container.decode([Entry].self, forKey: .pending))
    }

    /// When the earliest pending notification is due, or nil when none is pending.
    public var nextDate: Date? { pending.first?.date }

    /// Schedules `request` at `date` under `id`, replacing an entry with the same id.
    public mutating func schedule(id: String, at date: Date, request: NotificationRequest) {
        cancel(id: id)
        let entry = Entry(id: id, date: date, request: request)
        let index = pending.firstIndex { Self.firesBefore(entry, $0) } ?? pending.endIndex
        pending.insert(entry, at: index)
    }

    /// Drops the entry with `id`, if any.
    public mutating func cancel(id: String) {
        pending.removeAll { $0.id == id }
    }

    /// Removes and returns every request due at or before `now`, oldest first, ties by id.
    public mutating func takeDue(now: Date) -> [NotificationRequest] {
        let count = pending.prefix { $0.date <= now }.count
        let due = pending.prefix(count).map(\.request)
        pending.removeFirst(count)
        return due
    }

    /// Carries out a task reminder's effect.
    public mutating func apply(_ effect: ReminderEffect) {
        switch effect {
        case .schedule(let id, let date, let request):
            schedule(id: id, at: date, request: request)
        case .cancel(let id):
            cancel(id: id)
        }
    }

    /// Carries out the focus engine's alert effects; the others are not about notifications.
    ///
    /// An alarm is scheduled as a notification too: a runtime with only notifications (Linux) asks
    /// the focus engine for `.notificationOnly` and never gets one, but should it, the segment's end
    /// is still announced rather than lost.
    public mutating func apply(_ effect: FocusEffect) {
        switch effect {
        case .scheduleNotification(let alert), .scheduleAlarm(let alert):
            schedule(id: alert.id, at: alert.fireAt, request: alert.notification)
        case .cancelAlert(let id):
            cancel(id: id)
        case .save, .publishStatus, .endStatus:
            break
        }
    }

    private static func firesBefore(_ lhs: Entry, _ rhs: Entry) -> Bool {
        (lhs.date, lhs.id) < (rhs.date, rhs.id)
    }
}

extension FocusAlert {
    /// The notification announcing the segment's end: the alert's id, title and body, no actions.
    public var notification: NotificationRequest {
        NotificationRequest(id: id, title: title, body: body, category: NotificationSchedule.focusCategory, actions: [])
    }
}
