import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

/// The Compose export's numbers, read back out of the Kotlin it prints, run through ports of
/// Compose's and DynamicAnimation's own solvers (`ComposeSpringPort`,
/// `DynamicAnimationSpringPort`): each motion stays within 0.01 of the distance of the exact
/// spring over the whole settling time, and comes to rest where the rest of the exact motion
/// stays within the file's settling rule (0.001 of the distance, the last millisecond or frame
/// aside). A value from 0 to 1 takes the unit thresholds; a value in dp or pixels, moving
/// `pointsDistance`, the thresholds for its distance.
final class AndroidSpringMotionTests: XCTestCase {
    static let pointsDistance: Float = 300

    /// The defaults, the corpus, and the springs that try a solver: over-damped (bounce −0.3,
    /// ζ 1.43), near-undamped (ζ 0.05), a mass of 3; and an undamped spring set in code.
    static func files() throws -> [(name: String, file: TuningFile)] {
        let reading = TuningFile.read(
            """
            {"springs": {"zoomIn": {"duration": 0.5, "bounce": -0.3}, "cancel": {"response": 0.4, "dampingRatio": 0.05},
                         "finish": {"mass": 3, "stiffness": 300, "damping": 40}}}
            """)
        XCTAssertEqual(reading.problems, [])
        var undamped = TuningFile()
        undamped.tuning.cancelSpring = try SpringParameters(mass: 1, stiffness: 300, damping: 0)
        return try PlatformExportTests.tuningFiles() + [("trying springs", reading.file), ("undamped", undamped)]
    }

    /// The springs' Kotlin blocks, each run by `check` with its spring, the block and the
    /// whole code; a refused spring is checked to be refused with its reason.
    func eachSpring(_ check: (TuningExport.NamedSpring, String, String, String) throws -> Void) throws {
        var checked = 0
        var refused = 0
        for (name, file) in try Self.files() {
            let code = TuningExport.code(file, form: .compose)
            let blocks = PlatformExportTests.blocks(code, open: "//")
            for spring in TuningExport.namedSprings(file) {
                let block = try XCTUnwrap(blocks[spring.path], "\(name): \(spring.path)")
                if let refusal = spring.refusal {
                    XCTAssertTrue(block.contains("// " + refusal), "\(name): \(block)")
                    XCTAssertFalse(block.contains("fun "), "\(name): \(block)")
                    refused += 1
                    continue
                }
                try check(spring, block, code, "\(name): \(spring.path)")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 10 * 9 - 1, "nine springs in each of the defaults, seven corpus files and two more")
        XCTAssertEqual(refused, 1, "the undamped spring")
    }

    func number(_ label: String, in text: String) throws -> Double {
        try XCTUnwrap(PlatformExportTests.number(after: label, in: text), "no \(label) in \(text)")
    }

    /// The exact spring's value at `seconds`, from `start` at rest to `target`.
    func exact(_ p: SpringParameters, _ seconds: Double, start: Float, target: Float) -> Double {
        Double(target) + Double(start - target) * SpringSolution(p).basis(at: seconds).c0
    }

    func testComposeRunsEachSpringAsTheFileDoesAndEndsItWhereItSettles() throws {
        var latest = 0.0
        try eachSpring { spring, block, code, message in
            let p = spring.export.parameters
            let settling = try XCTUnwrap(spring.export.settlingDuration, message)
            // The call, not the comment above it that shows a mass's sums.
            let call = try XCTUnwrap(block.range(of: "= spring(").map { String(block[$0.lowerBound...]) }, block)
            let ratio = Float(try number("dampingRatio = ", in: call))
            let stiffness = Float(try number("stiffness = ", in: call))
            let unit = Float(try number("const val unitVisibilityThreshold = ", in: code))
            XCTAssertTrue(
                code.contains(
                    "fun visibilityThreshold(distance: Float): Float = abs(distance) * unitVisibilityThreshold"),
                code)
            XCTAssertTrue(block.contains("visibilityThreshold = visibilityThreshold)"), block)
            for (start, target, threshold) in [
                (Float(0), Float(1), unit), (Self.pointsDistance, 0, abs(Self.pointsDistance) * unit),
            ] {
                let port = ComposeSpringPort(dampingRatio: ratio, stiffness: stiffness, visibilityThreshold: threshold)
                let distance = Double(abs(target - start))
                let duration = try XCTUnwrap(
                    port.durationNanos(initial: start, target: target), "\(message): no duration")
                let end = Double(duration) / 1e9
                var largest = 0.0
                for millis in 0...Int64((max(end, settling) + 0.1) * 1000) {
                    let nanos = millis * 1_000_000
                    let value =
                        nanos >= duration ? target : port.value(playTimeNanos: nanos, initial: start, target: target)
                    largest = max(
                        largest, abs(Double(value) - exact(p, Double(millis) / 1000, start: start, target: target)))
                }
                XCTAssertLessThanOrEqual(largest / distance, 0.01, "\(message), \(start)→\(target): \(block)")
                // Where it ends, the rest of the motion is within the settling rule; Compose's
                // millisecond play time may stop it one millisecond short.
                XCTAssertGreaterThanOrEqual(end, settling - 0.001, "\(message), \(start)→\(target): ends early")
                latest = max(latest, end - settling)
            }
        }
        print("Compose: ends at most \(latest) s after the settling time")
    }

    func testDynamicAnimationRunsEachSpringAsTheFileDoesAndEndsItWhereItSettles() throws {
        try eachSpring { spring, block, code, message in
            let p = spring.export.parameters
            let settling = try XCTUnwrap(spring.export.settlingDuration, message)
            let ratio = Float(try number(".setDampingRatio(", in: block))
            let stiffness = Float(try number(".setStiffness(", in: block))
            let label = "unit" + spring.name.prefix(1).uppercased() + spring.name.dropFirst() + "MinimumVisibleChange"
            let unit = Float(try number("const val \(label) = ", in: block))
            XCTAssertTrue(
                block.contains(
                    "fun \(spring.name)MinimumVisibleChange(distance: Float): Float = abs(distance) * \(label)"),
                block)
            for (start, target, change) in [
                (Float(0), Float(1), unit), (Self.pointsDistance, 0, abs(Self.pointsDistance) * unit),
            ] {
                let port = DynamicAnimationSpringPort(
                    dampingRatio: ratio, stiffness: stiffness, minimumVisibleChange: change)
                let frames = port.frames(start: start, target: target)
                let distance = Double(abs(target - start))
                let last = try XCTUnwrap(frames.last)
                XCTAssertTrue(last.ended, "\(message): never ends")
                var largest = 0.0
                for frame in frames {
                    largest = max(
                        largest,
                        abs(Double(frame.value) - exact(p, Double(frame.elapsed) / 1000, start: start, target: target)))
                }
                XCTAssertLessThanOrEqual(largest / distance, 0.01, "\(message), \(start)→\(target): \(block)")
                // After it ends the exact spring goes on within the settling rule: from the
                // frame it ended on to well past the settling time.
                var after = 0.0
                var seconds = Double(last.elapsed) / 1000
                while seconds < settling + 0.5 {
                    after = max(after, abs(exact(p, seconds, start: start, target: target) - Double(target)))
                    seconds += 0.001
                }
                XCTAssertLessThanOrEqual(
                    after / distance, SpringExport.settlingThreshold,
                    "\(message), \(start)→\(target): ends at \(last.elapsed) ms, settling \(settling) s")
            }
        }
    }
}
