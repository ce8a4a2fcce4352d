import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

/// The tuning file: the defaults written and read back, the four spring vocabularies, partial
/// files, and a clear line for every problem a person can make.
final class TuningFileTests: XCTestCase {
    func messages(_ text: String) -> [String] { TuningFile.read(text).problems.map(\.description) }

    func testTheDefaultsWrittenOutReadBackAsTheDefaults() {
        let reading = TuningFile.read(TuningFile().text)
        XCTAssertEqual(reading.problems, [])
        XCTAssertEqual(reading.file.tuning, Tuning())
        XCTAssertEqual(reading.file, TuningFile())
    }

    /// `assets/tuning.json` is what the code writes; `RECORD_SNAPSHOTS=1` rewrites it.
    func testTheBundledDefaultsFileIsWhatTheCodeWrites() throws {
        let url = PackagePaths.root.appendingPathComponent("assets/tuning.json")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try TuningFile().text.write(to: url, atomically: true, encoding: .utf8)
        }
        let bundled = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(
            bundled, TuningFile().text,
            "assets/tuning.json is stale; run the tests with RECORD_SNAPSHOTS=1 to rewrite it")
        XCTAssertTrue(bundled.hasPrefix("{\n  \"$schema\": \"tuning.schema.json\",\n"))
    }

    func testTheDefaultSpringsAreWrittenInTheVocabularyTuningDefinesThemWith() {
        let text = TuningFile().text
        for line in [
            "\"zoomIn\": {\"uikitDuration\": 0.5, \"dampingRatio\": 0.8}",
            "\"cancel\": {\"uikitDuration\": 0.5, \"dampingRatio\": 0.9}",
            "\"finish\": {\"uikitDuration\": 0.25, \"dampingRatio\": 1}",
            "\"wheelSpring\": {\"response\": 0.18, \"dampingRatio\": 1}",
            "\"snapSpring\": {\"response\": 0.35, \"dampingRatio\": 1}",
        ] {
            XCTAssertTrue(text.contains(line), "the defaults file has \(line)")
        }
    }

    func testEachVocabularyReadsAsItsSpringAndIsWrittenBackAsItWasWritten() throws {
        let cases: [(String, SpringParameters)] = [
            ("{\"response\": 0.5, \"dampingRatio\": 0.8}", try .response(0.5, dampingRatio: 0.8, mass: 1)),
            ("{\"duration\": 0.5, \"bounce\": 0.2}", try .duration(0.5, bounce: 0.2)),
            ("{\"uikitDuration\": 0.5, \"dampingRatio\": 0.8}", try .uikit(duration: 0.5, dampingRatio: 0.8)),
            (
                "{\"mass\": 1, \"stiffness\": 157.9, \"damping\": 17.6}",
                try SpringParameters(mass: 1, stiffness: 157.9, damping: 17.6)
            ),
        ]
        for (spring, expected) in cases {
            let reading = TuningFile.read("{\"springs\": {\"cancel\": \(spring)}}")
            XCTAssertEqual(reading.problems, [], spring)
            XCTAssertEqual(reading.file.tuning.cancelSpring, expected, spring)
            XCTAssertTrue(
                reading.file.text.contains("\"cancel\": \(spring)"), "\(spring) is written back as it was written")
        }
    }

    func testASpringSetInCodeIsWrittenAsItsPhysicalConstants() throws {
        var file = TuningFile()
        file.tuning.zoomInSpring = try SpringParameters(mass: 2, stiffness: 300, damping: 20)
        XCTAssertTrue(file.text.contains("\"zoomIn\": {\"mass\": 2, \"stiffness\": 300, \"damping\": 20}"))
        XCTAssertEqual(TuningFile.read(file.text).file.tuning, file.tuning)
    }

    /// Each key, changed alone, changes exactly one field of `Tuning` or `LoopSettings`, and
    /// together the keys reach every field once.
    func testEveryFieldOfTuningIsSetByExactlyOneKey() throws {
        let file = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(TuningFile().text.utf8)) as? [String: Any])
        let defaults = file.compactMapValues { $0 as? [String: Any] }
        let otherChoice = ["projection": "direction", "zoomToCell": "shrink", "toggleChrome": "dismiss"]
        func changed(_ value: Any) -> Any {
            if let number = value as? Double { return number * 0.99 }
            if let name = value as? String { return otherChoice[name] as Any }
            if let counts = value as? [Int] { return Array(counts.dropLast()) }
            var object = value as! [String: Any]
            let first = object.keys.sorted().first { $0 != "mass" }!
            object[first] = (object[first] as! Double) * 0.99
            return object
        }
        // The grid zoom's fields are one field of `Tuning`, a struct of its own: counted each.
        func fields(_ file: TuningFile) -> [(label: String, value: String)] {
            Mirror(reflecting: file.tuning).children.filter { $0.label != "gridZoom" }.map {
                ($0.label!, "\($0.value)")
            }
                + Mirror(reflecting: file.tuning.gridZoom).children.map { ("gridZoom." + $0.label!, "\($0.value)") }
                + Mirror(reflecting: file.loop).children.map { ("loop." + $0.label!, "\($0.value)") }
                + Mirror(reflecting: file.library).children.map { ("library." + $0.label!, "\($0.value)") }
        }
        var reached: [String] = []
        for path in TuningFile.keys {
            let parts = path.split(separator: ".").map(String.init)
            let group = try XCTUnwrap(defaults[parts[0]])
            let value = try XCTUnwrap(group[parts[1]])
            let file = [parts[0]: [parts[1]: changed(value)]]
            let text = String(decoding: try JSONSerialization.data(withJSONObject: file), as: UTF8.self)
            let reading = TuningFile.read(text)
            XCTAssertEqual(reading.problems, [], path)
            let differing = zip(fields(reading.file), fields(TuningFile())).filter { $0.value != $1.value }.map(
                \.0.label)
            XCTAssertEqual(differing.count, 1, "\(path) changes \(differing)")
            reached += differing
        }
        XCTAssertEqual(reached.sorted(), fields(TuningFile()).map(\.label).sorted(), "every field once")
    }

    func testAPartialFileKeepsTheDefaultsForWhatItLeavesOut() {
        let reading = TuningFile.read(
            "{\"grid\": {\"cellGap\": 4}, \"scroll\": {\"stillMotion\": {\"velocity\": 30}}, \"dismissal\": {\"rule\": \"direction\"}}"
        )
        XCTAssertEqual(reading.problems, [])
        var expected = Tuning()
        expected.cellGap = 4
        expected.stillMotion.velocity = 30
        expected.dismissRule = .direction
        XCTAssertEqual(reading.file.tuning, expected)
        XCTAssertEqual(TuningFile.read("{}").file, TuningFile())
    }

    /// The dismissal rule `direction` was called `seed`: a file that says so still gets that
    /// rule, with a warning at the value naming the new name, and is written back with it.
    func testTheDismissalRulesFormerNameIsReadWithAWarningNamingTheNewOne() {
        let text = "{\n  \"dismissal\": {\"rule\": \"seed\"}\n}"
        let reading = TuningFile.read(text)
        XCTAssertEqual(
            reading.problems.map(\.description),
            [
                "warning: dismissal.rule: \"seed\" is now called \"direction\"; write that (line 2, column 25)"
            ])
        XCTAssertEqual(reading.file.tuning.dismissRule, .direction)
        XCTAssertTrue(reading.file.text.contains("\"rule\": \"direction\""), reading.file.text)
        XCTAssertEqual(TuningFile.read(reading.file.text).problems, [])
        // A name that never was one is still an error listing the names there are.
        XCTAssertEqual(
            messages("{\"dismissal\": {\"rule\": \"seeds\"}}"),
            [
                "error: dismissal.rule: expected one of \"projection\", \"direction\" or \"percent\", got \"seeds\" (line 1, column 24)"
            ])
    }

    /// A recording's header holds the tuning by its Swift names; one written before the rename
    /// says `"dismissRule": "seed"` and reads as the direction rule.
    func testARecordedTuningWithTheFormerRuleNameDecodes() throws {
        let decoder = JSONDecoder()
        XCTAssertEqual(
            try decoder.decode([DismissRule].self, from: Data("[\"seed\", \"direction\", \"projection\"]".utf8)),
            [.direction, .direction, .projection])
        XCTAssertThrowsError(try decoder.decode([DismissRule].self, from: Data("[\"seeds\"]".utf8)))
        XCTAssertEqual(
            String(decoding: try JSONEncoder().encode([DismissRule.direction]), as: UTF8.self), "[\"direction\"]")
    }

    func testAnUnknownKeyIsAWarningNamingTheNearestKnownKey() {
        XCTAssertEqual(
            messages("{\"springs\": {\"zoomIn\": {\"response\": 0.5, \"dampingRatio\": 0.8, \"dampingRaito\": 1}}}"),
            [
                "warning: unknown key springs.zoomIn.dampingRaito — did you mean dampingRatio? (line 1, column 79)"
            ])
        XCTAssertEqual(
            messages("{\"gird\": {}, \"grid\": {\"celGap\": 1}}"),
            [
                "warning: unknown key gird — did you mean grid? (line 1, column 10)",
                "warning: unknown key grid.celGap — did you mean cellGap? (line 1, column 33)",
            ])
        XCTAssertEqual(
            messages("{\"grid\": {\"x\": 1}}"),
            [
                "warning: unknown key grid.x; grid has minimumCellSize, cellGap, wheelPointsPerUnit or wheelSpring (line 1, column 16)"
            ])
    }

    func testASyntaxErrorGivesTheLineTheColumnAndWhatIsThere() {
        XCTAssertEqual(
            messages("{\n  \"grid\": {\n    \"cellGap\": 4,\n  }\n}\n"),
            ["error: line 4, column 3: expected a key in double quotes, got \"}\""])
        XCTAssertEqual(
            messages("{\"grid\": {\"cellGap\": 4 \"tapSlop\": 8}}"),
            ["error: line 1, column 24: expected ',' or '}', got \"tapSlop\""])
        XCTAssertEqual(
            messages("{\"grid\": {\"cellGap\": .5}}"), ["error: line 1, column 22: expected a value, got \".5\""])
        XCTAssertEqual(messages("{\"grid\": "), ["error: line 1, column 10: expected a value, got the end of the file"])
        XCTAssertEqual(
            messages(String(repeating: "[", count: 100_000)),
            ["error: line 1, column 65: nesting deeper than 64 levels, got \"[\""])
    }

    func testATypeErrorNamesTheKeyPathAndWhatWasExpected() {
        let reading = TuningFile.read(
            "{\"springs\": {\"zoomIn\": {\"uikitDuration\": 0.6, \"dampingRatio\": \"0.8\"}}}")
        XCTAssertEqual(
            reading.problems.map(\.description),
            ["error: springs.zoomIn.dampingRatio: expected a number, got \"0.8\" (line 1, column 63)"])
        XCTAssertEqual(
            reading.file.tuning.zoomInSpring, Tuning().zoomInSpring, "a spring with a bad field keeps its default")
        XCTAssertEqual(
            messages("{\"dismissal\": {\"rule\": \"sed\"}, \"chrome\": [], \"$schema\": 1}"),
            [
                "error: dismissal.rule: expected one of \"projection\", \"direction\" or \"percent\", got \"sed\" (line 1, column 24)",
                "error: chrome: expected an object, got an array (line 1, column 42)",
                "error: $schema: expected a string, got 1 (line 1, column 57)",
            ])
    }

    func testARangeErrorGivesTheAllowedRange() {
        XCTAssertEqual(
            messages(
                "{\"grid\": {\"minimumCellSize\": 0, \"cellGap\": -1}, \"scroll\": {\"decelerationRate\": 1, \"stillBackdrop\": 1e999}}"
            ),
            [
                "error: grid.minimumCellSize: must lie in [20, 16384], got 0 (line 1, column 30)",
                "error: grid.cellGap: must lie in [0, 100], got -1 (line 1, column 44)",
                "error: scroll.decelerationRate: must lie in (0, 1), got 1 (line 1, column 80)",
                "error: scroll.stillBackdrop: must be a finite number, got 1e999 (line 1, column 100)",
            ])
        // Every number is bounded above too: a cell a hair wide would be a billion columns.
        XCTAssertEqual(
            messages("{\"grid\": {\"minimumCellSize\": 5e-324}, \"scroll\": {\"velocitySampleWindow\": 1e300}}"),
            [
                "error: grid.minimumCellSize: must lie in [20, 16384], got 5e-324 (line 1, column 30)",
                "error: scroll.velocitySampleWindow: must lie in (0, 1], got 1e300 (line 1, column 74)",
            ])
        XCTAssertEqual(
            messages(
                "{\"springs\": {\"zoomIn\": {\"uikitDuration\": -0.5, \"dampingRatio\": 0.8}, \"cancel\": {\"duration\": 0.5, \"bounce\": 2}}}"
            ),
            [
                "error: springs.zoomIn.uikitDuration: must be greater than 0, got -0.5 (line 1, column 24)",
                "error: springs.cancel.bounce: must lie in (-1, 1], got 2.0 (line 1, column 80)",
            ])
    }

    /// Issue 23, item 4: a double tap zoomed to 100× past a most of 4. Rules between keys are
    /// told at the key the file wrote, with its line and column, and the value not taken.
    func testARuleBetweenKeysIsToldAtTheKeyTheFileWrote() {
        let doubleTap = TuningFile.read("{\"zoom\": {\"maximumZoom\": 4, \"doubleTapZoom\": 100}}")
        XCTAssertEqual(
            doubleTap.problems.map(\.description),
            ["error: zoom.doubleTapZoom: must be at most zoom.maximumZoom (4), got 100 (line 1, column 46)"])
        XCTAssertEqual(doubleTap.file.tuning.doubleTapZoom, Tuning().doubleTapZoom, "not taken")
        // Only the most written, below the default double tap: the most is blamed, and not taken.
        let most = TuningFile.read("{\"zoom\": {\"maximumZoom\": 2}}")
        XCTAssertEqual(
            most.problems.map(\.description),
            ["error: zoom.maximumZoom: must be at least zoom.doubleTapZoom (2.5), got 2 (line 1, column 26)"])
        XCTAssertEqual(most.file.tuning.maximumZoom, Tuning().maximumZoom)
        // Both written: the double tap is blamed, and held to the most the file set.
        let both = TuningFile.read("{\"zoom\": {\"maximumZoom\": 2, \"doubleTapZoom\": 3}}")
        XCTAssertEqual(
            both.problems.map(\.description),
            ["error: zoom.doubleTapZoom: must be at most zoom.maximumZoom (2), got 3 (line 1, column 46)"])
        XCTAssertEqual([both.file.tuning.maximumZoom, both.file.tuning.doubleTapZoom], [2, 2])
        // The grid zoom's smallest cell is no larger than the cell the grid opens with.
        XCTAssertEqual(
            messages("{\"grid\": {\"minimumCellSize\": 40}, \"gridZoom\": {\"smallestCell\": 50}}"),
            ["error: gridZoom.smallestCell: must be at most grid.minimumCellSize (40), got 50 (line 1, column 64)"])
        // Within the rules, nothing is said.
        XCTAssertEqual(messages("{\"zoom\": {\"maximumZoom\": 6, \"doubleTapZoom\": 6}}"), [])
    }

    func testEveryProblemInAFileIsReportedInFileOrder() {
        let text = """
            {
              "grid": {"cellGap": "2", "cellGap": 3, "minimumCelSize": 90},
              "springs": {"finish": {"response": 0.3, "bounce": 0.1}, "cancel": {"uikitDuration": 0.4}},
              "zoom": {"maximumZoom": -4}
            }
            """
        let reading = TuningFile.read(text)
        XCTAssertEqual(
            reading.problems.map(\.description),
            [
                "warning: duplicate key grid.cellGap: the last one counts, not this one (line 2, column 23)",
                "warning: unknown key grid.minimumCelSize — did you mean minimumCellSize? (line 2, column 60)",
                "error: springs.finish: mixes spring vocabularies (response, bounce); write it as one of "
                    + "{response, dampingRatio}, {duration, bounce}, {uikitDuration, dampingRatio} or {mass, stiffness, damping} (line 3, column 25)",
                "error: springs.cancel: a spring written with uikitDuration needs dampingRatio too (line 3, column 69)",
                "error: zoom.maximumZoom: must lie in [1, 100], got -4 (line 4, column 27)",
            ])
        XCTAssertEqual(reading.file.tuning.cellGap, 3, "the good values are taken")
    }
}

