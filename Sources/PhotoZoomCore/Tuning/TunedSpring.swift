/// Which of the tuning's springs and rest thresholds a running spring track was started from.
/// A track keeps this so a tuning reload can hand it the new values mid-flight: parameters
/// alone cannot say, since two springs of the defaults (the bounce and the zoom) are equal.
public struct TunedSpring: Hashable, Sendable, Codable {
    public enum Name: String, Hashable, Sendable, Codable, CaseIterable {
        case wheel, bounce, zoomIn, cancel, finish, pageSnap, zoom, chromeFade, gridZoom
    }

    /// What the spring moves, which decides how close to its target counts as at rest.
    public enum Rest: String, Hashable, Sendable, Codable {
        case points, alpha
    }

    public var name: Name
    public var rest: Rest

    public init(_ name: Name, rest: Rest) {
        self.name = name
        self.rest = rest
    }

    public func parameters(in tuning: Tuning) -> SpringParameters {
        switch name {
        case .wheel: return tuning.wheelSpring
        case .bounce: return tuning.bounceSpring
        case .zoomIn: return tuning.zoomInSpring
        case .cancel: return tuning.cancelSpring
        case .finish: return tuning.finishSpring
        case .pageSnap: return tuning.pageSnapSpring
        case .zoom: return tuning.zoomSpring
        case .chromeFade: return tuning.chromeFadeSpring
        case .gridZoom: return tuning.gridZoom.spring
        }
    }

    public func threshold(in tuning: Tuning) -> RestThreshold {
        switch rest {
        case .points: return tuning.pointsRest
        case .alpha: return tuning.alphaRest
        }
    }
}
