import Foundation

/// Paths inside this package, found from this file's location so tests run from any directory.
public enum PackagePaths {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static var bundledPhotos: String { root.appendingPathComponent("assets/photos").path }
    public static var fixtures: URL { root.appendingPathComponent("Tests/Fixtures") }

    /// The built `photozoom` binary next to the test bundle (same configuration as the tests).
    public static var executable: URL {
        let products = Bundle.allBundles.map(\.bundleURL).first { $0.pathExtension == "xctest" }?.deletingLastPathComponent()
            ?? root.appendingPathComponent(".build/debug")
        return products.appendingPathComponent("photozoom")
    }
}
