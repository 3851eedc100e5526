import Foundation

/// Runs `work`, a blocking call into a service (a database read, a round trip to the family server), away from
/// the main actor, so the screen keeps drawing while it waits.
func offMain<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await Task.detached { try work() }.value
}
