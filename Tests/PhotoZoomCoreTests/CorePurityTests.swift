import Foundation
import PhotoZoomTestSupport
import XCTest

/// The core must replay the same input to the same scene bit for bit, on any machine: it may
/// not import SDL, read a clock, draw random numbers, or look at the process or its threads.
final class CorePurityTests: XCTestCase {
    func testTheCoreImportsNoSDLAndReadsNoClockRandomnessOrProcessState() throws {
        let root = PackagePaths.root
        let core = root.appendingPathComponent("Sources/PhotoZoomCore")
        let files = FileManager.default.enumerator(at: core, includingPropertiesForKeys: nil)!.compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" }
        XCTAssertGreaterThan(files.count, 10)
        for file in files {
            let path = file.path.replacingOccurrences(of: root.path + "/", with: "")
            for use in CoreSourceScan.forbiddenUses(in: try String(contentsOf: file, encoding: .utf8)) {
                XCTFail("\(path):\(use.line): \(use.what)")
            }
        }
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        XCTAssertTrue(manifest.contains(#".target(name: "PhotoZoomCore")"#), "the core target has no dependencies")
    }

    /// The scan itself: names in code are found on their lines, the same names in comments and
    /// string text, or inside longer names, are not.
    func testTheScanFindsForbiddenNamesInCodeOnly() {
        let source = ##"""
            import Foundation
            import CSDL2
            // Date() in a comment is fine, and so is /* Thread.sleep */ this
            let a = Date()
            let url = "http://example.com/Date"; let b = UUID()
            /* nested /* DispatchQueue */ still a comment */ let c = ProcessInfo.processInfo.environment
            let updated = runtime(Threads.self) + isRandom(x) + timeline
            let label = "drawn at \(Int.random(in: 0...1)) and \("nested \(DispatchTime.now())")"
            let t = CFAbsoluteTimeGetCurrent() + Double(time(nil)) + Double(arc4random_uniform(3))
            let text = """
              // not a comment: Date here is string text
              \(Thread.current)
              """
            let raw = #"a "quoted" Date \#(ContinuousClock.now)"#
            """##
        let found = CoreSourceScan.forbiddenUses(in: source).map { "\($0.line) \($0.name)" }
        XCTAssertEqual(
            found,
            [
                "2 import CSDL2", "4 Date", "5 UUID", "6 ProcessInfo", "8 random(", "8 DispatchTime",
                "9 CFAbsoluteTimeGetCurrent", "9 time(", "9 arc4random_uniform", "12 Thread", "14 ContinuousClock",
            ])
    }
}
