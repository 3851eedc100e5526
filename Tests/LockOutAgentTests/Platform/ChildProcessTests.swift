#if os(Linux)
import Foundation
import Glibc
import Synchronization
import Testing
@testable import LockOutAgent

@Suite("Child processes")
struct ChildProcessTests {
    static func program(_ path: String) -> URL { URL(fileURLWithPath: path) }

    static func text(_ pipe: Pipe) -> String {
        String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// Runs `body` on a new thread with every signal blocked, as dispatch and Swift concurrency threads have them.
    static func onThreadBlockingSignals<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
        let result = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_SETMASK, &all, nil)
            let outcome = Result { try body() }
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        return try #require(result.withLock { $0 }).get()
    }

    @Test("the exit status comes back, and isRunning turns false once the child has ended")
    func exitStatus() throws {
        let child = try ChildProcess(Self.program("/bin/sh"), ["-c", "exit 3"])

        #expect(child.waitUntilExit() == .exit(3))
        #expect(child.terminationStatus == 3)
        #expect(!child.isRunning)
        #expect(child.termination == .exit(3))
    }

    @Test("terminate sends SIGTERM and kill(signal:) any signal; the termination names it")
    func signals() throws {
        let terminated = try ChildProcess(Self.program("/bin/sleep"), ["600"])
        let killed = try ChildProcess(Self.program("/bin/sleep"), ["600"])
        #expect(terminated.isRunning)
        #expect(terminated.termination == nil)

        terminated.terminate()
        killed.kill(signal: SIGKILL)

        #expect(terminated.waitUntilExit() == .signal(SIGTERM))
        #expect(killed.waitUntilExit() == .signal(SIGKILL))
        #expect(killed.terminationStatus == SIGKILL)
        #expect(!killed.isRunning)
    }

    @Test("a child started from a thread that blocks every signal starts with none blocked and still ends at SIGTERM")
    func signalMask() throws {
        let output = Pipe()
        let ended = DispatchSemaphore(value: 0)
        let (status, sleeper) = try Self.onThreadBlockingSignals {
            let status = try ChildProcess(Self.program("/bin/cat"), ["/proc/self/status"], stdout: .pipe(output))  // not a shell: shells reset the mask
            return (status, try ChildProcess(Self.program("/bin/sleep"), ["600"]) { _ in ended.signal() })
        }

        #expect(Self.text(output).contains("SigBlk:\t0000000000000000\n"))
        #expect(status.waitUntilExit() == .exit(0))
        sleeper.terminate()
        // A bound on a hang, not a wait the test relies on: a child that blocks SIGTERM would sleep on.
        if ended.wait(timeout: .now() + 10) == .timedOut { sleeper.kill(signal: SIGKILL) }
        #expect(sleeper.waitUntilExit() == .signal(SIGTERM))
    }

    @Test("SIGTERM, SIGINT, SIGPIPE and SIGHUP start at their default in the child even when this process ignores SIGPIPE")
    func defaultSignals() throws {
        signal(SIGPIPE, SIG_IGN)  // as a server does; harmless for the tests
        let output = Pipe()
        let child = try ChildProcess(Self.program("/bin/cat"), ["/proc/self/status"], stdout: .pipe(output))

        let line = try #require(Self.text(output).split(separator: "\n").first { $0.hasPrefix("SigIgn:") })
        let ignored = try #require(UInt64(line.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16))
        for signal in [SIGTERM, SIGINT, SIGPIPE, SIGHUP] {
            #expect(ignored & (1 << UInt64(signal - 1)) == 0, "signal \(signal) is ignored in the child")
        }
        #expect(child.waitUntilExit() == .exit(0))
    }

    @Test("output comes through pipes, stdin reaches the child, and /dev/null and files take the rest")
    func streams() throws {
        let output = Pipe()
        let errors = Pipe()
        let input = Pipe()
        let cat = try ChildProcess(Self.program("/bin/cat"), stdin: .pipe(input), stdout: .pipe(output), stderr: .pipe(errors))
        input.fileHandleForWriting.write(Data("typed\n".utf8))
        try input.fileHandleForWriting.close()

        #expect(Self.text(output) == "typed\n")
        #expect(Self.text(errors) == "")
        #expect(cat.waitUntilExit() == .exit(0))

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-child-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        let shell = try ChildProcess(
            Self.program("/bin/sh"), ["-c", "read line; echo \"[$line]\"; echo to-null >&2"],
            stdin: .null, stdout: .file(handle), stderr: .null
        )

        #expect(shell.waitUntilExit() == .exit(0))
        #expect(try String(contentsOf: file, encoding: .utf8) == "[]\n")
    }

    @Test("the reading end of a pipe sees EOF once the child has ended, without anyone closing the writing end")
    func endOfFile() throws {
        let output = Pipe()
        // Tests beside this one start programs too: closed on exec, neither end reaches their children.
        for end in [output.fileHandleForReading, output.fileHandleForWriting] {
            _ = fcntl(end.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        let child = try ChildProcess(Self.program("/bin/true"), stdout: .pipe(output))
        #expect(child.waitUntilExit() == .exit(0))

        // Nothing was written: the end becomes readable only if no writing end is left open anywhere (waited for
        // up to 30 s, for a busy machine; a writing end left open never makes it readable).
        var reader = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        try #require(poll(&reader, 1, 30_000) == 1)
        #expect(reader.revents & Int16(POLLHUP) != 0)
        #expect(output.fileHandleForReading.readDataToEndOfFile().isEmpty)
    }

    @Test("no descriptor of this process but the three streams reaches the child", arguments: [true, false])
    func noDescriptorLeaks(usesCloseFrom: Bool) throws {
        var extra: [Int32] = [0, 0]
        try #require(pipe(&extra) == 0)  // neither end close-on-exec
        defer { extra.forEach { close($0) } }
        let output = Pipe()
        // What this process holds before the spawn, by number and target: without `closeFrom` the list is read
        // when spawning, so a descriptor another suite opens meanwhile may reach the child, and is not one of these.
        let before = Self.openDescriptors()
        #expect(extra.allSatisfy { before[Int($0)] != nil })

        let child = try ChildProcess(
            Self.program("/bin/ls"), ["-l", "/proc/self/fd"], environment: ["LC_ALL": "C"], directory: nil,
            streams: [.null, .pipe(output), .null], newProcessGroup: false, onExit: nil,
            closeFrom: usesCloseFrom ? Spawn.closeFrom : nil
        )

        // `N -> target` per descriptor; above 2 only the directory ls itself opened may show.
        let listing = Self.text(output)
        let descriptors = listing.split(separator: "\n").compactMap { line -> (Int, String)? in
            guard let arrow = line.range(of: " -> "), let number = Int(line[..<arrow.lowerBound].split(separator: " ").last ?? "") else { return nil }
            return (number, String(line[arrow.upperBound...]))
        }
        #expect(Set(descriptors.map(\.0)).isSuperset(of: [0, 1, 2]), "listing: \(listing)")
        let others = descriptors.filter { $0.0 > 2 && !$0.1.hasPrefix("/proc/") }
        if usesCloseFrom {
            #expect(others.isEmpty, "the child holds \(others) of this process")
        } else {
            let leaked = others.filter { before[$0.0] == $0.1 }
            #expect(leaked.isEmpty, "the child holds \(leaked) of this process")
        }
        #expect(child.waitUntilExit() == .exit(0))
        if usesCloseFrom { #expect(Spawn.closeFrom != nil, "glibc 2.34 or later has posix_spawn_file_actions_addclosefrom_np") }
    }

    /// This process's open descriptors and what each points to.
    static func openDescriptors() -> [Int: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        var found: [Int: String] = [:]
        for name in names {
            guard let number = Int(name), let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)")
            else { continue }
            found[number] = target
        }
        return found
    }

    @Test("the environment is the one given, or this process's")
    func environment() throws {
        let given = Pipe()
        let inherited = Pipe()
        let first = try ChildProcess(Self.program("/usr/bin/env"), environment: ["LOCKOUT_CHILD": "yes"], stdout: .pipe(given))
        let second = try ChildProcess(Self.program("/usr/bin/env"), stdout: .pipe(inherited))

        #expect(Self.text(given) == "LOCKOUT_CHILD=yes\n")
        let path = try #require(ProcessInfo.processInfo.environment["PATH"])
        #expect(Self.text(inherited).split(separator: "\n").contains("PATH=\(path)"[...]))
        #expect(first.waitUntilExit() == .exit(0))
        #expect(second.waitUntilExit() == .exit(0))
    }

    @Test("the child runs in the directory given, or this process's")
    func workingDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let there = Pipe()
        let here = Pipe()
        let first = try ChildProcess(Self.program("/bin/pwd"), directory: directory, stdout: .pipe(there))
        let second = try ChildProcess(Self.program("/bin/pwd"), stdout: .pipe(here))

        #expect(Self.text(there) == directory.resolvingSymlinksInPath().path + "\n")
        #expect(Self.text(here) == URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().path + "\n")
        #expect(first.waitUntilExit() == .exit(0))
        #expect(second.waitUntilExit() == .exit(0))
    }

    @Test("a program that is not there is refused with an error naming it")
    func missingProgram() {
        #expect(throws: ChildProcessError.couldNotStart(executable: "/nonexistent/lockout-program", errno: ENOENT)) {
            try ChildProcess(Self.program("/nonexistent/lockout-program"))
        }
        #expect(ChildProcessError.couldNotStart(executable: "/x", errno: ENOENT).description == "could not start /x: No such file or directory")
    }

    @Test("a child in a new process group leads it; otherwise it stays in this process's group")
    func processGroup() throws {
        let leader = try ChildProcess(Self.program("/bin/sleep"), ["600"], newProcessGroup: true)
        let member = try ChildProcess(Self.program("/bin/sleep"), ["600"])
        defer {
            leader.kill(signal: SIGKILL)
            member.kill(signal: SIGKILL)
        }

        #expect(getpgid(leader.pid) == leader.pid)
        #expect(getpgid(member.pid) == getpgrp())
    }

    @Test("the termination handler is called once, with how the child ended, before waitUntilExit returns")
    func terminationHandler() throws {
        let calls = Mutex<[ChildProcess.Termination]>([])
        let exited = try ChildProcess(Self.program("/bin/sh"), ["-c", "exit 7"]) { ending in calls.withLock { $0.append(ending) } }
        let killed = try ChildProcess(Self.program("/bin/sleep"), ["600"]) { ending in calls.withLock { $0.append(ending) } }

        exited.waitUntilExit()
        #expect(calls.withLock { $0 } == [.exit(7)])
        killed.kill(signal: SIGKILL)
        killed.waitUntilExit()
        #expect(calls.withLock { $0 } == [.exit(7), .signal(SIGKILL)])
    }

    @Test("many children started at once from several threads each get their own output and status")
    func concurrentChildren() {
        let threads = 8
        let perThread = 16
        let results = Mutex<[String: ChildProcess.Termination]>([:])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            do {
                let started = try (0..<perThread).map { index in
                    let output = Pipe()
                    let word = "child-\(thread)-\(index)"
                    return (word, output, try ChildProcess(Self.program("/bin/echo"), [word], stdout: .pipe(output)))
                }
                for (word, output, child) in started {
                    let printed = Self.text(output)
                    if printed != word + "\n" { failures.withLock { $0.append("\(word) printed \(printed)") } }
                    results.withLock { $0[word] = child.waitUntilExit() }
                }
            } catch {
                failures.withLock { $0.append("thread \(thread): \(error)") }
            }
        }

        #expect(failures.withLock { $0 }.isEmpty)
        #expect(results.withLock { $0.count } == threads * perThread)
        #expect(results.withLock { $0.values.allSatisfy { $0 == .exit(0) } })
    }
}
#endif
