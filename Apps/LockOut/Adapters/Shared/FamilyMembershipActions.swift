import Foundation
import LockOutRuntime

/// Starting or joining a family from the pairing screen, through `FamilyService`, whose calls wait on the family
/// server: they run on a queue of their own, one at a time, never on the main actor nor on Swift's shared threads.
/// Each answers nil when it worked, or the service's refusal in its own words.
struct FamilyMembershipActions: Sendable {
    /// The device's family side.
    let service: FamilyService

    /// Starts a family on the server at `server` with this (parent or personal) device as its first member.
    func create(server: String) async -> String? {
        let service = service
        return await Self.refusal { _ = try service.create(server: server) }
    }

    /// Joins the family a pasted or scanned pairing code names, as this (child or personal) device.
    func join(code: String) async -> String? {
        let service = service
        return await Self.refusal { _ = try service.join(payload: code) }
    }

    private static let queue = DispatchQueue(label: "org.lockout.family-membership")

    private static func refusal(_ work: @escaping @Sendable () throws -> Void) async -> String? {
        await withCheckedContinuation { continuation in
            queue.async {
                do {
                    try work()
                    continuation.resume(returning: nil)
                } catch {
                    continuation.resume(returning: "\(error)")
                }
            }
        }
    }
}
