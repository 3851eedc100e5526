import Foundation

/// The family server's request and answer bodies (API v1), shared by the server and the devices.
public enum SyncAPI {
    /// The largest batch of mutations one push may carry.
    public static let maximumBatch = 400
    /// The most changes one pull answers with.
    public static let maximumPage = 500

    /// `POST /v1/families`: the family's first device, a parent (or a personal device for one person's settings).
    public struct CreateFamily: Codable, Hashable, Sendable {
        public let deviceID: DeviceID
        public let deviceName: String
        public let mode: DeviceMode
        public init(deviceID: DeviceID, deviceName: String, mode: DeviceMode) {
            self.deviceID = deviceID
            self.deviceName = deviceName
            self.mode = mode
        }
    }

    /// A device's credentials: answered by creating a family and by redeeming a pairing.
    public struct Credentials: Codable, Hashable, Sendable {
        public let familyID: FamilyID
        public let deviceID: DeviceID
        /// The bearer token: shown once, stored hashed by the server.
        public let token: String
        /// An end-to-end family's welcome, as the parent sent it with the pairing (`PairingWelcome`, sealed); only
        /// in the answer to a redeem.
        public let welcome: String?
        public init(familyID: FamilyID, deviceID: DeviceID, token: String, welcome: String? = nil) {
            self.familyID = familyID
            self.deviceID = deviceID
            self.token = token
            self.welcome = welcome
        }
    }

    /// `POST /v1/pairings`: what kind of device may join with it, and for a child's device the child it is for.
    public struct CreatePairing: Codable, Hashable, Sendable {
        public let mode: DeviceMode
        /// The child a child's device belongs to (1…64 characters, the rule of device names): the devices paired
        /// with the same child name are that child's, and read each other's health totals. Only for a child's device.
        public let childName: String?
        /// In an end-to-end family: the welcome sealed with the code's pairing key, which the server hands the
        /// device that redeems the pairing and never reads.
        public let welcome: String?
        public init(mode: DeviceMode, childName: String? = nil, welcome: String? = nil) {
            self.mode = mode
            self.childName = childName
            self.welcome = welcome
        }
    }

    /// A pairing: the one-time secret, when it expires, and the payload for the QR code.
    public struct Pairing: Codable, Hashable, Sendable {
        public let secret: String
        public let mode: DeviceMode
        public let expiresAt: Date
        public let payload: String
        public init(secret: String, mode: DeviceMode, expiresAt: Date, payload: String) {
            self.secret = secret
            self.mode = mode
            self.expiresAt = expiresAt
            self.payload = payload
        }
    }

    /// `POST /v1/pairings/redeem`.
    public struct Redeem: Codable, Hashable, Sendable {
        public let familyID: FamilyID
        public let secret: String
        public let deviceID: DeviceID
        public let deviceName: String
        public let mode: DeviceMode
        /// In an end-to-end family: the device's public keys, stored at redeem, and the proof made with the code's
        /// pairing key that they are its own (`PairingProof`); a pairing with a welcome needs both.
        public let publicKeys: DevicePublicKeys?
        public let pairingProof: PairingProof?
        /// In an end-to-end family: the device's name sealed with the code's pairing key (`PairingKey.sealName`),
        /// which the server keeps with the device and hands to the parents in the key directory.
        public let sealedName: String?
        public init(
            familyID: FamilyID, secret: String, deviceID: DeviceID, deviceName: String, mode: DeviceMode,
            publicKeys: DevicePublicKeys? = nil, pairingProof: PairingProof? = nil, sealedName: String? = nil
        ) {
            self.familyID = familyID
            self.secret = secret
            self.deviceID = deviceID
            self.deviceName = deviceName
            self.mode = mode
            self.publicKeys = publicKeys
            self.pairingProof = pairingProof
            self.sealedName = sealedName
        }
    }

    /// `POST /v1/mutations`.
    public struct Push: Codable, Hashable, Sendable {
        public let mutations: [SyncMutation]
        public init(mutations: [SyncMutation]) { self.mutations = mutations }
    }

    /// What the server did with one mutation.
    public struct MutationResult: Codable, Hashable, Sendable {
        public enum Status: String, Codable, Hashable, Sendable {
            /// Committed now, at `seq`.
            case applied
            /// Committed before (a retried push): nothing done again.
            case duplicate
            /// Refused for good: `reason` says why.
            case rejected
        }

        public let id: MutationID
        public let status: Status
        public let seq: Int64?
        public let reason: String?
        public init(id: MutationID, status: Status, seq: Int64?, reason: String?) {
            self.id = id
            self.status = status
            self.seq = seq
            self.reason = reason
        }
    }

    /// The answer to a push: one result per mutation, in the order sent.
    public struct PushResult: Codable, Hashable, Sendable {
        public let results: [MutationResult]
        public init(results: [MutationResult]) { self.results = results }
    }

