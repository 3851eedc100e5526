import Foundation

/// One D-Bus argument, as sent or received: the basic types, string and byte arrays, `a{sv}` dictionaries
/// (hints, properties) whose values are variants, structs, arrays of any other element, and variants.
///
/// Anything else a received message carries (other dictionaries, file descriptors) reads as `.unsupported`
/// with its signature, so a reader sees every position and can tell what it did not get.
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
    /// `ay`: bytes, like an icon's pixels.
    case bytes([UInt8])
    /// `(…)`: a struct of these fields in order.
    case structure([DBusValue])
    /// `a…`: an array whose elements are all of the type `element` (a signature, like `(ia{sv})` or `v`).
    case array(element: String, [DBusValue])
    /// `v`: a value that carries its own type, where the signature asks for a variant.
    case variant(DBusValue)
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
        case .bytes: "ay"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .array(let element, _): "a" + element
        case .variant: "v"
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

    /// The bytes of a `.bytes`; nil for any other value.
    public var bytes: [UInt8]? {
        if case .bytes(let values) = self { values } else { nil }
    }

    /// The fields of a `.structure`; nil for any other value.
    public var fields: [DBusValue]? {
        if case .structure(let values) = self { values } else { nil }
    }

    /// The elements of an `.array`; nil for any other value.
    public var elements: [DBusValue]? {
        if case .array(_, let values) = self { values } else { nil }
    }

    /// The value a `.variant` holds; any other value is itself.
    public var unwrapped: DBusValue {
        if case .variant(let value) = self { value.unwrapped } else { self }
    }

    /// The entries of a `.variants`; nil for any other value.
    public var variants: [String: DBusValue]? {
        if case .variants(let values) = self { values } else { nil }
    }
}
