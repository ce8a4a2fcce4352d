/// The one sprite that carries a photo between grid and pager.
public struct TransitionState: Equatable, Sendable, Codable {
    public enum Destination: Hashable, Sendable, Codable {
        case page
        case cell
        /// Seed 003: shrink to a tenth in place while fading out.
        case shrink
    }

    /// A spring flight toward a destination; targets are recomputed from layout every tick.
    public struct Flight: Equatable, Sendable, Codable {
        public var destination: Destination
        /// The tuning's spring both tracks run on.
        public var spring: TunedSpring.Name
        public var frame: SpringTrack<Rect>
        public var background: SpringTrack<Double>
    }

    /// A finger (or two) holding the photo. The grabbed point of the photo stays under the
    /// finger, so grabbing at any moment draws no jump.
    public struct Grab: Equatable, Sendable, Codable {
        public enum Kind: Equatable, Sendable, Codable {
            case drag(pointer: Int)
            case pinch(pointers: PointerPair, startCentroid: Point, startDistance: Double)
        }
        public var kind: Kind
        public var startFinger: Point
        public var startFrame: Rect
        public var startBackground: Double
        /// Where the finger holds the photo, in unit coordinates of its frame.
        public var anchor: Point
        /// A pinch's spread relative to its start, and whether it was last closing.
        public var pinchScale: Double = 1
        public var pinchClosing = false
        /// The flight the finger caught, if it caught one: let go without a drag, it goes on.
        public var caught: CaughtFlight?
    }

    /// Where a caught flight was going, on which spring, and how fast it was moving.
    public struct CaughtFlight: Equatable, Sendable, Codable {
        public var destination: Destination
        public var spring: TunedSpring.Name
        public var frameVelocity: Rect
        public var backgroundVelocity: Double
    }

    public let photo: Int
    /// Shrinking away (seed 003): the sprite fades with the background, held or flying.
    public internal(set) var fades = false
    /// As drawn this tick.
    public internal(set) var frame: Rect
    public internal(set) var backgroundAlpha: Double
    public internal(set) var flight: Flight?
    public internal(set) var grab: Grab?

    /// The sprite's own alpha: it fades only when shrinking away.
    public var spriteAlpha: Double { fades ? backgroundAlpha : 1 }
}