    /// `GET /v1/changes?since=TOKEN`: a page of changes in commit order.
    public struct Changes: Codable, Hashable, Sendable {
        public let changes: [SyncChange]
        /// Pass it as `since` next time.
        public let token: String
        /// More changes wait: pull again at once.
        public let moreComing: Bool
        /// The token was older than what the server keeps: drop what was pulled and take this page as the start.
        public let resync: Bool
        public init(changes: [SyncChange], token: String, moreComing: Bool, resync: Bool) {
            self.changes = changes
            self.token = token
            self.moreComing = moreComing
            self.resync = resync
        }
    }

    /// `GET /v1/devices`.
    public struct Devices: Codable, Hashable, Sendable {
        public let devices: [RegisteredDevice]
        public init(devices: [RegisteredDevice]) { self.devices = devices }
    }

    /// `PATCH /v1/devices/{id}`.
    public struct Rename: Codable, Hashable, Sendable {
        public let name: String
        public init(name: String) { self.name = name }
    }

    /// `GET /v1/keys`: the public keys a device may pin and the epoch commits of the scopes it is in.
    public struct Keys: Codable, Hashable, Sendable {
        /// The family's devices with public keys that the caller may see: every one for a parent; the parents and
        /// itself for any other device.
        public let devices: [DeviceKey]
        /// Every epoch of each scope the caller is a member of at the newest epoch, in scope and epoch order,
        /// each with the caller's own wrap when it has one there (none for an epoch before it joined: the chain
        /// opens those).
        public let epochs: [EpochCommit]
        /// For a parent: the newest epoch of every scope of the family, its own or not, so it knows which scopes
        /// still need a first epoch; empty for any other device.
        public let scopes: [ScopeEpoch]
        public init(devices: [DeviceKey], epochs: [EpochCommit], scopes: [ScopeEpoch] = []) {
            self.devices = devices
            self.epochs = epochs
            self.scopes = scopes
        }
    }

    /// A scope and its newest epoch.
    public struct ScopeEpoch: Codable, Hashable, Sendable {
        public let scope: KeyScope
        public let epoch: UInt32
        public init(scope: KeyScope, epoch: UInt32) {
            self.scope = scope
            self.epoch = epoch
        }
    }

    /// A device's public keys, as the server keeps them from the device's own first upload.
    public struct DeviceKey: Codable, Hashable, Sendable {
        public let deviceID: DeviceID
        public let mode: DeviceMode
        public let publicKeys: DevicePublicKeys
        /// A child's device: the name of its child (its person scope, `PersonScope`).
        public let childName: String?
        /// The proof the device sent at redeem that these keys are its own (`PairingProof`): the parent that made
        /// the pairing checks it before it pins the keys.
        public let pairingProof: PairingProof?
        /// The name the device sealed for its pairing's parent at redeem (`PairingKey.sealName`).
        public let sealedName: String?
        public init(
            deviceID: DeviceID, mode: DeviceMode, publicKeys: DevicePublicKeys, childName: String? = nil, pairingProof: PairingProof? = nil,
            sealedName: String? = nil
        ) {
            self.deviceID = deviceID
            self.mode = mode
            self.publicKeys = publicKeys
            self.childName = childName
            self.pairingProof = pairingProof
            self.sealedName = sealedName
        }
    }

    /// The answer to `POST /v1/epochs`: the scope's epoch now.
    public struct EpochCommitted: Codable, Hashable, Sendable {
        public let scope: KeyScope
        public let epoch: UInt32
        public init(scope: KeyScope, epoch: UInt32) {
            self.scope = scope
            self.epoch = epoch
        }
    }

    /// Every refusal's body.
    public struct ErrorBody: Codable, Hashable, Sendable {
        public let error: String
        public let code: String
        public init(error: String, code: String) {
            self.error = error
            self.code = code
        }
    }
}

/// A change-feed position: opaque to devices, the last commit seen to the server.
public enum ChangeToken {
    /// The token before any change.
    public static let start = "0"

    /// The token after `seq`.
    public static func after(_ seq: Int64) -> String { String(seq) }

    /// The token after `seq` in the middle of a full resync: the next page goes on with the resync where this one
    /// ended, rather than starting it again (a token before the newest pruned tombstone would).
    public static func resuming(after seq: Int64) -> String { "r" + String(seq) }

    /// The commit a token stands after, and whether it goes on with a full resync (`resuming(after:)`); nil when
    /// it is not one of the server's tokens.
    public static func position(_ token: String?) -> (seq: Int64, resuming: Bool)? {
        guard let token, token.hasPrefix("r") else { return seq(token).map { ($0, false) } }
        return seq(String(token.dropFirst())).map { ($0, true) }
    }

    /// The commit a token stands after (no token: the start), or nil when it is not one of the server's tokens:
    /// `0` or a number of at most 18 digits without a sign or a leading zero.
    public static func seq(_ token: String?) -> Int64? {
        guard let token else { return 0 }
        guard (1...18).contains(token.utf8.count), token.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              token == "0" || !token.hasPrefix("0")
        else { return nil }
        return Int64(token)
    }
}
