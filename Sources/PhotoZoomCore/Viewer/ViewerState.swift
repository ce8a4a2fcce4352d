/// The Photos interaction's state: which phase it is in and the state of each of its parts.
public struct ViewerState: Equatable, Sendable, Codable {
    public typealias Phase = ViewerPhase

    /// The only holder of the phase; every change goes through its legal moves.
    public internal(set) var machine = PhaseMachine()
    /// The photo the pager shows and the grid keeps in view; the way back lands on its cell.
    public internal(set) var currentIndex = 0
    public internal(set) var transition: TransitionState?
    public internal(set) var paging = PagingState()
    public internal(set) var zoom = ZoomState()
    public internal(set) var chrome = ChromeState()
    /// A single tap waiting out the double-tap interval before it counts.
    public internal(set) var pendingTap: PendingTap?
    /// The pointer pressed in the pager whose drag is not yet decided (or is being ignored).
    public internal(set) var press: PagerPress?

    public init() {}

    public var phase: ViewerPhase { machine.phase }

    /// The pager's background, 0 in the grid and 1 in the pager.
    public var backgroundAlpha: Double {
        switch phase {
        case .grid: return 0
        case .pager: return 1
        case .presenting, .dismissing: return transition?.backgroundAlpha ?? 1
        }
    }
}

/// A single tap in the pager, held until the double-tap interval has passed without a second.
public struct PendingTap: Hashable, Sendable, Codable {
    public var tick: Int
    public var at: Point
}

/// A press in the pager: which pointer, where, and whether it caught a page mid-snap (that
/// drag can only page, and its tap only lets the snap finish).
public struct PagerPress: Hashable, Sendable, Codable {
    public var pointer: Int
    public var at: Point
    public var caughtSnap: Bool
    public var ignored = false
}

/// Two pointers held together, in the order they went down.
public struct PointerPair: Hashable, Sendable, Codable {
    public var first: Int
    public var second: Int
}
