import PhotoZoomCore
import XCTest

final class PhaseMachineTests: XCTestCase {
    /// Every pair of phases, with the moves the interaction makes written out by hand.
    func testExactlyTheInteractionsMovesAreLegal() {
        let legal: Set<String> = [
            "grid→presenting",
            "presenting→pager", "presenting→held", "presenting→flyingHome",
            "pager→held", "pager→flyingHome",
            "held→presenting", "held→flyingHome",
            "flyingHome→grid", "flyingHome→held",
        ]
        func name(_ p: ViewerPhase) -> String {
            switch p {
            case .grid: return "grid"
            case .presenting: return "presenting"
            case .pager: return "pager"
            case .dismissing(interactive: true): return "held"
            case .dismissing(interactive: false): return "flyingHome"
            }
        }
        XCTAssertEqual(ViewerPhase.all.count, 5)
        for from in ViewerPhase.all {
            for to in ViewerPhase.all {
                let move = "\(name(from))→\(name(to))"
                XCTAssertEqual(PhaseMachine.isLegal(from: from, to: to), legal.contains(move), move)
            }
        }
    }

    func testAMachineFollowsAWholeRoundTrip() {
        var machine = PhaseMachine()
        for next in [
            ViewerPhase.presenting, .pager, .dismissing(interactive: true), .presenting, .pager,
            .dismissing(interactive: false), .dismissing(interactive: true), .dismissing(interactive: false), .grid,
        ] {
            XCTAssertTrue(machine.move(to: next), "\(machine.phase) → \(next)")
            XCTAssertEqual(machine.phase, next)
        }
    }
}

extension PhaseMachineTests {
    /// An illegal move is refused and remembered, never made.
    func testAnIllegalMoveIsRefusedAndKept() {
        var machine = PhaseMachine()
        XCTAssertFalse(machine.move(to: .pager))
        XCTAssertEqual(machine.phase, .grid)
        XCTAssertEqual(machine.refused, RefusedMove(from: .grid, to: .pager))
    }
}
