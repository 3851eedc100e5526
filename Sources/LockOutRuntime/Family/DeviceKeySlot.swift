import Foundation

/// The name under which a store outside the data directory (the Keychain) keeps this data directory's keys: a
/// random name in `device-keys.slot` beside the database, made once. The keys go with the data, as the Linux
/// file does: the Keychain outlives an app deleted and installed again, whose new database must not take the
/// keys of the device it was (and a device set up afresh can recover a family with its code).
public enum DeviceKeySlot {
    public static let fileName = "device-keys.slot"

    /// The slot's name in `directory`, made the first time (two launches at once keep one); a file that holds no
    /// name is refused, never replaced.
    public static func name(in directory: URL) throws(DeviceKeyStoreError) -> String {
        let file = directory.appendingPathComponent(fileName)
        if let name = try read(file) { return name }
        let made = UUID().uuidString.lowercased()
        // Written whole beside it, then linked into place: a link never replaces a file, and a reader never sees
        // half a name.
        let draft = directory.appendingPathComponent(".\(fileName).\(made)")
        defer { try? FileManager.default.removeItem(at: draft) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(made.utf8).write(to: draft)
            try FileManager.default.linkItem(at: draft, to: file)
            return made
        } catch {
            // Another launch made it first: its name is the slot's.
            if let name = try read(file) { return name }
            throw .unavailable(reason: "\(file.path) cannot be written: \(error.localizedDescription)")
        }
    }

    private static func read(_ file: URL) throws(DeviceKeyStoreError) -> String? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw .unreadable(reason: "\(file.path) cannot be read")
        }
        let text = String(decoding: data, as: UTF8.self)
        guard UUID(uuidString: text) != nil else { throw .unreadable(reason: "\(file.path) holds no slot name") }
        return text
    }
}
