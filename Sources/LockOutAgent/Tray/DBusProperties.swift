#if canImport(CSystemd)
import Foundation

/// `org.freedesktop.DBus.Properties` over an object's read-only properties.
enum DBusProperties {
    static let interface = "org.freedesktop.DBus.Properties"
    static let introspectable = "org.freedesktop.DBus.Introspectable"

    /// Answers Get, GetAll and Set for `interface`'s `properties`; nil for another method.
    static func answer(_ call: DBusMessage, interface: String, properties: [String: DBusValue]) -> DBusAnswer? {
        let asked = call.arguments.first?.string ?? ""
        switch call.member {
        case "GetAll":
            return .reply([.variants(asked == interface ? properties : [:])])
        case "Get":
            let name = call.arguments.count > 1 ? call.arguments[1].string ?? "" : ""
            guard asked == interface, let value = properties[name] else {
                return .error(DBusError(name: "org.freedesktop.DBus.Error.UnknownProperty", message: "there is no property \(asked).\(name)"))
            }
            return .reply([.variant(value)])
        case "Set":
            return .error(DBusError(name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "the properties of \(interface) are read-only"))
        default:
            return nil
        }
    }
}
#endif
