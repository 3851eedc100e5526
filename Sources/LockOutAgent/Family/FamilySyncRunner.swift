import Foundation
import LockOutCore
import LockOutStore
import Logging
import NIOHTTP1
import LockOutRuntime

/// Family sync inside the running agent: rounds of `FamilySync` on a private queue, started by the
/// server's event stream (a poke means "pull now"), by the agent's transitions when a day's summary
/// changed (sent at most once a minute), by `lockout family sync`, and by the backoff timer after a
/// transient failure. Idle, it waits on the stream's socket, read on the HTTP client's event loop: the
/// server's heartbeat (once a minute) is its only wake-up, and it wakes no thread but that loop's.
///
/// A changed summary is queued in the outbox at once, whatever the minute allows: a day's last activity (a break
/// done at 23:59:32) survives a stop or a kill and goes with the next round. At the start, every day since the
/// last one queued (up to `catchUpDays` back) whose counts changed — while no agent ran — is queued too; and each
/// check looks at yesterday beside today, for what counts on a day after it ended. Today's health totals are
/// queued the same way when they changed, and go with the summaries; health totals another device of the same
/// person sent make the gate read its source at once.
public final class FamilySyncRunner: @unchecked Sendable {
    /// A day summary is sent at most this often while it changes.
    public static let summaryInterval: TimeInterval = 60
    /// How many days back the first check after a start looks for changed counts.
    public static let catchUpDays = 7

    /// Where the runner reads this device's day summaries: the agent's engines and stores.
    public struct Summaries: Sendable {
        /// The device's local day now.
        let today: @Sendable () -> LocalDate
        /// The summary of a day, given the one last queued for it.
        let summary: @Sendable (DeviceID, LocalDate, DailySummary?) throws -> DailySummary
        /// The calendar the days are in.
        let calendar: Calendar

        /// Summaries from `summary`, with days in `calendar`.
        public init(
            calendar: Calendar, today: @escaping @Sendable () -> LocalDate,
            summary: @escaping @Sendable (DeviceID, LocalDate, DailySummary?) throws -> DailySummary
        ) {
            self.calendar = calendar
            self.today = today
            self.summary = summary
        }
    }
    /// The device's health totals in the family: its own shared, and the gate told when another device's arrive.
    public struct HealthTotals: Sendable {
        /// Queues the totals of a day when they changed; answers whether it did.
        let queue: @Sendable (LocalDate) throws -> Bool
        /// Health totals of another device arrived: the gate reads its source again.
        let arrived: @Sendable () -> Void

        /// Hooks that queue through `queue` and tell the gate through `arrived`.
        public init(queue: @escaping @Sendable (LocalDate) throws -> Bool, arrived: @escaping @Sendable () -> Void) {
            self.queue = queue
            self.arrived = arrived
        }
    }

    /// No byte from the event stream for this long means the connection is dead: reconnect.
    public static let streamSilence: TimeInterval = 200

    let sync: FamilySync
    let store: GRDBFamilyStore
    let logger = Logger(label: "lockout.sync")
    /// Every field below is touched on `queue` only.
    let queue = DispatchQueue(label: "lockout.sync")
    private let summaries: Summaries
    private let health: HealthTotals?
    private let notify: @Sendable (String) -> Void
    private let afterRound: @Sendable () -> Void
    private let now: @Sendable () -> Date
    private var timer: (any DispatchSourceTimer)?
    /// The summary last queued for each day lately, as stored.
    private var queuedSummaries: [LocalDate: DailySummary] = [:]
    private var caughtUp = false
    private var lastSummarySentAt: DispatchTime?
    private var summaryPending = false
    private var stream: EventStream?
    private var streamFailures = 0
    private var streamRetry: DispatchTime?
    private var roundDue: Date?
    /// The newest commit of another device's health totals seen after the last round.
    private var healthTotalsSeq: Int64?

