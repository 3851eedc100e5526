import Foundation
import Glibc

extension SessionService {
    /// Writes `data` to `file` through a temporary file in the same directory renamed over it, and says
    /// whether it was new, replaced with the same content, or changed.
    func write(_ data: Data, to file: URL) throws(SessionServiceError) -> String {
        let directory = file.deletingLastPathComponent()
        try makeDirectory(directory)
        let previous = FileManager.default.contents(atPath: file.path)
        let template = directory.appendingPathComponent(".\(file.lastPathComponent).XXXXXX").path
        var name = Array(template.utf8CString)
        let descriptor = mkstemp(&name)
        guard descriptor >= 0 else { throw .couldNotWrite(path: file.path, reason: Self.reason(errno)) }
        let temporary = name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure: Int32 = 0
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == 0, fchmod(descriptor, 0o644) != 0 || fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == 0, rename(temporary, file.path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw .couldNotWrite(path: file.path, reason: Self.reason(failure))
        }
        guard let previous else { return "Wrote \(file.path)" }
        return previous == data ? "Replaced \(file.path) (same content)" : "Replaced \(file.path) (changed)"
    }

    /// Creates `directory` and its parents, naming the first that cannot be made.
    private func makeDirectory(_ directory: URL) throws(SessionServiceError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .couldNotWrite(path: directory.path, reason: "it is not a directory") }
            return
        }
        let parent = directory.deletingLastPathComponent()
        if parent.path != directory.path { try makeDirectory(parent) }
        guard mkdir(directory.path, 0o755) == 0 || errno == EEXIST else {
            throw .couldNotWrite(path: directory.path, reason: Self.reason(errno))
        }
    }

    /// Removes `file`; false when it was not there.
    func remove(_ file: URL) throws(SessionServiceError) -> Bool {
        guard unlink(file.path) == 0 else {
            if errno == ENOENT { return false }
            throw .couldNotRemove(path: file.path, reason: Self.reason(errno))
        }
        return true
    }

    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Runs `systemctl --user ARGUMENTS` from `environment`'s PATH; nil when there is none or it cannot start.
    static func runSystemctl(_ arguments: [String], environment: [String: String]) -> SystemctlResult? {
        guard let executable = PlatformCommand.find("systemctl", environment: environment) else { return nil }
        let output = Pipe()
        let errors = Pipe()
        guard let child = try? ChildProcess(executable, ["--user"] + arguments, stdin: .null, stdout: .pipe(output), stderr: .pipe(errors))
        else { return nil }
        // One after the other: systemctl writes a line or two to each, far less than a pipe holds.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        return SystemctlResult(status: child.terminationStatus, output: outputData, errors: errorData)
    }
}
