import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

/// `tuning export`'s conversions: every form, rebuilt into `SpringParameters` the way its
/// vocabulary reads, moves as the spring it came from; the settling time agrees with a
/// brute-force search of the trajectory; and the code carries those numbers exactly.
final class SpringExportTests: XCTestCase {
    /// Each vocabulary under-, critically and over-damped, undamped, and with masses other than 1.
    static let spread: [SpringSpec] = [
        .swiftUI(response: 0.5, dampingRatio: 0.3), .swiftUI(response: 0.18, dampingRatio: 1),
        .swiftUI(response: 1.2, dampingRatio: 2.5), .swiftUI(response: 0.4, dampingRatio: 0),
        .iOS17(duration: 0.5, bounce: 0.7), .iOS17(duration: 0.3, bounce: 0),
        .iOS17(duration: 0.8, bounce: -0.6), .iOS17(duration: 0.4, bounce: 1),
        .uikit(duration: 0.5, dampingRatio: 0.8), .uikit(duration: 0.25, dampingRatio: 1),
        .uikit(duration: 0.6, dampingRatio: 3), .uikit(duration: 2, dampingRatio: 0.05),
        .physical(mass: 1, stiffness: 157.9, damping: 17.6), .physical(mass: 3, stiffness: 300, damping: 60),
        .physical(mass: 0.25, stiffness: 100, damping: 1), .physical(mass: 3, stiffness: 50, damping: 100),
        .physical(mass: 2, stiffness: 80, damping: 0),
        // Critical as written, a hair under in their constants: half periods of 2 years and
        // of 78,000 years (beyond SpringSolution.longestTime).
        .swiftUI(response: 0.06309573444801933, dampingRatio: 1),
        .swiftUI(response: 48977.881936844664, dampingRatio: 1),
    ]

    /// The spread, and as many again drawn at random in every vocabulary.
    static func springs() throws -> (specs: [SpringSpec], seed: String) {
        var g = try SeededGenerator(fixedSeed: 0xE4_9021)
        func logUniform(_ low: Double, _ high: Double) -> Double {
            exp(Double.random(in: log(low)...log(high), using: &g))
        }
        var specs = spread
        for _ in 0..<15 {
            let zeta = logUniform(0.05, 5)
            let response = logUniform(0.05, 3)
            let mass = logUniform(0.1, 10)
            let stiffness = logUniform(1, 5000)
            specs += [
                .swiftUI(response: response, dampingRatio: zeta),
                .iOS17(duration: response, bounce: Double.random(in: -0.9...0.95, using: &g)),
                .uikit(duration: response, dampingRatio: zeta),
                .physical(mass: mass, stiffness: stiffness, damping: 2 * zeta * (stiffness * mass).squareRoot()),
            ]
        }
        return (specs, g.description)
    }

    /// Value and velocity agree within a billionth of the distance (velocity: of the distance
    /// per 1/ω₀ seconds) until the spring has decayed by e^10, from rest and from a kick.
    func assertSameMotion(
        _ got: SpringParameters, _ expected: SpringParameters, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let omega = expected.naturalFrequency
        let zeta = expected.dampingRatio
        let distance = 100.0
        let slowRate = zeta <= 1 ? zeta * omega : omega * (zeta - (zeta * zeta - 1).squareRoot())
        let horizon = slowRate > 0 ? 10 / slowRate : 20 * expected.response
        for kick in [0, -2 * distance * omega] {
            let a = SpringMotion(parameters: got, from: 0, velocity: kick, target: distance)
            let b = SpringMotion(parameters: expected, from: 0, velocity: kick, target: distance)
            for i in 0...400 {
                let t = horizon * Double(i) / 400
                let sa = a.state(at: t)
                let sb = b.state(at: t)
                XCTAssertEqual(
                    sa.value, sb.value, accuracy: 1e-9 * distance, "\(message): value at t=\(t)", file: file, line: line
                )
                XCTAssertEqual(
                    sa.velocity, sb.velocity, accuracy: 1e-9 * distance * omega, "\(message): velocity at t=\(t)",
                    file: file, line: line)
            }
        }
    }

