import Foundation

/// One D-Bus argument, as sent or received: the basic types, string arrays, and `a{sv}` dictionaries
/// (hints, properties) whose values are variants.
///
/// Anything else a received message carries (structs, other arrays) reads as `.unsupported` with
/// its signature, so a reader sees every position and can tell what it did not get.
public indirect enum DBusValue: Hashable, Sendable {
    /// `y`: an unsigned byte, like a notification's urgency.
    case byte(UInt8)
    /// `b`.
    case bool(Bool)
    /// `n`.
    case int16(Int16)
    /// `q`.
    case uint16(UInt16)
    /// `i`.
    case int32(Int32)
    /// `u`: ids, counts, reasons.
    case uint32(UInt32)
    /// `x`.
    case int64(Int64)
    /// `t`.
    case uint64(UInt64)
    /// `d`.
    case double(Double)
    /// `s`: UTF-8 text.
    case string(String)
    /// `o`: an object's path, like `/org/freedesktop/Notifications`.
    case objectPath(String)
    /// `g`: a type signature, like `a{sv}`.
    case signature(String)
    /// `as`.
    case strings([String])
    /// `a{sv}`: each value travels as a variant of its own type.
    case variants([String: DBusValue])
    /// A received value of a type this enum does not model; `signature` says which.
    case unsupported(signature: String)

    /// The D-Bus type signature of this value, like `s`, `as` or `a{sv}`.
    public var signature: String {
        switch self {
        case .byte: "y"
        case .bool: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .strings: "as"
        case .variants: "a{sv}"
        case .unsupported(let signature): signature
        }
    }

    /// The text of a `.string`, `.objectPath` or `.signature`; nil for any other value.
    public var string: String? {
        switch self {
        case .string(let text), .objectPath(let text), .signature(let text): text
        default: nil
        }
    }

    /// The number of a `.uint32`; nil for any other value.
    public var uint32: UInt32? {
        if case .uint32(let value) = self { value } else { nil }
    }

    /// The number of an `.int32`; nil for any other value.
    public var int32: Int32? {
        if case .int32(let value) = self { value } else { nil }
    }

    /// The truth of a `.bool`; nil for any other value.
    public var bool: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The texts of a `.strings`; nil for any other value.
    public var strings: [String]? {
        if case .strings(let values) = self { values } else { nil }
    }

    /// The entries of a `.variants`; nil for any other value.
    public var variants: [String: DBusValue]? {
        if case .variants(let values) = self { values } else { nil }
    }
}
