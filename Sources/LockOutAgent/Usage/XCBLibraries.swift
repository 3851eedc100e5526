#if os(Linux)
import CXCB

/// Where the X11 sensors find libxcb and its SYNC and MIT-SCREEN-SAVER libraries: opened with dlopen when a
/// sensor first connects, not linked, so the binary starts where no X library is installed (`lockout serve`
/// on a headless machine) and a sensor there fails its start naming the library that is missing.
struct XCBLibraries: Equatable, Sendable {
    var xcb = CXCB_LIBXCB
    var sync = CXCB_LIBXCB_SYNC
    var screenSaver = CXCB_LIBXCB_SCREENSAVER

    /// The libraries' usual names (Debian's libxcb1, libxcb-sync1 and libxcb-screensaver0).
    static let standard = XCBLibraries()

    /// The functions the sensors call: under the usual names loaded once for the process, by whichever
    /// thread asks first; under other names opened afresh.
    func functions() throws(X11Error) -> cxcb_functions {
        if self == .standard {
            var failure: UnsafePointer<CChar>?
            guard let table = cxcb_shared(&failure) else {
                throw .libraryMissing(failure.map { String(cString: $0) } ?? "\(xcb) could not be loaded")
            }
            return table.pointee
        }
        let table = UnsafeMutablePointer<cxcb_functions>.allocate(capacity: 1)
        defer { table.deallocate() }
        let size = 512
        var failure = [CChar](repeating: 0, count: size)
        guard cxcb_load(xcb, sync, screenSaver, table, &failure, size) == 0 else {
            throw .libraryMissing(String(decoding: failure.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return table.move()
    }
}
#endif