    func testTheSwiftUIFormIsTheSpringsOwnVocabularyAndMovesAsItDoes() throws {
        let (specs, seed) = try Self.springs()
        for spec in specs {
            let export = try SpringExport(spec)
            let expected = try spec.parameters()
            let rebuilt: SpringParameters
            switch export.swiftUI {
            case .response(let response, let fraction):
                rebuilt = try .response(response, dampingRatio: fraction, mass: 1)
            case .duration(let duration, let bounce): rebuilt = try .duration(duration, bounce: bounce)
            case .interpolating(let mass, let stiffness, let damping):
                rebuilt = try SpringParameters(mass: mass, stiffness: stiffness, damping: damping)
            }
            assertSameMotion(rebuilt, expected, "\(spec) as \(export.swiftUI), \(seed)")
            switch spec {
            case .swiftUI(let response, let ratio):
                XCTAssertEqual(export.swiftUI, .response(response: response, dampingFraction: ratio), "as written")
            case .iOS17(let duration, let bounce):
                XCTAssertEqual(export.swiftUI, .duration(duration: duration, bounce: bounce), "as written")
            case .uikit(_, let ratio):
                XCTAssertEqual(
                    export.swiftUI, .response(response: expected.response, dampingFraction: ratio),
                    "the ratio as written")
            case .physical(let mass, let stiffness, let damping) where mass != 1:
                XCTAssertEqual(
                    export.swiftUI, .interpolating(mass: mass, stiffness: stiffness, damping: damping), "the mass kept")
            case .physical:
                XCTAssertEqual(
                    export.swiftUI, .response(response: expected.response, dampingFraction: expected.dampingRatio),
                    "a unit mass")
            }
        }
    }

    func testTheUIViewAnimateFormMovesAsTheSpringDoesUpToCriticalDampingAndIsRefusedBeyond() throws {
        let (specs, seed) = try Self.springs()
        var exported = 0
        for spec in specs {
            let export = try SpringExport(spec)
            let expected = try spec.parameters()
            guard let animate = export.uiView else {
                XCTAssertTrue(
                    export.dampingRatio > 1 || expected.damping == 0, "\(spec) has a UIView.animate form, \(seed)")
                continue
            }
            exported += 1
            XCTAssertLessThanOrEqual(animate.dampingRatio, 1)
            assertSameMotion(
                try .uikit(duration: animate.duration, dampingRatio: animate.dampingRatio), expected,
                "\(spec) as \(animate), \(seed)")
            if case .uikit(let duration, let ratio) = spec {
                XCTAssertEqual([animate.duration, animate.dampingRatio], [duration, ratio], "as written")
            }
        }
        XCTAssertGreaterThan(exported, 30)
        // A spring written critically damped stays at exactly 1, however its constants round.
        for spec: SpringSpec in [
            .swiftUI(response: 0.18, dampingRatio: 1), .iOS17(duration: 0.35, bounce: 0),
            .uikit(duration: 0.25, dampingRatio: 1),
        ] {
            XCTAssertEqual(try SpringExport(spec).uiView?.dampingRatio, 1, "\(spec)")
        }
    }

    func testTheSettlingDurationIsWhereABruteForceSearchFindsTheTrajectoryLastOutsideTheThreshold() throws {
        let (specs, seed) = try Self.springs()
        for spec in specs {
            let p = try spec.parameters()
            guard let settle = p.settlingDuration(threshold: 1e-3) else {
                XCTAssertEqual(p.damping, 0, "only an undamped spring never settles: \(spec)")
                continue
            }
            XCTAssertEqual(try SpringExport(spec).settlingDuration, settle)
            // From 1 to 0 at rest, the value is the distance left, relative to the distance.
            let motion = SpringMotion(parameters: p, from: 1.0, target: 0)
            func outside(_ t: Double) -> Bool { abs(motion.value(at: t)) > 1e-3 }
            XCTAssertFalse(outside(settle), "\(spec), \(seed)")
            XCTAssertTrue(outside(settle.nextDown), "\(spec): the first such double, \(seed)")
            let horizon = 2 * settle + 4 * p.response
            let samples = 50_000
            let last = (0...samples).reversed().lazy.map { horizon * Double($0) / Double(samples) }.first(
                where: outside)!
            XCTAssertLessThan(last, settle, "\(spec): outside after settling, \(seed)")
            XCTAssertLessThanOrEqual(
                settle - last, horizon / Double(samples),
                "\(spec): the search's last point outside is a step from it, \(seed)")
            XCTAssertLessThan(p.settlingDuration(threshold: 1e-2)!, settle, "a wider threshold settles sooner")
        }
    }

