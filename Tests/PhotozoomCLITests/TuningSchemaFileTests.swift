import Foundation
import PhotoZoomTestSupport
import XCTest

/// A tuning file names `"$schema": "tuning.schema.json"`, a file beside it, so that an editor
/// completes and checks it (docs/tuning.md): every tuning file the executable writes has that
/// schema beside it, and a different file of that name, which a person may have made, is kept.
final class TuningSchemaFileTests: PhotozoomCLITestCase {
    var schema: Data {
        get throws { try Data(contentsOf: PackagePaths.root.appendingPathComponent("assets/tuning.schema.json")) }
    }

    func testTuningInitAndRunWriteTheSchemaTheFileNamesBesideIt() throws {
        let folder = try temporaryFolder()
        let initialised = folder.appendingPathComponent("a/my.json")
        let run = folder.appendingPathComponent("b/live.json")
        for made in [initialised, run] {
            try FileManager.default.createDirectory(
                at: made.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        let r = try photozoom(["tuning", "init", initialised.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        let live = try photozoom(["run", "--tuning", run.path, "--exit-after-frames", "2"])
        XCTAssertEqual(live.status, 0, live.stderr)
        XCTAssertEqual(live.errorLines.count, 1, "only the line saying the defaults were written: \(live.stderr)")
        for file in [initialised, run] {
            let named = try schemaNamed(in: file)
            XCTAssertEqual(
                try Data(contentsOf: file.deletingLastPathComponent().appendingPathComponent(named)), try schema,
                "\(file.path) names '\(named)', and it is the schema")
        }
    }

    func testADifferentSchemaThereIsKeptAndSaidOnce() throws {
        let folder = try temporaryFolder()
        let mine = folder.appendingPathComponent("tuning.schema.json")
        try Data("{\"title\": \"my own\"}".utf8).write(to: mine)
        let r = try photozoom(["tuning", "init", folder.appendingPathComponent("my.json").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(
            r.errorLines,
            [
                "photozoom: tuning: '\(mine.path)' is not this version's schema; it is left as it is, and an editor checks '\(folder.path)/my.json' against it"
            ])
        let live = try photozoom([
            "run", "--tuning", folder.appendingPathComponent("live.json").path, "--exit-after-frames", "2",
        ])
        XCTAssertEqual(live.status, 0, live.stderr)
        XCTAssertEqual(live.errorLines.filter { $0.contains("tuning.schema.json") }.count, 1, live.stderr)
        XCTAssertEqual(
            try String(contentsOf: mine, encoding: .utf8), "{\"title\": \"my own\"}", "the person's file is kept")
    }

    /// The `$schema` value of the tuning file at `url`.
    private func schemaNamed(in url: URL) throws -> String {
        let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: url)) as? [String: Any]
        return try XCTUnwrap(object?["$schema"] as? String, url.path)
    }
}
