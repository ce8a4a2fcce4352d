import Foundation
import PhotoZoomTestSupport
import XCTest

/// A command's errors become the line a person reads, and the exit, in one place
/// (`withUserFacingErrors`, in Sources/photozoom/UserFacingError.swift): no command catches an
/// error by its type to say it itself, and what it says still waits for `--help`.
final class UserFacingErrorTests: PhotozoomCLITestCase {
    static let onePlace = "UserFacingError.swift"

    func testNoCommandCatchesAnErrorByItsTypeOutsideTheOnePlace() throws {
        let folder = PackagePaths.root.appendingPathComponent("Sources/photozoom")
        let files = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: folder.path)).filter {
            $0.hasSuffix(".swift")
        }.sorted()
        XCTAssertTrue(files.contains(Self.onePlace), "the one place is in Sources/photozoom: \(files)")
        let typedCatch = try NSRegularExpression(pattern: #"\bcatch\s+(let|var)\s+\w+\s+as\b"#)
        var found: [String] = []
        for file in files where file != Self.onePlace {
            let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).components(
                separatedBy: "\n")
            for (index, line) in lines.enumerated()
            where typedCatch.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                found.append("Sources/photozoom/\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        XCTAssertEqual(
            found, [],
            "a command's error is told by withUserFacingErrors (its telling: for the command's own words), not caught by its type"
        )
    }

    /// An output refused in `validate` (here, a file that exists) is said only if the command
    /// would run: asked for its help, the command gives the help and nothing else.
    func testAnErrorFoundInValidateWaitsForHelp() throws {
        let existing = try temporaryFolder().appendingPathComponent("there.png")
        try Data("not replaced".utf8).write(to: existing)

        let refused = try photozoom(["snapshot", "--out", existing.path])
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertEqual(
            refused.errorLines, ["photozoom: '\(existing.path)' already exists; pass --overwrite to replace it"])

        let help = try photozoom(["snapshot", "--out", existing.path, "--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertEqual(help.stderr, "", "the help alone")
        XCTAssertTrue(help.stdout.contains("USAGE:"), help.stdout)
    }
}
