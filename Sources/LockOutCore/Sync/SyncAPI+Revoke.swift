import Foundation

extension SyncAPI {
    /// `POST /v1/devices/{id}/revoke`'s optional body: the next epoch of each scope the revoked device was a member
    /// of, with wraps for the remaining members only, which the server commits in the revocation's transaction
    /// (all of it, or nothing). A scope left out stays pending rotation: no sealed record is taken into it until a
    /// parent commits its next epoch.
    public struct Revoke: Codable, Hashable, Sendable {
        public let rotations: [EpochCommit]

        /// The most rotations one revocation carries: the parents' scope and one scope per child device.
        public static let maximumRotations = 128

        public init(rotations: [EpochCommit]) {
            self.rotations = rotations
        }

        private enum CodingKeys: String, CodingKey {
            case rotations
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            rotations = try container.decode([EpochCommit].self, forKey: .rotations)
            guard rotations.count <= Self.maximumRotations else {
                throw DecodingError.dataCorruptedError(forKey: .rotations, in: container,
                                                       debugDescription: "at most \(Self.maximumRotations) rotations")
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(rotations, forKey: .rotations)
        }
    }
}
