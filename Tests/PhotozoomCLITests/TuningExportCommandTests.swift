import Foundation
import PhotoZoomTestSupport
import XCTest

/// `photozoom tuning export`, run as a person would: the defaults in each form, a file with
/// problems, and the one flag it needs.
final class TuningExportCommandTests: PhotozoomCLITestCase {
    /// Every spring of a tuning file, in file order, with the name its `let` takes.
    static let springs = [
        ("grid.wheelSpring", "wheelSpring"), ("gridZoom.spring", "gridZoomSpring"),
        ("scroll.bounceSpring", "bounceSpring"), ("springs.zoomIn", "zoomIn"),
        ("springs.cancel", "cancel"), ("springs.finish", "finish"), ("pager.snapSpring", "snapSpring"),
        ("zoom.spring", "zoomSpring"), ("chrome.fadeSpring", "fadeSpring"),
    ]

    func export(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try photozoom(["tuning", "export"] + arguments, file: file, line: line)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr, "", file: file, line: line)
        return result.stdout
    }

    func count(_ text: String, _ part: String) -> Int { text.components(separatedBy: part).count - 1 }

    func testEachFormExportsEverySpringOfTheDefaultsUnderItsPath() throws {
        let forms: [(flag: String, declaration: String, calls: [String])] = [
            ("--swiftui", "static let", ["Animation.spring(response: "]),
            ("--uikit", "@MainActor static let", ["UISpringTimingParameters(mass: ", "UIView.animate(withDuration: "]),
            ("--core-animation", "@MainActor static let", ["CASpringAnimation()", "    animation.duration = "]),
        ]
        for form in forms {
            let code = try export(["assets/tuning.json", form.flag])
            for (path, name) in Self.springs {
                XCTAssertTrue(
                    code.contains("\n    // \(path)\n    \(form.declaration) \(name)"),
                    "\(form.flag): \(path) as \(name)")
            }
            let paths = code.split(separator: "\n").filter {
                $0.hasPrefix("    // ") && !$0.dropFirst(7).contains(" ")
            }
            XCTAssertEqual(
                paths, Self.springs.map { "    // \($0.0)" }, "\(form.flag): every spring once, in file order")
            // Every default spring is damped no more than critically, so each has every call.
            for call in form.calls { XCTAssertEqual(count(code, call), Self.springs.count, "\(form.flag): \(call)") }
        }
    }

    /// Each form's export of the defaults is the recorded one in `Tests/Fixtures/tuning-export/`
    /// (`defaults-swiftui.swift`, `defaults-compose.kt`, …); `RECORD_SNAPSHOTS=1` rewrites them.
    func testEachFormsExportOfTheDefaultsIsTheRecordedOne() throws {
        for (flag, fixture) in [
            ("--swiftui", "defaults-swiftui.swift"), ("--compose", "defaults-compose.kt"),
            ("--css", "defaults-css.css"),
            ("--framer-motion", "defaults-framer-motion.js"), ("--reanimated", "defaults-reanimated.js"),
        ] {
            let url = PackagePaths.fixtures.appendingPathComponent("tuning-export/\(fixture)")
            let code = try export(["assets/tuning.json", flag])
            if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
                try code.write(to: url, atomically: true, encoding: .utf8)
            }
            XCTAssertEqual(
                code, try String(contentsOf: url, encoding: .utf8),
                "\(flag): the export changed; run the tests with RECORD_SNAPSHOTS=1 to record it")
        }
    }

    func testTheAndroidAndWebFormsCarryEverySpringAndTheDragToDismissConstants() throws {
        let constants = [
            "dismissalAngle", "dismissalShrink", "dismissalScaleDistance", "dismissalFadeDistance",
            "dismissalFinishDistance",
            "projectionDecelerationRate", "dismissalPinchFinishScale",
        ]
        let forms:
            [(flag: String, path: (String) -> String, spring: (String) -> String, constant: (String) -> String)] = [
                (
                    "--compose", { "    // \($0)" },
                    { "    fun <T> \($0)(visibilityThreshold: T): SpringSpec<T> = spring(dampingRatio = " },
                    { "    const val \($0) = " }
                ),
                ("--css", { "  /* \($0) */" }, { "  --photozoom-\($0)-easing: linear(" }, { "  --photozoom-\($0): " }),
                (
                    "--framer-motion", { "  // \($0)" },
                    { "  \($0): Object.freeze({\n    points: Object.freeze({ type: \"spring\", stiffness: " },
                    { "  \($0): " }
                ),
                (
                    "--reanimated", { "  // \($0)" },
                    { "  \($0): Object.freeze({\n    points: Object.freeze({ mass: " },
                    { "  \($0): " }
                ),
            ]
        for form in forms {
            let code = try export(["assets/tuning.json", form.flag])
            for (path, name) in Self.springs {
                XCTAssertEqual(
                    count(code, "\n\(form.path(path))\n\(form.spring(name))"), 1, "\(form.flag): \(path) as \(name)")
            }
            for name in constants {
                XCTAssertEqual(count(code, "\n\(form.constant(name))"), 1, "\(form.flag): \(name)")
            }
        }
        // The defaults' drag-to-dismiss numbers, each in the unit its form writes it in.
        let css = try export(["assets/tuning.json", "--css"])
        for line in [
            "--photozoom-dismissalAngle: 45deg;", "--photozoom-dismissalFinishDistance: 120px;",
            "--photozoom-projectionDecelerationRate: 0.998;", "--photozoom-dismissalPinchFinishScale: 0.75;",
        ] {
            XCTAssertTrue(css.contains("\n  \(line)\n"), line)
        }
        XCTAssertTrue(
            try export(["assets/tuning.json", "--compose"]).contains(
                "\n    const val dismissalFinishDistance = 120.0\n"))
    }

    func testTheSwiftFormsCarryTheDragToDismissConstantsInTheirNamespace() throws {
        for flag in ["--swiftui", "--uikit", "--core-animation"] {
            let code = try export(["assets/tuning.json", flag])
            XCTAssertEqual(count(code, "\nenum PhotoZoomTuning {\n"), 1, "\(flag): \(code)")
            XCTAssertTrue(code.hasSuffix("\n}\n"), "\(flag): the enum holds everything")
            for line in [
                "    // dismissal.angle (degrees): ", "    static let dismissalAngle = 45.0\n",
                "    // dismissal.finishDistance (points): ", "    static let dismissalFinishDistance = 120.0\n",
                "    static let projectionDecelerationRate = 0.998\n",
                "    static let dismissalPinchFinishScale = 0.75\n",
                "    static let dismissalShrink = ", "    static let dismissalScaleDistance = ",
                "    static let dismissalFadeDistance = ",
            ] {
                XCTAssertEqual(count(code, "\n" + line), 1, "\(flag): \(line)")
            }
        }
    }

    func testHelpListsEveryForm() throws {
        let result = try photozoom(["tuning", "export", "--help"])
        XCTAssertEqual(result.status, 0)
        for flag in [
            "--swiftui", "--uikit", "--core-animation", "--compose", "--css", "--framer-motion", "--reanimated",
        ] {
            XCTAssertTrue(result.stdout.contains("  \(flag) "), "\(flag) in\n\(result.stdout)")
        }
    }

    func testEachVocabularyIsExportedInTheFormsThatSayIt() throws {
        let path = try temporaryFolder().appendingPathComponent("mine.json").path
        try """
        {"springs": {"zoomIn": {"duration": 0.4, "bounce": 0.2}, "cancel": {"mass": 2, "stiffness": 300, "damping": 20},
                     "finish": {"uikitDuration": 0.5, "dampingRatio": 3}}, "zoom": {"spring": {"response": 0.4, "dampingRatio": 0.05}}}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let swiftUI = try export([path, "--swiftui"])
        XCTAssertTrue(swiftUI.contains("let zoomIn = Animation.spring(duration: 0.4, bounce: 0.2)\n"), swiftUI)
        XCTAssertTrue(
            swiftUI.contains(
                "let cancel = Animation.interpolatingSpring(mass: 2.0, stiffness: 300.0, damping: 20.0, initialVelocity: 0)\n"
            ), swiftUI)
        XCTAssertTrue(
            swiftUI.contains("let zoomSpring = Animation.spring(response: 0.4, dampingFraction: 0.05)\n"), swiftUI)
        let uikit = try export([path, "--uikit"])
        XCTAssertTrue(
            uikit.contains(
                "@MainActor static let cancel = UISpringTimingParameters(mass: 2.0, stiffness: 300.0, damping: 20.0, initialVelocity: CGVector(dx: 0, dy: 0))\n"
            ), uikit)
        XCTAssertEqual(
            count(uikit, "UIView.animate(withDuration: "), Self.springs.count - 1, "not for the over-damped spring")
        XCTAssertTrue(
            uikit.contains(
                "\n    // springs.finish is over-damped (damping ratio 3.0): UIView.animate's usingSpringWithDamping takes ratios up to 1"
            ), uikit)
        let coreAnimation = try export([path, "--core-animation"])
        XCTAssertEqual(count(coreAnimation, "    animation.allowsOverdamping = true"), 1, coreAnimation)
        XCTAssertEqual(count(coreAnimation, "    animation.duration = "), Self.springs.count, "one for every spring")
    }

    func testAFileWithErrorsIsListedAsCheckListsItAndExportsNothing() throws {
        let path = try temporaryFolder().appendingPathComponent("bad.json").path
        try "{\"springs\": {\"zoomIn\": {\"response\": -1, \"dampingRatio\": 0.8}, \"cancl\": {}}}".write(
            toFile: path, atomically: true, encoding: .utf8)
        let check = try photozoom(["tuning", "check", path])
        XCTAssertEqual(check.status, 2)
        for flag in [
            "--swiftui", "--uikit", "--core-animation", "--compose", "--css", "--framer-motion", "--reanimated",
        ] {
            let result = try photozoom(["tuning", "export", path, flag])
            XCTAssertEqual(result.status, 2, flag)
            XCTAssertEqual(result.stdout, "", "\(flag): no code")
            XCTAssertEqual(result.errorLines, check.errorLines, flag)
            XCTAssertEqual(result.errorLines.count, 2, "the error and the warning")
        }
    }

    func testWarningsAreListedAndTheCodeIsStillPrinted() throws {
        let path = try temporaryFolder().appendingPathComponent("typo.json").path
        try "{\"springs\": {\"zoomIn\": {\"response\": 0.5, \"dampingRatio\": 0.8, \"dampingRaito\": 1}}}".write(
            toFile: path, atomically: true, encoding: .utf8)
        let result = try photozoom(["tuning", "export", path, "--swiftui"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.errorLines,
            [
                "\(path): warning: unknown key springs.zoomIn.dampingRaito — did you mean dampingRatio? (line 1, column 79)"
            ])
        XCTAssertTrue(
            result.stdout.contains(
                "\n    // springs.zoomIn\n    static let zoomIn = Animation.spring(response: 0.5, dampingFraction: 0.8)\n"
            ),
            result.stdout)
    }

    func testExactlyOneFormIsAskedForAndAnUnreadableFileIsOneLine() throws {
        let forms = "--swiftui, --uikit, --core-animation, --compose, --css, --framer-motion or --reanimated"
        for (arguments, line) in [
            (["assets/tuning.json"], "photozoom: give one of \(forms)"),
            (
                ["assets/tuning.json", "--swiftui", "--uikit"],
                "photozoom: give one of \(forms), not --swiftui and --uikit"
            ),
            (
                ["assets/tuning.json", "--css", "--compose", "--reanimated"],
                "photozoom: give one of \(forms), not --compose, --css and --reanimated"
            ),
            (["missing.json", "--uikit"], "photozoom: cannot read 'missing.json': No such file or directory"),
        ] {
            let result = try photozoom(["tuning", "export"] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.errorLines, [line])
            XCTAssertEqual(result.stdout, "")
        }
    }
}
