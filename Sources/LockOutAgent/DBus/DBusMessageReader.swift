#if canImport(CSystemd)
import CSystemd
import Foundation

/// Reads a received sd-bus message into `DBusValue`s, one complete type at a time, by peeking at
/// each type first; types `DBusValue` does not model are skipped and read as `.unsupported`. A variant
/// reads as the value it holds.
enum DBusMessageReader {
    /// The sender, object, interface, member and every argument of `message`.
    static func message(_ message: OpaquePointer) throws(DBusError) -> DBusMessage {
        DBusMessage(
            sender: text(sd_bus_message_get_sender(message)),
            path: text(sd_bus_message_get_path(message)),
            interface: text(sd_bus_message_get_interface(message)),
            member: text(sd_bus_message_get_member(message)),
            arguments: try values(of: message)
        )
    }

    /// The error a method-error message carries; nil for any other message.
    static func error(in message: OpaquePointer) -> DBusError? {
        guard sd_bus_message_is_method_error(message, nil) > 0, let error = sd_bus_message_get_error(message) else { return nil }
        return DBusError(
            name: text(error.pointee.name) ?? "org.freedesktop.DBus.Error.Failed",
            message: text(error.pointee.message) ?? ""
        )
    }

    /// Every value left in the current container (the body at the top level).
    static func values(of message: OpaquePointer) throws(DBusError) -> [DBusValue] {
        var values: [DBusValue] = []
        while let (type, contents) = try peek(message) {
            values.append(try value(of: type, contents: contents, in: message))
        }
        return values
    }

    /// The next value's type code and, for containers, its contents' signature; nil at the container's end.
    private static func peek(_ message: OpaquePointer) throws(DBusError) -> (CChar, String?)? {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        let result = sd_bus_message_peek_type(message, &type, &contents)
        guard result >= 0 else { throw DBusError.local("reading a message", errno: -result) }
        return result == 0 ? nil : (type, contents.map { String(cString: $0) })
    }

    private static func value(of type: CChar, contents: String?, in message: OpaquePointer) throws(DBusError) -> DBusValue {
        let code = DBusTypeCode.self
        switch type {
        case code.byte: return .byte(try basic(type, UInt8(0), message))
        case code.bool: return .bool(try basic(type, Int32(0), message) != 0)
        case code.int16: return .int16(try basic(type, Int16(0), message))
        case code.uint16: return .uint16(try basic(type, UInt16(0), message))
        case code.int32: return .int32(try basic(type, Int32(0), message))
        case code.uint32: return .uint32(try basic(type, UInt32(0), message))
        case code.int64: return .int64(try basic(type, Int64(0), message))
        case code.uint64: return .uint64(try basic(type, UInt64(0), message))
        case code.double: return .double(try basic(type, Double(0), message))
        case code.string: return .string(try readText(type, message))
        case code.objectPath: return .objectPath(try readText(type, message))
        case code.signature: return .signature(try readText(type, message))
        case code.array where contents == "s": return .strings(try inside(code.array, "s", message) { () throws(DBusError) in try readTexts(message) })
        case code.array where contents == "{sv}": return .variants(try inside(code.array, "{sv}", message) { () throws(DBusError) in try readVariants(message) })
        case code.array where contents == "y": return .bytes(try readBytes(message))
        case code.array where contents.map { !$0.hasPrefix("{") } ?? false:
            let element = contents ?? ""
            return .array(element: element, try inside(code.array, element, message) { () throws(DBusError) in try values(of: message) })
        case code.structure:
            return .structure(try inside(code.structure, contents ?? "", message) { () throws(DBusError) in try values(of: message) })
        case code.variant:
            // A variant on its own reads as the value it holds.
            return try inside(code.variant, contents ?? "", message) { () throws(DBusError) in
                guard let (inner, innerContents) = try peek(message) else { return .unsupported(signature: "v") }
                return try value(of: inner, contents: innerContents, in: message)
            }
        default:
            let signature = completeSignature(type, contents)
            let result = sd_bus_message_skip(message, signature)
            guard result >= 0 else { throw DBusError.local("skipping a value of D-Bus type \(signature)", errno: -result) }
            return .unsupported(signature: signature)
        }
    }

    private static func basic<Number: BitwiseCopyable>(_ type: CChar, _ initial: Number, _ message: OpaquePointer) throws(DBusError) -> Number {
        var number = initial
        let result = withUnsafeMutableBytes(of: &number) { sd_bus_message_read_basic(message, type, $0.baseAddress) }
        guard result > 0 else { throw DBusError.local("reading a number", errno: result == 0 ? EBADMSG : -result) }
        return number
    }

    private static func readText(_ type: CChar, _ message: OpaquePointer) throws(DBusError) -> String {
        var pointer: UnsafePointer<CChar>?
        let result = sd_bus_message_read_basic(message, type, &pointer)
        guard result > 0, let pointer else { throw DBusError.local("reading a string", errno: result == 0 ? EBADMSG : -result) }
        return String(cString: pointer)
    }

    private static func readTexts(_ message: OpaquePointer) throws(DBusError) -> [String] {
        var texts: [String] = []
        while try peek(message) != nil {
            texts.append(try readText(DBusTypeCode.string, message))
        }
        return texts
    }

    private static func readBytes(_ message: OpaquePointer) throws(DBusError) -> [UInt8] {
        var pointer: UnsafeRawPointer?
        var size = 0
        let result = sd_bus_message_read_array(message, DBusTypeCode.byte, &pointer, &size)
        guard result >= 0 else { throw DBusError.local("reading a byte array", errno: -result) }
        guard let pointer, size > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: size))
    }

    private static func readVariants(_ message: OpaquePointer) throws(DBusError) -> [String: DBusValue] {
        var entries: [String: DBusValue] = [:]
        while try peek(message) != nil {
            try inside(DBusTypeCode.dictEntry, "sv", message) { () throws(DBusError) in
                let key = try readText(DBusTypeCode.string, message)
                guard let (type, contents) = try peek(message) else { return }
                entries[key] = try value(of: type, contents: contents, in: message)
            }
        }
        return entries
    }

    /// Runs `read` inside the container of `type` with `contents`, then leaves it.
    private static func inside<Value>(
        _ type: CChar, _ contents: String, _ message: OpaquePointer, _ read: () throws(DBusError) -> Value
    ) throws(DBusError) -> Value {
        let entered = sd_bus_message_enter_container(message, type, contents)
        guard entered > 0 else { throw DBusError.local("entering a D-Bus container \(contents)", errno: entered == 0 ? EBADMSG : -entered) }
        let value = try read()
        let left = sd_bus_message_exit_container(message)
        guard left >= 0 else { throw DBusError.local("leaving a D-Bus container \(contents)", errno: -left) }
        return value
    }

    /// The signature of one complete value, from its peeked type code and contents.
    private static func completeSignature(_ type: CChar, _ contents: String?) -> String {
        let letter = String(UnicodeScalar(UInt8(bitPattern: type)))
        switch type {
        case DBusTypeCode.array: return "a" + (contents ?? "")
        case DBusTypeCode.structure: return "(" + (contents ?? "") + ")"
        case DBusTypeCode.dictEntry: return "{" + (contents ?? "") + "}"
        default: return letter
        }
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
#endif