/// What a reload's message says changed.
final class TuningFileChangesTests: XCTestCase {
    func changes(_ old: String, _ new: String) -> [String] {
        TuningFile.read(old).file.changes(to: TuningFile.read(new).file).map(\.description)
    }

    func testAChangedKeyIsNamedWithBothValues() {
        XCTAssertEqual(changes("{}", "{\"grid\": {\"cellGap\": 4}}"), ["grid.cellGap 2 → 4"])
        XCTAssertEqual(
            changes(
                "{\"springs\": {\"zoomIn\": {\"response\": 0.5, \"dampingRatio\": 0.8}}}",
                "{\"springs\": {\"zoomIn\": {\"response\": 0.4, \"dampingRatio\": 0.8}}}"),
            ["springs.zoomIn.response 0.5 → 0.4"])
        XCTAssertEqual(
            changes("{}", "{\"scroll\": {\"pointsRest\": {\"velocity\": 0.2}}}"),
            ["scroll.pointsRest.velocity 0.1 → 0.2"])
        XCTAssertEqual(
            changes("{}", "{\"dismissal\": {\"rule\": \"direction\"}}"),
            ["dismissal.rule \"projection\" → \"direction\""])
        // A save that still says "seed" is reported by the rule's name now.
        XCTAssertEqual(
            changes("{}", "{\"dismissal\": {\"rule\": \"seed\"}}"), ["dismissal.rule \"projection\" → \"direction\""])
        XCTAssertEqual(changes("{}", "{\"debug\": {\"tickRate\": 240}}"), ["debug.tickRate 120 → 240"])
        XCTAssertEqual(changes("{}", "{}"), [])
    }

