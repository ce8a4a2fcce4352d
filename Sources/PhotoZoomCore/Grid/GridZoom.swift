/// The grid's zoom: the column count a person chose and, while the count changes, what is
/// moving the cells and which photo stays put. The motion is a cell size in points — what two
/// fingers pinch, and what a spring carries from one level's cells to the next's — and the
/// cells move between the two levels around it (`GridReflow`).
public struct GridZoom: Equatable, Sendable, Codable, OmittedWhenDefault {
    public enum Motion: Equatable, Sendable, Codable {
        case idle
        /// Two fingers (or alt+drag) hold the zoom.
        case pinching(GridPinch)
        /// Settling on the layout's level, from the cell size shown.
        case spring(SpringTrack<Double>)
    }

    /// The column count zoomed to; nil until the first zoom, so the grid opens, and follows the
    /// window, with as many columns as fit at the minimum cell size. A count that is no level in
    /// the window shows as the nearest level.
    public internal(set) var columns: Int?
    public internal(set) var motion: Motion = .idle
    /// What stays under the pointer while the zoom moves; nil at rest.
    public internal(set) var anchor: GridZoomAnchor?
    /// ctrl+wheel units toward the next step, in the direction last turned.
    public internal(set) var wheelUnits: Double = 0
    /// The two pointers down and their spread when the second landed, before a pinch is recognised.
    public internal(set) var pinchBaseline: ZoomState.PinchBaseline?

    public init() {}

    /// The cell size drawn, while the zoom moves.
    public var shownCellSize: Double? {
        switch motion {
        case .idle: return nil
        case .pinching(let pinch): return pinch.cellSize
        case .spring(let track): return track.value
        }
    }

    public var isPinching: Bool { if case .pinching = motion { return true } else { return false } }
    public var isAtRest: Bool { if case .idle = motion { return true } else { return false } }
}

/// The photo a zoom keeps in place, and where: the point of its cell at `fraction` (of the cell's
/// width and height) stays at `point` in the window while every level is laid out around it.
/// `offset` is the grid's offset when the anchor was set, so a scroll during the zoom moves the
/// point with the content.
public struct GridZoomAnchor: Hashable, Sendable, Codable {
    public var photo: Int
    public var fraction: Point
    public var point: Point
    public var offset: Double
}

/// A pinch of the grid: the cell size follows the spread of the two fingers from where the
/// pinch was recognised, and the anchor follows their centroid.
public struct GridPinch: Hashable, Sendable, Codable {
    public var pointers: PointerPair
    public var startDistance: Double
    public var startCellSize: Double
    public var startCentroid: Point
    public var startAnchorPoint: Point
    /// The cell size shown now, rubber-banded past the levels' ends.
    public var cellSize: Double
}
