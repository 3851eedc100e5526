import Foundation

/// Something in an end-to-end family a person should know of, because it means the server may not be doing its
/// job: what a device refused of the feed, a device's removal nobody confirmed, keys the server changed. Kept per
/// kind and device on the device that saw it, counted, dated, and shown in its family status until a week after it
/// was last seen (`shownFor`).
public struct FamilyWarning: Codable, Hashable, Sendable {
    /// What happened.
    public enum Kind: String, Codable, CaseIterable, Hashable, Sendable {
        /// Records of the device came in an older version than this device holds: refused, the newer copies kept.
        case rolledBack
        /// Records of the device did not open: changed, swapped or forged on the way.
        case tampered
        /// Records of the device came unencrypted, or in no container this device reads.
        case notSealed
        /// Commands or configuration under the device's name that no parent signed.
        case unsigned
        /// Records said to come from a parent device that is not pinned as one.
        case unknownWriter
        /// The server said the device was removed from the family, but its device list still has it.
        case unconfirmedRemoval
        /// The server lists other keys for the device than it was paired with (for this device: than its own).
        case changedKeys
        /// A scope's next keys wait for the device, whose keys changed (`detail` names the scopes).
        case rotationWaits

        /// The warning a record's refusal is counted as.
        public init(_ refusal: SealedRecordReader.Refusal) {
            switch refusal {
            case .rolledBack: self = .rolledBack
            case .tampered: self = .tampered
            case .plaintext, .malformed: self = .notSealed
            case .unsigned: self = .unsigned
            case .unknownWriter: self = .unknownWriter
            }
        }
    }

    public let kind: Kind
    /// The device it is about: the writer of the records, the device removed or whose keys changed.
    public let device: DeviceID
    /// How many times it was seen: records refused, removals refused, rounds the keys differed.
    public var count: Int
    public let since: Date
    public var last: Date
    /// For `rotationWaits`, the scopes that wait.
    public var detail: String?

    public init(kind: Kind, device: DeviceID, count: Int = 1, since: Date, last: Date? = nil, detail: String? = nil) {
        self.kind = kind
        self.device = device
        self.count = count
        self.since = since
        self.last = last ?? since
        self.detail = detail
    }

    /// How long after it was last seen a warning is still shown.
    public static let shownFor: TimeInterval = 7 * 86_400

    /// Whether the warning is still shown at `now`.
    public func isShown(at now: Date) -> Bool {
        now.timeIntervalSince(last) < Self.shownFor
    }

    /// The warning in words a parent understands: what happened, since when (`sinceText`, the date as the caller
    /// writes dates), and what to do. `name` is how the family calls `device`; `isMe` says it is this device.
    public func sentence(name: String, isMe: Bool, sinceText: String) -> String {
        let records = Counted.words(count, "record")
        switch kind {
        case .rolledBack:
            return "The server sent older versions of \(records) of \(name) than this device holds (since \(sinceText)): "
                + "they were refused and the newer copies kept. The server may have been restored from a backup: ask whoever runs it. "
                + "If it was not, the server is changing your family's data."
        case .tampered:
            return "\(records.capitalizedFirst) of \(name) did not open (since \(sinceText)): changed, swapped or forged on the way, "
                + "and refused. If this goes on, the family server is not to be trusted with your family."
        case .notSealed:
            return "\(records.capitalizedFirst) of \(name) came unencrypted or unreadable in this end-to-end family (since \(sinceText)) "
                + "and \(count == 1 ? "was" : "were") refused. The family server sent \(count == 1 ? "it" : "them"), not \(name)."
        case .unsigned:
            return "\(Counted.words(count, "command")) said to come from \(name) carried no parent's signature (since \(sinceText)) "
                + "and \(count == 1 ? "was" : "were") not applied. Only a parent device's own commands are."
        case .unknownWriter:
            return "\(records.capitalizedFirst) of \(name), which the server calls a parent device and no parent vouched for, "
                + "\(count == 1 ? "was" : "were") refused (since \(sinceText))."
        case .unconfirmedRemoval:
            return "The server said \(name) was removed from the family (\(sinceText)), but the family's device list still has it: "
                + "this device kept \(name)'s data. If a parent removes it, its data goes at the next sync."
        case .changedKeys where isMe:
            return "The server lists other keys for this device than its own (since \(sinceText)): the family's devices share no new keys with it, "
                + "so what they write stays closed here. Ask a parent to remove this device ('lockout family remove') and pair it again."
        case .changedKeys:
            return "The server lists other keys for \(name) than it was paired with (since \(sinceText)): nothing new is shared with \(name) "
                + "until it is paired again. Remove it ('lockout family remove \(name)') and pair it again with a new code."
        case .rotationWaits:
            return "New keys for \(detail ?? "a scope") wait for \(name), whose keys changed (since \(sinceText)): "
                + "they are made once \(name) is paired again."
        }
    }
}

/// Counts in words with their nouns in the right number: "1 record", "3 records".
public enum Counted {
    /// `count` and `noun`, plural unless the count is 1.
    public static func words(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// `count` and `noun` with the verb that agrees with them: "1 record waits", "2 records wait".
    public static func words(_ count: Int, _ noun: String, verb singular: String, plural: String) -> String {
        "\(words(count, noun)) \(count == 1 ? singular : plural)"
    }
}

extension String {
    /// The text with its first letter in capitals.
    var capitalizedFirst: String {
        prefix(1).uppercased() + dropFirst()
    }
}
