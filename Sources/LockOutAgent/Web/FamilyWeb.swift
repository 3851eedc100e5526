import Foundation
import LockOutCore
import LockOutWeb
import LockOutRuntime

/// The family side of the web app: `FamilyService`'s calls, which wait on the family server, run on a
/// queue of their own so that neither the web server nor the agent waits for the network.
public final class FamilyWeb: Sendable {
    private let service: FamilyService
    private let queue = DispatchQueue(label: "lockout.web.family")

    public init(service: FamilyService) {
        self.service = service
    }

    /// Runs `work` on the family queue and answers its result.
    func run<Value: Sendable>(_ work: @escaping @Sendable (FamilyService) throws -> Value) async throws -> Value {
        let service = service
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work(service) }) }
        }
    }

    /// What the Family page shows for this device.
    func model() async throws -> FamilyPage.Model {
        try await run { service in
            let identity = try service.identity()
            guard let mode = identity.mode else { return .noMode }
            let status = try service.status()
            guard status.family != nil else { return .notMember(mode) }
            guard mode == .parentDevice else { return .member(mode, status: status) }
            let commands = try service.sentCommands()
            do {
                return .parent(devices: try service.devices(), unreachable: nil, commands: commands, status: status)
            } catch let error as FamilyClientError {
                return .parent(devices: nil, unreachable: WebForm.sentence(error.description), commands: commands, status: status)
            }
        }
    }
}

/// How a refusal from the family side reads on a page.
enum FamilyRefusal {
    /// The message for `error` when it is a refusal a person can act on; nil for anything else.
    static func message(_ error: any Error) -> String? {
        switch error {
        case let error as FamilyInputError: WebForm.sentence(error.description)
        case let error as FamilyClientError: WebForm.sentence(error.description)
        default: nil
        }
    }
}