    func testASpringRewrittenInAnotherVocabularyIsShownWhole() {
        XCTAssertEqual(
            changes("{}", "{\"springs\": {\"zoomIn\": {\"response\": 0.4, \"dampingRatio\": 0.8}}}"),
            ["springs.zoomIn {uikitDuration: 0.5, dampingRatio: 0.8} → {response: 0.4, dampingRatio: 0.8}"])
    }

    func testSpringChangesCarryBothParameterSets() throws {
        let old = TuningFile()
        let new = TuningFile.read("{\"springs\": {\"finish\": {\"uikitDuration\": 0.4, \"dampingRatio\": 1}}}").file
        let springs = old.springChanges(to: new)
        XCTAssertEqual(springs.map(\.path), ["springs.finish"])
        XCTAssertEqual(springs.first?.old, old.tuning.finishSpring)
        XCTAssertEqual(springs.first?.new, try SpringParameters.uikit(duration: 0.4, dampingRatio: 1))
    }

    func testOnlyTheLoopsSettingsAndThePhotoLimitsWaitForTheNextStart() {
        let new = TuningFile.read(
            """
            {"debug": {"tickRate": 240}, "grid": {"cellGap": 3},
             "library": {"textureBudgetMiB": 64, "maximumMegapixels": 50, "maximumFileMiB": 100}}
            """)
        XCTAssertEqual(new.problems, [])
        let all = TuningFile().changes(to: new.file)
        XCTAssertEqual(
            all.map(\.description),
            [
                "grid.cellGap 2 → 3", "library.textureBudgetMiB 256 → 64", "library.maximumMegapixels 100 → 50",
                "library.maximumFileMiB 256 → 100", "debug.tickRate 120 → 240",
            ])
        XCTAssertEqual(
            all.filter(TuningFile.appliesAtNextStart).map(\.path),
            ["library.maximumMegapixels", "library.maximumFileMiB", "debug.tickRate"])
        // What a running window takes of it: all but those.
        let kept = new.file.keepingStartSettings(of: TuningFile())
        XCTAssertEqual(kept.library, LibraryLimits(textureBudgetMiB: 64))
        XCTAssertEqual(kept.loop, LoopSettings())
        XCTAssertEqual(kept.tuning.cellGap, 3)
    }

