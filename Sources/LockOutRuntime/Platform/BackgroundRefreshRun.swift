import Foundation
import Synchronization

/// What a background refresh does, as the app composes it: make the plans and hand them to the system (answering
/// their next refresh, nil when none could be made), and run a family round within a budget.
public struct BackgroundRefreshWork: Sendable {
    public let plan: @Sendable () async -> Date?
    public let sync: @Sendable (RoundBudget) async -> Void

    public init(plan: @escaping @Sendable () async -> Date?, sync: @escaping @Sendable (RoundBudget) async -> Void) {
        self.plan = plan
        self.sync = sync
    }
}

/// Carries out one `BackgroundRefresh`: its budget on a deadline waiter (a `ManualDeadlineTimer` in tests), the
/// work, and the system's two calls — `submit` the next refresh, `complete` the task — each made once. The
/// adapter creates one per task the system launches, hands `expire()` to the task's expiration handler, and
/// calls `start()`.
public final class BackgroundRefreshRun: Sendable {
    private let timer: any DeadlineWaiting
    private let now: @Sendable () -> Date
    private let work: BackgroundRefreshWork
    private let submit: @Sendable (Date) -> Void
    private let complete: @Sendable (Bool) -> Void
    private let state = Mutex(State())

    private struct State {
        var refresh = BackgroundRefresh()
        var round: RoundBudget?
        var tasks: [Task<Void, Never>] = []
    }

    public init(
        timer: any DeadlineWaiting, now: @escaping @Sendable () -> Date, work: BackgroundRefreshWork,
        submit: @escaping @Sendable (Date) -> Void, complete: @escaping @Sendable (Bool) -> Void
    ) {
        self.timer = timer
        self.now = now
        self.work = work
        self.submit = submit
        self.complete = complete
        timer.onEvent = { [weak self] event in
            // The dispatch timer never reports clock changes; a budget is reached only when its deadline is.
            if event == .deadlineReached { self?.handle(.budgetReached) }
        }
    }

    /// The system launched the task: the budget starts, and the work.
    public func start() { handle(.started) }

    /// The system's expiration handler: the work is stopped and the task completed at once.
    public func expire() { handle(.expired) }

    /// Where the refresh is.
    public var phase: BackgroundRefresh.Phase { state.withLock { $0.refresh.phase } }

    /// Waits for the work started so far to return (a stopped round returns soon after it is stopped).
    public func settled() async {
        var seen = 0
        while true {
            let tasks = state.withLock { $0.tasks }
            guard tasks.count > seen else { return }
            for task in tasks[seen...] { await task.value }
            seen = tasks.count
        }
    }

    private func handle(_ event: BackgroundRefresh.Event) {
        let at = now()
        let effects = state.withLock { $0.refresh.handle(event, now: at) }
        for effect in effects { perform(effect) }
    }

    private func perform(_ effect: BackgroundRefresh.Effect) {
        switch effect {
        case .armBudget(let deadline): timer.arm(at: deadline)
        case .disarmBudget: timer.arm(at: nil)
        case .plan:
            spawn { [work] run in run.handle(.planned(refreshAt: await work.plan())) }
        case .sync(let until):
            let round = RoundBudget(until: until, now: now)
            state.withLock { $0.round = round }
            spawn { [work] run in
                await work.sync(round)
                run.handle(.synced)
            }
        case .stopWork:
            let (round, tasks) = state.withLock { ($0.round, $0.tasks) }
            round?.stop()
            for task in tasks { task.cancel() }
        case .submit(let date): submit(date)
        case .complete(let success): complete(success)
        }
    }

    /// Runs `body` on a task the run keeps, so that `.stopWork` cancels it and `settled()` waits for it.
    private func spawn(_ body: @escaping @Sendable (BackgroundRefreshRun) async -> Void) {
        let task = Task { await body(self) }
        state.withLock { $0.tasks.append(task) }
    }
}