    /// A runner of `sync`; `summaries` computes the device's day summaries in the agent, `health` shares its health
    /// totals and hears of others' (nil: none), `notify` shows a failure notice.
    public init(
        sync: FamilySync, store: GRDBFamilyStore, now: @escaping @Sendable () -> Date,
        summaries: Summaries,
        health: HealthTotals? = nil,
        notify: @escaping @Sendable (String) -> Void,
        afterRound: @escaping @Sendable () -> Void = {}
    ) {
        self.afterRound = afterRound
        self.sync = sync
        self.store = store
        self.now = now
        self.summaries = summaries
        self.health = health
        self.notify = notify
    }

    /// Starts syncing when the device is in a family: one round now, then the event stream.
    public func start() {
        queue.async { self.round() }
    }

    /// Stops the stream and the timer and closes the connections.
    public func stop() {
        queue.sync {
            stream?.close()
            stream = nil
            streamRetry = nil
            timer?.cancel()
            timer = nil
        }
        sync.shutdown()
    }

    /// Runs a round now and answers its outcome (`lockout family sync`, or a membership that changed).
    public func syncNow() -> SyncRoundOutcome {
        queue.sync { round() }
    }

    /// Runs a round on the sync queue without blocking the caller's thread.
    public func syncNowAsync() async -> SyncRoundOutcome {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.round()) }
        }
    }

    /// Waits until what was asked of the runner before has been done (a test's barrier).
    public func settle() {
        queue.sync {}
    }

    /// The agent's state changed: queue the day's summary if it changed, and send it (at most once a minute).
    public func stateChanged() {
        queue.async { self.checkSummary() }
    }

    // MARK: - On the queue

    @discardableResult
    private func round() -> SyncRoundOutcome {
        let totalsBefore = healthTotalsSeq ?? newestHealthTotals()
        let outcome = sync.syncOnce()
        roundDue = nil
        switch outcome {
        case .notMember:
            stream?.close()
            stream = nil
            streamRetry = nil
        case .waiting(_, let retryAt):
            roundDue = retryAt
            ensureStream()
        case .synced, .refused:
            ensureStream()
        }
        tellOfFailures()
        noticeHealthTotals(since: totalsBefore)
        checkSummary()
        rearm()
        afterRound()
        return outcome
    }

    /// The newest commit of another device's health totals pulled so far; nil without health hooks.
    private func newestHealthTotals() -> Int64? {
        guard health != nil, let device = try? store.identity(defaultName: DeviceNames.host()).id else { return nil }
        return try? store.newestSeq(of: .healthTotals, notWrittenBy: device)
    }

    /// Tells the gate when the round pulled health totals another device wrote after `before`.
    private func noticeHealthTotals(since before: Int64?) {
        guard let health, let newest = newestHealthTotals() else { return }
        healthTotalsSeq = newest
        if let before, newest != before { health.arrived() }
    }

    private func ensureStream() {
        guard stream == nil, streamRetry == nil, let membership = try? store.membership() else { return }
        let opened = EventStream(membership: membership, silence: Self.streamSilence)
        stream = opened
        opened.open(
            poke: { [weak self] in
                guard let self else { return }
                self.queue.async { self.round() }
            },
            ended: { [weak self] receivedEvents in
                guard let self else { return }
                self.queue.async { self.streamEnded(opened, receivedEvents: receivedEvents) }
            }
        )
    }

    /// The stream closed or failed: open it again after a backoff (at once-ish after a normal close).
    private func streamEnded(_ ended: EventStream, receivedEvents: Bool) {
        guard stream === ended else { return }
        ended.close()
        stream = nil
        streamFailures = receivedEvents ? 1 : streamFailures + 1
        let delay = RetryBackoff.delay(afterAttempt: streamFailures, jitter: Double.random(in: 0..<1))
        logger.info("event stream closed; reopening", metadata: ["in": "\(String(format: "%.1f", delay)) s"])
        streamRetry = .now() + delay
        rearm()
    }

    /// Queues the summary of each day whose counts changed since its last one was queued — today and yesterday,
    /// and after a start every day since the last one queued — then sends, no sooner than a minute after the last send.
    private func checkSummary() {
        guard let identity = try? store.identity(defaultName: DeviceNames.host()),
              identity.mode == .childDevice || identity.mode == .personalDevice,
              (try? store.membership()) != nil
        else { summaryPending = false; return }
        let summariesQueued = queueChangedSummaries(device: identity.id)
        let totalsQueued = queueHealthTotals()
        guard summariesQueued || totalsQueued || summaryPending else { return }
        if let sent = lastSummarySentAt, DispatchTime.now() < sent + Self.summaryInterval {
            summaryPending = true
            rearm()
            return
        }
        lastSummarySentAt = .now()
        summaryPending = false
        if roundDue == nil { round() }
    }

    /// Queues the changed summaries; answers whether any was.
    private func queueChangedSummaries(device: DeviceID) -> Bool {
        let calendar = summaries.calendar
        let today = summaries.today()
        var first = today.adding(days: -1, in: calendar)
        if !caughtUp, let newest = try? store.newestSummaryDay() {
            first = min(first, max(newest, today.adding(days: -Self.catchUpDays, in: calendar)))
        }
        caughtUp = true
        queuedSummaries = queuedSummaries.filter { $0.key >= first }
        var queuedAny = false
        var day = first
        while day <= today {
            defer { day = day.adding(days: 1, in: calendar) }
            do {
                let previous = try queuedSummaries[day] ?? store.queuedSummary(for: day)
                let current = try summaries.summary(device, day, previous)
                queuedSummaries[day] = previous
                guard current.differsInContent(from: previous) else { continue }
                // An earlier day with nothing in it and nothing sent is not worth a record.
                if previous == nil, day < today, current.isEmpty { continue }
                try store.queueSummary(current, id: MutationID(rawValue: UUID()), calendar: calendar, now: now())
                queuedSummaries[day] = current
                queuedAny = true
            } catch {
                logger.error("could not queue a day summary", metadata: ["day": "\(day)", "error": "\(error)"])
            }
        }
        return queuedAny
    }

    /// Queues today's health totals when they changed; answers whether it did.
    private func queueHealthTotals() -> Bool {
        guard let health else { return false }
        do {
            return try health.queue(summaries.today())
        } catch {
            logger.error("could not queue the health totals", metadata: ["error": "\(error)"])
            return false
        }
    }

    /// One notification for each new batch of items the server refused for good.
    private func tellOfFailures() {
        guard let failed = try? store.counts().failed, let progress = try? store.progress() else { return }
        if failed > progress.failedNotified {
            notify("\(failed) change\(failed == 1 ? "" : "s") could not be synced: the family server refused. See 'lockout family status'; 'lockout family retry' sends again.")
        }
        if failed != progress.failedNotified { try? store.updateProgress { $0.failedNotified = failed } }
    }

    /// Arms the one timer for the earliest of: the retry after a transient failure, the next summary.
    private func rearm() {
        var deadlines: [DispatchTime] = []
        if let streamRetry { deadlines.append(streamRetry) }
        if let roundDue { deadlines.append(.now() + max(0, roundDue.timeIntervalSince(now()))) }
        if summaryPending, let sent = lastSummarySentAt { deadlines.append(sent + Self.summaryInterval) }
        guard let earliest = deadlines.min() else {
            timer?.cancel()
            timer = nil
            return
        }
        if timer == nil {
            let source = DispatchSource.makeTimerSource(queue: queue)
            source.setEventHandler { [weak self] in self?.timerFired() }
            source.resume()
            timer = source
        }
        timer?.schedule(deadline: earliest, leeway: .milliseconds(50))
    }

    private func timerFired() {
        if let retry = streamRetry, retry <= .now() + .milliseconds(50) {
            streamRetry = nil
            ensureStream()
        }
        if let due = roundDue, due <= now() + 0.05 {
            round()
        } else if summaryPending {
            checkSummary()
        }
        rearm()
    }
}
