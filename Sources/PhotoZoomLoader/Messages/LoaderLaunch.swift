/// How a loader process is started: the argument that makes the program a loader (never typed
/// by a person) and the descriptor its socket to the window's process is on.
public enum LoaderLaunch {
    public static let argument = "--photo-loader"
    public static let socket: Int32 = 3
    /// The status a loader exits with when the limit on processes keeps it from starting a
    /// thread it needs (EX_TEMPFAIL): no fault of the photo it was handed.
    public static let noThreadStatus: Int32 = 75
}
