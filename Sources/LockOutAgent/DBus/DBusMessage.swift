import Foundation

/// A method call to send: where it goes, what it calls, and its arguments in order.
public struct DBusMethodCall: Hashable, Sendable {
    /// The bus name of the service, like `org.freedesktop.Notifications`.
    public let destination: String
    /// The object, like `/org/freedesktop/Notifications`.
    public let path: String
    /// The interface, like `org.freedesktop.Notifications`.
    public let interface: String
    /// The method, like `Notify`.
    public let member: String
    /// The arguments, in the method's order.
    public let arguments: [DBusValue]
    /// Whether the bus may start an activatable service that is not running to answer the call.
    public let allowsAutoStart: Bool

    /// A call with every field given; the bus may start the service unless `allowsAutoStart` is false.
    public init(
        destination: String, path: String, interface: String, member: String,
        arguments: [DBusValue] = [], allowsAutoStart: Bool = true
    ) {
        self.destination = destination
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
        self.allowsAutoStart = allowsAutoStart
    }
}

/// A message received: a method's reply or a signal, read into values.
public struct DBusMessage: Hashable, Sendable {
    /// The unique name (`:1.42`) of the connection that sent it.
    public let sender: String?
    /// The object it is about; nil for replies.
    public let path: String?
    /// The interface of a signal; nil for replies.
    public let interface: String?
    /// The signal's name; nil for replies.
    public let member: String?
    /// The body, in order.
    public let arguments: [DBusValue]

    /// A message with every field given.
    public init(sender: String?, path: String?, interface: String?, member: String?, arguments: [DBusValue]) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }
}

/// A D-Bus error: one the peer or the bus replied with, or one raised on this side (no bus, a timeout).
public struct DBusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The error's D-Bus name, like `org.freedesktop.DBus.Error.ServiceUnknown`.
    public let name: String
    /// What went wrong, in words.
    public let message: String

    /// An error with its name and text.
    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// The bus says no connection owns the name called.
    public static let serviceUnknown = "org.freedesktop.DBus.Error.ServiceUnknown"
    /// The name has no owner (GetNameOwner's answer for a free name).
    public static let nameHasNoOwner = "org.freedesktop.DBus.Error.NameHasNoOwner"
    /// No reply came: the call timed out or the connection closed first.
    public static let noReply = "org.freedesktop.DBus.Error.NoReply"
    /// An argument could not be sent or was not what the method takes.
    public static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
    /// The connection to the bus is closed.
    public static let disconnected = "org.freedesktop.DBus.Error.Disconnected"

    /// An error raised on this side from a failing sd-bus call.
    static func local(_ operation: String, errno code: Int32) -> DBusError {
        let name = code == ENOTCONN || code == ECONNRESET ? disconnected : "org.freedesktop.DBus.Error.Failed"
        return DBusError(name: name, message: "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))")
    }

    /// The name and the text, as logged.
    public var description: String { "\(name): \(message)" }
}

/// Which signals a subscription receives: every field given must match, a nil one matches anything.
public struct DBusSignalMatch: Hashable, Sendable {
    /// The sender's bus name; a well-known name matches whichever connection owns it at the time.
    public let sender: String?
    /// The object the signal is about, like `/org/freedesktop/DBus`.
    public let path: String?
    /// The signal's interface.
    public let interface: String?
    /// The signal's name, like `NameOwnerChanged`.
    public let member: String?
    /// The first argument, when it is a string (like the name in `NameOwnerChanged`).
    public let firstArgument: String?
    /// A bus-name namespace the first argument must be in (`org.mpris.MediaPlayer2` matches
    /// `org.mpris.MediaPlayer2.vlc`): every media player's name in `NameOwnerChanged`.
    public let firstArgumentNamespace: String?

    /// A match on the fields given.
    public init(
        sender: String? = nil, path: String? = nil, interface: String? = nil, member: String? = nil, firstArgument: String? = nil,
        firstArgumentNamespace: String? = nil
    ) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.firstArgument = firstArgument
        self.firstArgumentNamespace = firstArgumentNamespace
    }

    /// The match rule the bus daemon reads, like `type='signal',sender='…',member='…'`.
    public var rule: String {
        let fields: [(String, String?)] = [
            ("sender", sender), ("path", path), ("interface", interface), ("member", member), ("arg0", firstArgument),
            ("arg0namespace", firstArgumentNamespace),
        ]
        return (["type='signal'"] + fields.compactMap { key, value in value.map { "\(key)=\(Self.quoted($0))" } })
            .joined(separator: ",")
    }

    /// `value` in single quotes; a quote inside is written `'\''`, as the D-Bus specification asks.
    static func quoted(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
