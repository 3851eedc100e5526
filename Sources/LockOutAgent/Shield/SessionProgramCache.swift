import Foundation
import LockOutCore

/// `SessionPrograms` read again only when one of its folders changed since the last read: installing or
/// removing a package adds or removes files, which moves the folder's modification time. Costs a `stat` per
/// folder when nothing changed.
struct SessionProgramCache {
    let folders: SessionProgramFolders
    private var stamps: [String: Date] = [:]
    private var programs: [String: ProtectionReason] = [:]
    private var hasRead = false

    /// A cache of `folders` that reads them on first use.
    init(folders: SessionProgramFolders) {
        self.folders = folders
    }

    /// The programs the folders name now.
    mutating func current() -> [String: ProtectionReason] {
        let now = Self.stamps(of: folders.all + SessionPrograms.libexecFolders(folders))
        if !hasRead || now != stamps {
            programs = SessionPrograms.read(folders)
            stamps = now
            hasRead = true
        }
        return programs
    }

    /// The modification time of each folder there is.
    private static func stamps(of paths: [String]) -> [String: Date] {
        var stamps: [String: Date] = [:]
        for path in paths {
            stamps[path] = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        }
        return stamps
    }
}
