/// How a loader process is started: the argument that makes the program a loader (never typed
/// by a person), the descriptor its socket to the window's process is on, and the one its
/// memory file for pixels is on.
public enum LoaderLaunch {
    public static let argument = "--photo-loader"
    public static let socket: Int32 = 3
    /// A memory file the window made `arenaBytes(memoryMiB:)` long and sealed at that size: a
    /// loader writes its answers in it and can neither grow nor shrink it, nor make another.
    public static let arena: Int32 = 4

    /// The length of the memory file a loader with `memoryMiB` for decoding answers in: the same
    /// again, so a picture it may decode it may also hand back.
    public static func arenaBytes(memoryMiB: Int) -> Int { memoryMiB << 20 }

    /// The status a loader exits with when the limit on processes keeps it from starting a
    /// thread it needs (EX_TEMPFAIL): no fault of the photo it was handed.
    public static let noThreadStatus: Int32 = 75
}
