import Foundation
import LockOutRuntime
import Synchronization
import Testing

@Suite("A background refresh's order")
struct BackgroundRefreshTests {
    static let start = Date(timeIntervalSince1970: 1_764_000_000)
    static let planned = start + 3_600

    @Test("started → plan, sync within 15 s, plan again; then the next refresh at the newest plan's date and one successful completion")
    func wholeRefresh() {
        var refresh = BackgroundRefresh()
        #expect(refresh.handle(.started, now: Self.start) == [.armBudget(Self.start + 20), .plan])
        #expect(refresh.handle(.planned(refreshAt: Self.planned), now: Self.start + 1) == [.sync(until: Self.start + 15)])
        #expect(refresh.handle(.synced, now: Self.start + 9) == [.plan])
        let later = Self.planned + 60
        #expect(refresh.handle(.planned(refreshAt: later), now: Self.start + 10)
            == [.disarmBudget, .submit(later), .complete(success: true)])
        #expect(refresh.phase == .done)
        #expect(refresh.handle(.budgetReached, now: Self.start + 20) == [])
        #expect(refresh.handle(.expired, now: Self.start + 29) == [])
    }

    @Test("the budget reached during the round stops it and completes unsuccessfully once, asking again at the first plan's date")
    func budgetReachedWhileSyncing() {
        var refresh = BackgroundRefresh()
        _ = refresh.handle(.started, now: Self.start)
        _ = refresh.handle(.planned(refreshAt: Self.planned), now: Self.start + 1)
        #expect(refresh.handle(.budgetReached, now: Self.start + 20)
            == [.disarmBudget, .stopWork, .submit(Self.planned), .complete(success: false)])
        #expect(refresh.handle(.synced, now: Self.start + 21) == [])
        #expect(refresh.handle(.expired, now: Self.start + 25) == [])
    }

    @Test("the system's expiry before any plan asks again after the retry delay and completes unsuccessfully once")
    func expiredBeforeAnyPlan() {
        var refresh = BackgroundRefresh()
        _ = refresh.handle(.started, now: Self.start)
        #expect(refresh.handle(.expired, now: Self.start + 4)
            == [.disarmBudget, .stopWork, .submit(Self.start + 4 + BackgroundRefresh.retryAfter), .complete(success: false)])
        #expect(refresh.handle(.planned(refreshAt: Self.planned), now: Self.start + 5) == [])
    }

    @Test("plans that could not be made complete the refresh unsuccessfully, asking again after the retry delay")
    func noPlan() {
        var refresh = BackgroundRefresh()
        _ = refresh.handle(.started, now: Self.start)
        _ = refresh.handle(.planned(refreshAt: nil), now: Self.start + 1)
        _ = refresh.handle(.synced, now: Self.start + 2)
        #expect(refresh.handle(.planned(refreshAt: nil), now: Self.start + 3)
            == [.disarmBudget, .submit(Self.start + 3 + BackgroundRefresh.retryAfter), .complete(success: false)])
    }

    @Test("an expiry before the start (the system took the task back at once) completes it once")
    func expiredBeforeStart() {
        var refresh = BackgroundRefresh()
        #expect(refresh.handle(.expired, now: Self.start) == [.submit(Self.start + BackgroundRefresh.retryAfter), .complete(success: false)])
        #expect(refresh.handle(.started, now: Self.start) == [])
    }

    @Test("the budget is below the system's 30 seconds, and the round ends before it with time left to plan again")
    func budgetFitsTheSystem() {
        #expect(BackgroundRefresh.budget <= 20)
        #expect(BackgroundRefresh.syncBudget < BackgroundRefresh.budget)
    }
}

@Suite("A background refresh run over a manual clock")
struct BackgroundRefreshRunTests {
    static let start = Date(timeIntervalSince1970: 1_764_000_000)

    /// What the run told the system, and a round that only ends when it is stopped.
    final class System: Sendable {
        let timer = ManualDeadlineTimer()
        let clock = Mutex(BackgroundRefreshRunTests.start)
        let calls = Mutex<[String]>([])
        let round = Mutex<RoundBudget?>(nil)
        let completed: AsyncStream<Bool>
        private let completion: AsyncStream<Bool>.Continuation
        let roundStarted: AsyncStream<Void>
        private let roundStart: AsyncStream<Void>.Continuation
        let plans: Mutex<[Date?]>

