/// Which PhotoZoom this is, as `--version`, a recording's header and a bug report name it. The
/// minor number follows the issues landed; a debug build says so, since its timings differ.
enum AppVersion {
    static let number = "0.11.0"

    static var described: String {
        #if DEBUG
            "photozoom \(number) (debug build)"
        #else
            "photozoom \(number)"
        #endif
    }
}
