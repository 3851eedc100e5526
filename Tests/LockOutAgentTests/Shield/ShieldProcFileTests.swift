import Testing
@testable import LockOutAgent

@Suite("Shield: /proc files")
struct ShieldProcFileTests {
    static let sleepStat = "4242 (sleep) S 4200 4242 4100 34816 4242 4194304 95 0 0 0 0 0 0 0 20 0 1 0 1373247 "
        + "3133440 384 18446744073709551615 94022446178304 94022446198185 140729626635088 0 0 0 0 0 0 0 0 0 17 0 0 0 0 0 0\n"

    @Test("stat gives the pid, comm, state, parent, flags and start time")
    func stat() throws {
        let stat = try #require(ProcStat(Self.sleepStat))

        #expect(stat.pid == 4242)
        #expect(stat.comm == "sleep")
        #expect(stat.state == UInt8(ascii: "S"))
        #expect(stat.parentPID == 4200)
        #expect(stat.flags == 4_194_304)
        #expect(stat.startTime == 1_373_247)
        #expect(!stat.isKernelThread)
        #expect(!stat.hasExited)
    }

    @Test("a comm holding spaces and parentheses is read up to the last parenthesis")
    func awkwardComm() throws {
        let stat = try #require(ProcStat("77 (a) b (c)) R 1 77 77 0 -1 4194560 1 0 0 0 0 0 0 0 20 0 1 0 99 0 0 0\n"))

        #expect(stat.comm == "a) b (c)")
        #expect(stat.state == UInt8(ascii: "R"))
        #expect(stat.parentPID == 1)
        #expect(stat.startTime == 99)
    }

    @Test("kernel threads are recognised by PF_KTHREAD, by kthreadd and by kthreadd's children")
    func kernelThreads() throws {
        let flagged = try #require(ProcStat("15 (ksoftirqd/0) S 7 0 0 0 -1 69238880 0 0 0 0 0 0 0 0 20 0 1 0 3 0 0 0"))
        let kthreadd = try #require(ProcStat("2 (kthreadd) S 0 0 0 0 -1 2129984 0 0 0 0 0 0 0 0 20 0 1 0 1 0 0 0"))
        let child = try #require(ProcStat("30 (kworker/1:0) I 2 0 0 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 5 0 0 0"))

        #expect(flagged.isKernelThread)
        #expect(kthreadd.isKernelThread)
        #expect(child.isKernelThread)
    }

    @Test("a zombie has exited")
    func zombie() throws {
        let stat = try #require(ProcStat("900 (fakesteam) Z 899 900 1 0 -1 4227084 0 0 0 0 0 0 0 0 20 0 1 0 500 0 0 0"))

        #expect(stat.hasExited)
    }

    @Test("truncated or garbled stat contents are refused")
    func malformed() {
        #expect(ProcStat("") == nil)
        #expect(ProcStat("12 (sleep) S 1 2 3") == nil)
        #expect(ProcStat("12 sleep S 1 12 12 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 9 0 0") == nil)
        #expect(ProcStat("x (sleep) S 1 12 12 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 9 0 0") == nil)
        #expect(ProcStat("12 (sleep) S 1 12 12 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 9x 0 0") == nil)
    }

    @Test("status gives the real uid, the first of the Uid line's four")
    func realUID() {
        let status = "Name:\tpasswd\nUmask:\t0022\nState:\tS (sleeping)\nTgid:\t12\nPid:\t12\nPPid:\t1\n"
            + "TracerPid:\t0\nUid:\t1000\t0\t0\t0\nGid:\t1000\t1000\t1000\t1000\n"

        #expect(ProcFile.realUID(status: Array(status.utf8)) == 1000)
        #expect(ProcFile.realUID(status: Array("Name:\tx\nGid:\t5\t5\t5\t5\n".utf8)) == nil)
    }

    @Test("cmdline gives the file name of argv[0]")
    func argumentZero() {
        #expect(ProcFile.argumentZeroName(cmdline: Array("/usr/lib/firefox/firefox\0-P\0default\0".utf8)) == "firefox")
        #expect(ProcFile.argumentZeroName(cmdline: Array("steam\0".utf8)) == "steam")
        #expect(ProcFile.argumentZeroName(cmdline: Array("python3\0/opt/game.py\0".utf8)) == "python3")
        #expect(ProcFile.argumentZeroName(cmdline: [UInt8]()) == nil)
        #expect(ProcFile.argumentZeroName(cmdline: Array("/usr/bin/\0".utf8)) == nil)
    }

    @Test("the exe link gives the file name, without the kernel's deleted mark")
    func executable() {
        #expect(ProcFile.executableName(exeLink: "/usr/lib/firefox/firefox") == "firefox")
        #expect(ProcFile.executableName(exeLink: "/tmp/x/fakesteam (deleted)") == "fakesteam")
    }
}
