import Foundation

/// An exclusive lock on a file beside the database, held while a process opens and migrates it, so that any
/// number of processes starting together (an agent, a status-bar module, a login script) set the file up one
/// after another: the first creates it, switches it to WAL and migrates; the others find it ready.
///
/// An advisory `flock`, released when the descriptor closes, also when the process dies holding it.
struct SetupLock {
    /// How long a process waits for another one's setup before it gives up.
    static let patience: TimeInterval = 30

    /// Runs `body` holding the lock on `url` (created with mode 0600 when missing).
    static func holding<Result>(_ url: URL, _ body: () throws -> Result) throws -> Result {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SetupLockError.cannotOpen(path: url.path, errno: errno) }
        defer { close(descriptor) }
        let deadline = Date().addingTimeInterval(patience)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let error = errno
            guard error == EWOULDBLOCK || error == EINTR else { throw SetupLockError.cannotLock(path: url.path, errno: error) }
            guard Date() < deadline else { throw SetupLockError.timedOut(path: url.path) }
            usleep(2_000)
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}

/// Why the database could not be set up.
public enum SetupLockError: Error, Equatable, CustomStringConvertible {
    case cannotOpen(path: String, errno: Int32)
    case cannotLock(path: String, errno: Int32)
    case timedOut(path: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let code): "cannot open \(path): \(String(cString: strerror(code)))"
        case .cannotLock(let path, let code): "cannot lock \(path): \(String(cString: strerror(code)))"
        case .timedOut(let path):
            "another LockOut process has held \(path) for \(Int(SetupLock.patience)) s while opening the database; try again"
        }
    }
}
