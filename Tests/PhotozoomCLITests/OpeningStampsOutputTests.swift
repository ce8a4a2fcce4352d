import Foundation
import PhotoZoomTestSupport
import XCTest

/// `PHOTOZOOM_OPENING_STAMPS=1 photozoom run`: the window says on stderr where its opening's
/// time went, a line a phase in the order they happened; without it, nothing of the kind.
final class OpeningStampsOutputTests: PhotozoomCLITestCase {
    func testTheOpeningsPhasesAreSaidOnlyWhenAsked() throws {
        let cache = try temporaryFolder()
        let asked = try photozoom(
            ["run", "--exit-after-frames", "3"],
            env: ["XDG_CACHE_HOME": cache.path, "PHOTOZOOM_OPENING_STAMPS": "1"])
        XCTAssertEqual(asked.status, 0, asked.stderr)
        let lines = asked.errorLines.filter { $0.hasPrefix("opening: ") }
        let phases = lines.map { String($0.dropFirst("opening: ".count).prefix { $0 != " " }) }
        let milliseconds = lines.compactMap { line in
            line.split(separator: " ").firstIndex(of: "ms").map { Double(line.split(separator: " ")[$0 - 1]) ?? -1 }
        }
        // Three frames may end the run before every picture is in: the window then says what it
        // had at its close.
        XCTAssertEqual(
            Array(phases.prefix(3)), ["process_started", "command_started", "opening_started"], asked.stderr)
        for phase in [
            "folder_listed", "headers_read", "opening_read", "window_made", "first_wishes", "shown", "first_frame",
        ] {
            XCTAssertTrue(phases.contains(phase), "\(phase) in \(asked.stderr)")
        }
        XCTAssertEqual(phases.count, Set(phases).count, asked.stderr)
        XCTAssertEqual(milliseconds.count, lines.count, asked.stderr)
        XCTAssertEqual(milliseconds, milliseconds.sorted(), asked.stderr)

        let plain = try photozoom(
            ["run", "--exit-after-frames", "3"], env: ["XDG_CACHE_HOME": cache.path, "PHOTOZOOM_OPENING_STAMPS": nil])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertFalse(plain.stderr.contains("opening:"), plain.stderr)
    }
}
