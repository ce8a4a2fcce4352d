/// Grid, presenting, pager, dismissing: exactly one at a time.
public enum ViewerPhase: Hashable, Sendable, Codable {
    case grid
    /// The transition sprite flies to the page (zoom-in, or a cancelled dismissal).
    case presenting
    case pager
    /// The transition sprite follows a finger (interactive) or flies to the cell.
    case dismissing(interactive: Bool)

    public static let all: [ViewerPhase] = [
        .grid, .presenting, .pager, .dismissing(interactive: true), .dismissing(interactive: false),
    ]
}

/// The one function that changes the viewer's phase. It knows the legal moves and refuses the
/// rest, so no system can put the interaction into a phase it cannot get out of.
public struct PhaseMachine: Hashable, Sendable, Codable {
    public private(set) var phase: ViewerPhase = .grid
    /// The last move refused, if any was: a system asked for one the interaction does not
    /// make. Kept in the state, not trapped on, so the monkey reports it with a recording.
    public private(set) var refused: RefusedMove?

    public init() {}

    /// Whether the interaction may go from `from` straight to `to`.
    public static func isLegal(from: ViewerPhase, to: ViewerPhase) -> Bool {
        switch (from, to) {
        // A tap opens a photo.
        case (.grid, .presenting): return true
        // The zoom-in lands, is grabbed, or is turned around by Escape.
        case (.presenting, .pager), (.presenting, .dismissing): return true
        // A drag or pinch takes the photo, or Escape and Back send it home.
        case (.pager, .dismissing): return true
        // A held photo is let go: back to the page, or on to the cell.
        case (.dismissing(interactive: true), .presenting),
            (.dismissing(interactive: true), .dismissing(interactive: false)):
            return true
        // The way home lands, or is grabbed.
        case (.dismissing(interactive: false), .grid),
            (.dismissing(interactive: false), .dismissing(interactive: true)):
            return true
        default: return false
        }
    }

    /// Moves to `next` if that is a legal move; returns whether it did.
    @discardableResult
    public mutating func move(to next: ViewerPhase) -> Bool {
        guard Self.isLegal(from: phase, to: next) else {
            refused = RefusedMove(from: phase, to: next)
            return false
        }
        phase = next
        return true
    }
}

/// A phase move the machine refused.
public struct RefusedMove: Hashable, Sendable, Codable {
    public var from: ViewerPhase
    public var to: ViewerPhase
    public init(from: ViewerPhase, to: ViewerPhase) {
        self.from = from
        self.to = to
    }
}