        init(plans: [Date?]) {
            (completed, completion) = AsyncStream.makeStream(of: Bool.self)
            (roundStarted, roundStart) = AsyncStream.makeStream(of: Void.self)
            self.plans = Mutex(plans)
        }

        func run(roundEndsAlone: Bool) -> BackgroundRefreshRun {
            BackgroundRefreshRun(
                timer: timer, now: { self.clock.withLock { $0 } },
                work: BackgroundRefreshWork(
                    plan: {
                        self.calls.withLock { $0.append("plan") }
                        return self.plans.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                    },
                    sync: { budget in
                        self.calls.withLock { $0.append("sync until \(budget.deadline.map { Int($0.timeIntervalSince(BackgroundRefreshRunTests.start)) } ?? -1)") }
                        self.round.withLock { $0 = budget }
                        self.roundStart.yield()
                        guard !roundEndsAlone else { return }
                        // A round blocked on the network until the budget stops it.
                        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in budget.whenStopped { done.resume() } }
                        self.calls.withLock { $0.append("round stopped") }
                    }
                ),
                submit: { date in self.calls.withLock { $0.append("submit +\(Int(date.timeIntervalSince(BackgroundRefreshRunTests.start)))") } },
                complete: { success in
                    self.calls.withLock { $0.append("complete \(success)") }
                    self.completion.yield(success)
                }
            )
        }
    }

    @Test("a refresh whose round ends in time plans, syncs, plans again, asks again and completes once, successfully")
    func inTime() async {
        let system = System(plans: [Self.start + 600, Self.start + 900])
        let run = system.run(roundEndsAlone: true)
        run.start()
        #expect(system.timer.deadline == Self.start + 20)
        var completions = system.completed.makeAsyncIterator()
        #expect(await completions.next() == true)
        await run.settled()
        #expect(system.calls.withLock { $0 } == ["plan", "sync until 15", "plan", "submit +900", "complete true"])
        #expect(system.timer.deadline == nil)
        run.expire()
        system.timer.fire()
        #expect(system.calls.withLock { $0 }.filter { $0.hasPrefix("complete") }.count == 1)
    }

    @Test("the budget reached while the round waits on the network stops the round and completes once, unsuccessfully")
    func budgetStopsTheRound() async {
        let system = System(plans: [Self.start + 600])
        let run = system.run(roundEndsAlone: false)
        run.start()
        var started = system.roundStarted.makeAsyncIterator()
        await started.next()
        system.clock.withLock { $0 = Self.start + 20 }
        system.timer.fire()
        var completions = system.completed.makeAsyncIterator()
        #expect(await completions.next() == false)
        await run.settled()
        #expect(system.round.withLock { $0?.isSpent } == true)
        // The stopped round returns on its own task, whenever it runs: beside the system's calls, not among them.
        #expect(system.calls.withLock { $0 }.filter { $0 != "round stopped" } == ["plan", "sync until 15", "submit +600", "complete false"])
        #expect(system.calls.withLock { $0 }.contains("round stopped"))
        run.expire()
        #expect(system.calls.withLock { $0 }.filter { $0.hasPrefix("complete") }.count == 1)
        #expect(run.phase == .done)
    }

    @Test("the system's expiry stops the round at once, before the budget, and the task completes once")
    func expiryStopsTheRound() async {
        let system = System(plans: [nil])
        let run = system.run(roundEndsAlone: false)
        run.start()
        var started = system.roundStarted.makeAsyncIterator()
        await started.next()
        system.clock.withLock { $0 = Self.start + 7 }
        run.expire()
        var completions = system.completed.makeAsyncIterator()
        #expect(await completions.next() == false)
        await run.settled()
        let retry = 7 + Int(BackgroundRefresh.retryAfter)
        #expect(system.calls.withLock { $0 }.filter { $0 != "round stopped" } == ["plan", "sync until 15", "submit +\(retry)", "complete false"])
        #expect(system.calls.withLock { $0 }.contains("round stopped"))
        #expect(system.timer.deadline == nil)
        system.timer.fire()
        #expect(system.calls.withLock { $0 }.count == 5)
    }
}