    func testTheLibraryLimitsAreCheckedLikeEveryNumber() {
        let read = TuningFile.read(
            "{\"library\": {\"textureBudgetMiB\": 0, \"maximumMegapixels\": 1e9, \"maximumFileMiB\": \"big\"}}")
        XCTAssertEqual(
            read.problems.map(\.message),
            [
                "library.textureBudgetMiB: must lie in [16, 65536], got 0 (line 1, column 34)",
                "library.maximumMegapixels: must lie in [1, 2000], got 1e9 (line 1, column 58)",
                "library.maximumFileMiB: expected a number, got \"big\" (line 1, column 81)",
            ])
        XCTAssertEqual(read.file.library, LibraryLimits(), "nothing refused is taken")
        XCTAssertEqual(LibraryLimits().textureBudgetBytes, 256 << 20)
        XCTAssertEqual(LibraryLimits().maximumPixels, 100_000_000)
    }

    /// The loader's memory fits the photo limits: raised with them when the file leaves it
    /// out, and a value set below what they need is told as the pair that contradicts, and
    /// raised, so every photo within the limits decodes (docs/libraries.md's table).
    func testTheLoadersMemoryFitsThePhotoLimits() {
        XCTAssertGreaterThanOrEqual(LibraryLimits().loaderMemoryMiB, LibraryLimits().loaderMemoryNeededMiB)
        // 256 MiB of file, 762.9 MiB of pixels twice over and 64 MiB.
        XCTAssertEqual(LibraryLimits().loaderMemoryNeededMiB, 1083)
        let raised = TuningFile.read("{\"library\": {\"maximumMegapixels\": 400}}")
        XCTAssertEqual(raised.problems, [])
        XCTAssertEqual(raised.file.library.loaderMemoryMiB, 3372, "256 + 1525.9 × 2 + 64, rounded up")
        let tight = TuningFile.read("{\"library\": {\"maximumMegapixels\": 400, \"loaderMemoryMiB\": 2048}}")
        XCTAssertEqual(
            tight.problems.map(\.description),
            [
                "error: library.loaderMemoryMiB: must be at least 3372, what library.maximumMegapixels (400) and "
                    + "library.maximumFileMiB (256) need, got 2048 (line 1, column 59)"
            ])
        XCTAssertEqual(tight.file.library.loaderMemoryMiB, 3372)
        XCTAssertEqual(TuningFile.violations(in: tight.file), [])
        var made = TuningFile()
        made.library.loaderMemoryMiB = 512
        XCTAssertEqual(
            TuningFile.violations(in: made),
            [
                "library.loaderMemoryMiB: must be at least 1083, what library.maximumMegapixels (100) and "
                    + "library.maximumFileMiB (256) need, got 512"
            ])
        // Small photo limits let the memory go down to what JPEG coefficients and the rest need.
        let small = TuningFile.read(
            "{\"library\": {\"maximumMegapixels\": 10, \"maximumFileMiB\": 32, \"loaderMemoryMiB\": 400}}")
        XCTAssertEqual(small.problems, [])
        XCTAssertEqual(small.file.library.loaderMemoryMiB, 400)
    }
}
