#if canImport(CSystemd)
import CSystemd
import Foundation

/// Appends `DBusValue`s to an sd-bus message through the non-variadic calls (`append_basic`,
/// `open_container`), since Swift cannot call sd-bus's variadic `sd_bus_message_append`.
enum DBusMessageWriter {
    /// Appends `values` in order; throws when sd-bus refuses one (like text that is not a valid object path).
    static func append(_ values: [DBusValue], to message: OpaquePointer) throws(DBusError) {
        for value in values {
            try append(value, to: message)
        }
    }

    static func append(_ value: DBusValue, to message: OpaquePointer) throws(DBusError) {
        let code = DBusTypeCode.self
        let result: Int32
        switch value {
        case .byte(var number): result = sd_bus_message_append_basic(message, code.byte, &number)
        case .bool(let truth):
            var number: Int32 = truth ? 1 : 0  // sd-bus reads a boolean as a C int
            result = sd_bus_message_append_basic(message, code.bool, &number)
        case .int16(var number): result = sd_bus_message_append_basic(message, code.int16, &number)
        case .uint16(var number): result = sd_bus_message_append_basic(message, code.uint16, &number)
        case .int32(var number): result = sd_bus_message_append_basic(message, code.int32, &number)
        case .uint32(var number): result = sd_bus_message_append_basic(message, code.uint32, &number)
        case .int64(var number): result = sd_bus_message_append_basic(message, code.int64, &number)
        case .uint64(var number): result = sd_bus_message_append_basic(message, code.uint64, &number)
        case .double(var number): result = sd_bus_message_append_basic(message, code.double, &number)
        case .string(let text): result = appendText(text, code.string, to: message)
        case .objectPath(let text): result = appendText(text, code.objectPath, to: message)
        case .signature(let text): result = appendText(text, code.signature, to: message)
        case .strings(let texts): result = appendStrings(texts, to: message)
        case .variants(let entries): result = appendVariants(entries, to: message)
        case .bytes(let bytes): result = bytes.withUnsafeBytes { sd_bus_message_append_array(message, code.byte, $0.baseAddress, $0.count) }
        case .structure(let fields):
            try inside(code.structure, String(value.signature.dropFirst().dropLast()), of: message) { () throws(DBusError) in
                try append(fields, to: message)
            }
            result = 0
        case .array(let element, let elements):
            try inside(code.array, element, of: message) { () throws(DBusError) in
                for element in elements { try append(element, to: message) }
            }
            result = 0
        case .variant(let inner):
            try inside(code.variant, inner.signature, of: message) { () throws(DBusError) in try append(inner, to: message) }
            result = 0
        case .unsupported(let signature):
            throw DBusError(name: DBusError.invalidArgs, message: "cannot send a value of D-Bus type \(signature)")
        }
        guard result >= 0 else { throw DBusError.local("appending a value of D-Bus type \(value.signature)", errno: -result) }
    }

    /// Opens a container of `type` holding `contents`, runs `fill`, and closes it.
    private static func inside(
        _ type: CChar, _ contents: String, of message: OpaquePointer, _ fill: () throws(DBusError) -> Void
    ) throws(DBusError) {
        let opened = sd_bus_message_open_container(message, type, contents)
        guard opened >= 0 else { throw DBusError.local("opening a D-Bus container \(contents)", errno: -opened) }
        try fill()
        let closed = sd_bus_message_close_container(message)
        guard closed >= 0 else { throw DBusError.local("closing a D-Bus container \(contents)", errno: -closed) }
    }

    /// sd-bus takes the text itself (not a pointer to it) for string types.
    private static func appendText(_ text: String, _ type: CChar, to message: OpaquePointer) -> Int32 {
        text.withCString { sd_bus_message_append_basic(message, type, $0) }
    }

    private static func appendStrings(_ texts: [String], to message: OpaquePointer) -> Int32 {
        var result = sd_bus_message_open_container(message, DBusTypeCode.array, "s")
        for text in texts where result >= 0 {
            result = appendText(text, DBusTypeCode.string, to: message)
        }
        return result >= 0 ? sd_bus_message_close_container(message) : result
    }

    /// `a{sv}`, in key order so the same dictionary always makes the same message.
    private static func appendVariants(_ entries: [String: DBusValue], to message: OpaquePointer) -> Int32 {
        var result = sd_bus_message_open_container(message, DBusTypeCode.array, "{sv}")
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) where result >= 0 {
            result = sd_bus_message_open_container(message, DBusTypeCode.dictEntry, "sv")
            if result >= 0 { result = appendText(key, DBusTypeCode.string, to: message) }
            if result >= 0 { result = sd_bus_message_open_container(message, DBusTypeCode.variant, value.signature) }
            if result >= 0 {
                do {
                    try append(value, to: message)
                } catch {
                    return -EINVAL
                }
                result = sd_bus_message_close_container(message)
            }
            if result >= 0 { result = sd_bus_message_close_container(message) }
        }
        return result >= 0 ? sd_bus_message_close_container(message) : result
    }
}

/// The one-letter D-Bus type codes, as the C `char` sd-bus takes.
enum DBusTypeCode {
    static let byte = code("y")
    static let bool = code("b")
    static let int16 = code("n")
    static let uint16 = code("q")
    static let int32 = code("i")
    static let uint32 = code("u")
    static let int64 = code("x")
    static let uint64 = code("t")
    static let double = code("d")
    static let string = code("s")
    static let objectPath = code("o")
    static let signature = code("g")
    static let array = code("a")
    static let variant = code("v")
    static let structure = code("r")
    static let dictEntry = code("e")
    static let unixFD = code("h")

    private static func code(_ letter: Unicode.Scalar) -> CChar {
        CChar(UInt8(ascii: letter))
    }
}
#endif
