import Foundation

/// The queue that calls which block their thread — the family server's, through `FamilyService` — run on.
private let blockingQueue = DispatchQueue(label: "lockout.presentation.blocking")

/// Runs `work`, which blocks its thread until the family server answers, on a queue of the presentation layer's
/// own, one call at a time: never on the main actor, and never on Swift's shared pool of threads, where a blocked
/// thread holds up every task (the runtime's among them).
func offMain<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        blockingQueue.async { continuation.resume(with: Result { try work() }) }
    }
}