    // MARK: The code

    /// The eight spring paths of a tuning file in file order, with the name each `let` takes.
    static let names = [
        ("grid.wheelSpring", "wheelSpring"), ("gridZoom.spring", "gridZoomSpring"),
        ("scroll.bounceSpring", "bounceSpring"), ("springs.zoomIn", "zoomIn"),
        ("springs.cancel", "cancel"), ("springs.finish", "finish"), ("pager.snapSpring", "snapSpring"),
        ("zoom.spring", "zoomSpring"), ("chrome.fadeSpring", "fadeSpring"),
    ]

    /// The code's spring blocks in order, each under its path's comment (a line of one word).
    func blocks(_ code: String) -> [(path: String, block: String)] {
        code.components(separatedBy: "\n\n").compactMap { block in
            let first = block.prefix { $0 != "\n" }.drop { $0 == " " }
            return first.hasPrefix("// ") && !first.dropFirst(3).contains(" ")
                ? (String(first.dropFirst(3)), block) : nil
        }
    }

    /// The number written after `label` in `text`.
    func number(after label: String, in text: String, file: StaticString = #filePath, line: UInt = #line) -> Double? {
        guard let range = text.range(of: label) else {
            XCTFail("no \(label) in \(text)", file: file, line: line)
            return nil
        }
        return Double(String(text[range.upperBound...].prefix { "0123456789.-+e".contains($0) }))
    }

    func testEachSpringIsALetNamedAfterItsKeyUnderItsPathInFileOrder() {
        XCTAssertEqual(Set(TuningFile().springs.keys), Set(Self.names.map(\.0)), "these are all the file's springs")
        for (form, declaration) in [
            (TuningExport.Form.swiftUI, "static let"), (.uikit, "@MainActor static let"),
            (.coreAnimation, "@MainActor static let"),
        ] {
            let springs = blocks(TuningExport.code(TuningFile(), form: form))
            XCTAssertEqual(springs.map(\.path), Self.names.map(\.0), "\(form)")
            // The line after the path, up to the type or the value.
            let declarations = springs.map {
                $0.block.split(separator: "\n")[1].prefix { $0 != "=" && $0 != ":" }.trimmingCharacters(
                    in: .whitespaces)
            }
            XCTAssertEqual(declarations, Self.names.map { "\(declaration) \($0.1)" }, "\(form)")
        }
    }

    func testASpringSetInCodeIsExportedAsItsPhysicalConstants() throws {
        var file = TuningFile()
        file.tuning.zoomInSpring = try SpringParameters(mass: 2, stiffness: 300, damping: 20)
        let code = TuningExport.code(file, form: .swiftUI)
        XCTAssertTrue(
            code.contains(
                "\n    // springs.zoomIn\n    // The mass as written: .spring(response:dampingFraction:) is a unit-mass spring.\n"
                    + "    static let zoomIn = Animation.interpolatingSpring(mass: 2.0, stiffness: 300.0, damping: 20.0, initialVelocity: 0)\n"
            ), code)
    }

    /// Reads the spread back out of the code each form prints, as text, and rebuilds it: the
    /// springs of it a tuning file may hold (`SpringBounds`).
    func testTheCodeCarriesNumbersThatRebuildTheSameSpring() throws {
        let (spread, seed) = try Self.springs()
        let specs = try spread.filter { SpringBounds.breach($0, parameters: try $0.parameters()) == nil }
        XCTAssertGreaterThan(specs.count, 40, "springs within the bounds, \(seed)")
        // Eight springs a file: the spread and the random ones, in turn in every slot.
        for start in stride(from: 0, to: specs.count, by: Self.names.count) {
            let batch = Array(specs[start..<min(start + Self.names.count, specs.count)])
            var members: [String: [String]] = [:]
            for ((path, _), spec) in zip(Self.names, batch) {
                let parts = path.split(separator: ".")
                members[String(parts[0]), default: []].append("\"\(parts[1])\": \(json(spec))")
            }
            let text =
                "{" + members.map { "\"\($0.key)\": {\($0.value.joined(separator: ", "))}" }.joined(separator: ", ")
                + "}"
            let reading = TuningFile.read(text)
            XCTAssertEqual(reading.problems, [], text)
            func code(_ form: TuningExport.Form) -> [String: String] {
                Dictionary(
                    uniqueKeysWithValues: blocks(TuningExport.code(reading.file, form: form)).map {
                        ($0.path, $0.block)
                    })
            }
            let swiftUI = code(.swiftUI)
            let uikit = code(.uikit)
            let coreAnimation = code(.coreAnimation)
            for ((path, _), spec) in zip(Self.names, batch) {
                let p = try spec.parameters()
                let message = "\(path) = \(spec), \(seed)"
                try checkSwiftUI(swiftUI[path]!, p, message)
                try checkUIKit(uikit[path]!, p, message)
                checkCoreAnimation(coreAnimation[path]!, p, message)
            }
        }
    }

