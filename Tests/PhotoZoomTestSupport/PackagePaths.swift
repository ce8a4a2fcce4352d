import Foundation

/// Paths inside this package, found from this file's location so tests run from any directory.
public enum PackagePaths {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static var bundledPhotos: String { root.appendingPathComponent("assets/photos").path }
    public static var fixtures: URL { root.appendingPathComponent("Tests/Fixtures") }

    /// The built `photozoom` binary next to the test bundle (same configuration and build
    /// folder as the tests).
    public static var executable: URL {
        #if os(Linux)
            // On Linux the test bundle is the running executable; Bundle.allBundles is empty.
            let products = Bundle.main.executableURL.flatMap {
                $0.pathExtension == "xctest" ? $0.deletingLastPathComponent() : nil
            }
        #else
            let products = Bundle.allBundles.map(\.bundleURL).first { $0.pathExtension == "xctest" }?
                .deletingLastPathComponent()
        #endif
        return (products ?? root.appendingPathComponent(".build/debug")).appendingPathComponent("photozoom")
    }

    /// The release build's `photozoom`, which scripts/test.sh builds before the tests: for what
    /// is a property of the shipped program's speed, not of a debug build's.
    public static var releaseExecutable: URL { root.appendingPathComponent(".build/release/photozoom") }
}
