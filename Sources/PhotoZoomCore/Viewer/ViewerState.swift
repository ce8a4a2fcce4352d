/// The Photos interaction's state: which phase it is in, the photo it is on, the one
/// transition sprite, and the pager.
public struct ViewerState: Equatable, Sendable, Codable {
    public typealias Phase = ViewerPhase

    /// The only holder of the phase; every change goes through its legal moves.
    public internal(set) var machine = PhaseMachine()
    /// The photo the pager shows and the grid keeps in view; the way back lands on its cell.
    public internal(set) var currentIndex = 0
    public internal(set) var transition: TransitionState?
    public internal(set) var pager = PagerState()

    public init() {}

    public var phase: ViewerPhase { machine.phase }
    public var paging: PagingState { pager.paging }
    public var zoom: ZoomState { pager.zoom }
    public var chrome: ChromeState { pager.chrome }
    public var pendingTap: PendingTap? { pager.pendingTap }

    /// The pager's background, 0 in the grid and 1 in the pager.
    public var backgroundAlpha: Double {
        switch phase {
        case .grid: return 0
        case .pager: return 1
        case .presenting, .dismissing: return transition?.backgroundAlpha ?? 1
        }
    }
}

/// Two pointers held together, in the order they went down.
public struct PointerPair: Hashable, Sendable, Codable {
    public var first: Int
    public var second: Int
}