    func checkSwiftUI(_ block: String, _ p: SpringParameters, _ message: String) throws {
        let rebuilt: SpringParameters
        if block.contains("Animation.spring(duration: ") {
            rebuilt = try .duration(
                number(after: "duration: ", in: block)!, bounce: number(after: "bounce: ", in: block)!)
        } else if block.contains("Animation.spring(response: ") {
            rebuilt = try .response(
                number(after: "response: ", in: block)!, dampingRatio: number(after: "dampingFraction: ", in: block)!,
                mass: 1)
        } else {
            XCTAssertTrue(block.contains("Animation.interpolatingSpring(mass: "), block)
            rebuilt = try SpringParameters(
                mass: number(after: "mass: ", in: block)!, stiffness: number(after: "stiffness: ", in: block)!,
                damping: number(after: "damping: ", in: block)!)
        }
        assertSameMotion(rebuilt, p, "\(message), --swiftui: \(block)")
    }

    func checkUIKit(_ block: String, _ p: SpringParameters, _ message: String) throws {
        XCTAssertEqual(
            try SpringParameters(
                mass: number(after: "UISpringTimingParameters(mass: ", in: block)!,
                stiffness: number(after: "stiffness: ", in: block)!, damping: number(after: "damping: ", in: block)!),
            p, "\(message): UISpringTimingParameters carries the constants bit for bit")
        if block.contains("UIView.animate(withDuration: ") {
            let ratio = number(after: "usingSpringWithDamping: ", in: block)!
            assertSameMotion(
                try .uikit(duration: number(after: "withDuration: ", in: block)!, dampingRatio: ratio), p,
                "\(message), --uikit: \(block)")
        } else {
            XCTAssertTrue(block.contains("is over-damped") && p.dampingRatio > 1, "\(message): \(block)")
        }
    }

    func checkCoreAnimation(_ block: String, _ p: SpringParameters, _ message: String) {
        XCTAssertEqual(number(after: "animation.mass = ", in: block), p.mass, message)
        XCTAssertEqual(number(after: "animation.stiffness = ", in: block), p.stiffness, message)
        XCTAssertEqual(number(after: "animation.damping = ", in: block), p.damping, message)
        XCTAssertEqual(
            block.contains("animation.allowsOverdamping = true"), p.dampingRatio > 1 + 1e-12, "\(message): \(block)")
        if let settle = p.settlingDuration(threshold: 1e-3) {
            XCTAssertEqual(number(after: "animation.duration = ", in: block), settle, message)
        } else {
            XCTAssertFalse(block.contains("animation.duration ="), "\(message): \(block)")
        }
    }

    /// The spec as a tuning file writes it.
    func json(_ spec: SpringSpec) -> String {
        switch spec {
        case .swiftUI(let response, let ratio): return "{\"response\": \(response), \"dampingRatio\": \(ratio)}"
        case .iOS17(let duration, let bounce): return "{\"duration\": \(duration), \"bounce\": \(bounce)}"
        case .uikit(let duration, let ratio): return "{\"uikitDuration\": \(duration), \"dampingRatio\": \(ratio)}"
        case .physical(let mass, let stiffness, let damping):
            return "{\"mass\": \(mass), \"stiffness\": \(stiffness), \"damping\": \(damping)}"
        }
    }
}
