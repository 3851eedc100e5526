import Foundation
import GRDB
import Synchronization

/// Writes that arrive together commit together: while one transaction commits, the writes that come in wait,
/// and the next transaction takes all of them, each in a savepoint of its own.
///
/// A busy server thus pays one transaction for a batch instead of one for each write, and the writer's queue is
/// woken once for the batch. Each write still sees everything committed before it and is refused or taken on its
/// own: one that throws rolls back its savepoint alone. Its caller hears the answer only once the transaction
/// holding it committed; when the commit fails, every write of the batch fails with it, and none was acknowledged.
final class GroupCommit: Sendable {
    /// One waiting write: runs in the batch's transaction, and returns how to answer once the batch commits or fails.
    private struct Job: Sendable {
        /// Runs the write; whether it threw, and how to answer.
        let run: @Sendable (Database) -> (threw: Bool, answer: @Sendable ((any Error)?) -> Void)
        let fail: @Sendable (any Error) -> Void
    }

    private struct State {
        var pending: [Job] = []
        var flushing = false
    }

    private let pool: DatabasePool
    private let state = Mutex(State())

    init(_ pool: DatabasePool) {
        self.pool = pool
    }

    /// How many writes wait for the next batch.
    var waiting: Int {
        state.withLock { $0.pending.count }
    }

    /// Runs `body` in the next batch's transaction, inside a savepoint; returns its value once that transaction
    /// committed, or throws what `body` threw (its writes undone) or why the commit failed.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let job = Job(
                run: { db in
                    do {
                        let value = try body(db)
                        return (false, { commitError in
                            if let commitError { continuation.resume(throwing: commitError) } else { continuation.resume(returning: value) }
                        })
                    } catch {
                        // Its own refusal, whatever becomes of the others.
                        return (true, { _ in continuation.resume(throwing: error) })
                    }
                },
                fail: { continuation.resume(throwing: $0) }
            )
            let starts = state.withLock { state in
                state.pending.append(job)
                defer { state.flushing = true }
                return !state.flushing
            }
            if starts { pool.asyncWriteWithoutTransaction { db in self.flush(db) } }
        }
    }

    /// Commits batch after batch on the writer's queue until no write waits.
    private func flush(_ db: Database) {
        while true {
            let jobs = state.withLock { state in
                defer { state.pending = [] }
                if state.pending.isEmpty { state.flushing = false }
                return state.pending
            }
            guard !jobs.isEmpty else { return }
            var answers: [@Sendable ((any Error)?) -> Void] = []
            answers.reserveCapacity(jobs.count)
            do {
                try db.inTransaction(.immediate) {
                    // Prepared once per connection: a batch runs three of them per write.
                    let savepoint = try db.cachedStatement(sql: "SAVEPOINT write")
                    let release = try db.cachedStatement(sql: "RELEASE SAVEPOINT write")
                    let undo = try db.cachedStatement(sql: "ROLLBACK TO SAVEPOINT write")
                    for job in jobs {
                        try savepoint.execute()
                        let (threw, answer) = job.run(db)
                        answers.append(answer)
                        if threw { try undo.execute() }
                        try release.execute()
                    }
                    return .commit
                }
                for answer in answers { answer(nil) }
            } catch {
                // The batch did not commit: no write of it stands, and each hears why (its own refusal first).
                for answer in answers { answer(error) }
                for job in jobs.dropFirst(answers.count) { job.fail(error) }
            }
        }
    }
}
