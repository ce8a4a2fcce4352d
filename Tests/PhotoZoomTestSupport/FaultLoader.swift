import Foundation

/// The tests' loader program (Tests/FaultLoader): the shipped loader, failing on the photo
/// `variable` names in the way it says (`coffee.jpg:SEGV`). Tests hand it to a pool of their own,
/// or put it beside a copy of `photozoom` as that copy's `photozoom-loader`.
public enum FaultLoader {
    public static let variable = "PHOTOZOOM_LOADER_CRASH"
    /// The file whose flag `KILLONCE` raises: the first loader handed the photo is killed, the
    /// next decodes it.
    public static let onceVariable = "PHOTOZOOM_LOADER_ONCE"

    /// The built program, beside the test bundle as `photozoom` is.
    public static var path: String {
        PackagePaths.executable.deletingLastPathComponent().appendingPathComponent("photozoom-fault-loader").path
    }
}
