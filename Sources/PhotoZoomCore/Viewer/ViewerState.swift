/// The Photos interaction's state: which phase it is in, the photo it is on, the one
/// transition sprite, and the pager.
public struct ViewerState: Equatable, Sendable, Codable {
    public typealias Phase = ViewerPhase

    /// The phase and the transition sprite.
    public internal(set) var flight = ViewerFlight()
    /// The photo the pager shows and the grid keeps in view; the way back lands on its cell.
    public internal(set) var currentIndex = 0
    public internal(set) var pager = PagerState()

    public init() {}

    public var machine: PhaseMachine { flight.machine }
    public var transition: TransitionState? { flight.transition }
    public var phase: ViewerPhase { flight.phase }
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

    // Coded as it was before the phase and the transition became one slice, field by field in
    // that order: every recorded state, and every digest of one, stays what it was.
    enum CodingKeys: String, CodingKey { case machine, currentIndex, transition, pager }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        flight.machine = try c.decode(PhaseMachine.self, forKey: .machine)
        currentIndex = try c.decode(Int.self, forKey: .currentIndex)
        flight.transition = try c.decodeIfPresent(TransitionState.self, forKey: .transition)
        pager = try c.decode(PagerState.self, forKey: .pager)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(flight.machine, forKey: .machine)
        try c.encode(currentIndex, forKey: .currentIndex)
        try c.encodeIfPresent(flight.transition, forKey: .transition)
        try c.encode(pager, forKey: .pager)
    }
}

/// Two pointers held together, in the order they went down.
public struct PointerPair: Hashable, Sendable, Codable {
    public var first: Int
    public var second: Int
}
