/// Every constant a person might feel, in one place and named for people. `TuningFile` maps a
/// JSON file onto this struct field by field (reloading it live is still to come). How ticks
/// relate to seconds is not here: that is `LoopSettings`, fixed for a run.
public struct Tuning: Hashable, Sendable, Codable {
    // MARK: Grid
    /// Cells are at least this wide; the column count the grid opens with follows from it (3 at
    /// 390 pt), and is always one of the zoom's levels.
    public var minimumCellSize: Double = 100
    /// What a tuning file allows for it: a cell a hair wide would be a billion columns.
    public static let minimumCellSizes = 20.0...16384.0
    /// Gap between cells, in points.
    public var cellGap: Double = 2
    /// Points scrolled per precise wheel unit.
    public var wheelPointsPerUnit: Double = 40
    /// Wheel scrolling is smoothed: the view eases toward the wheel's target with this spring.
    public var wheelSpring: SpringParameters = .response(0.18, dampingRatio: 1)
    /// The grid's zoom levels and how it moves between them.
    public var gridZoom = GridZoomTuning()

    // MARK: Scroll physics (UIScrollView's)
    /// Velocity kept per millisecond of momentum; UIScrollView's `.normal` rate.
    public var decelerationRate: Double = 0.998
    /// Momentum ends below this speed, in points per second.
    public var momentumStopSpeed: Double = 8
    /// Rubber band stiffness: offset shown = (1 − 1/(x·c/d + 1))·d.
    public var rubberBandCoefficient: Double = 0.55
    /// The spring that returns a rubber-banded scroll to its edge.
    public var bounceSpring: SpringParameters = .response(0.4, dampingRatio: 1)
    /// Pointer samples older than this are ignored when estimating release velocity; the window
    /// is rounded up to whole ticks (10 ticks, 83 ms, at 120 Hz).
    public var velocitySampleWindow: Double = 0.08
    /// A spring moving points (frames, offsets) snaps to its target and rests within this.
    public var pointsRest = RestThreshold.points
    /// A spring moving an alpha rests within this: a hundredth of an alpha would show.
    public var alphaRest = RestThreshold.alpha
    /// A flight or page snap closer to its target than this looks still: a press then goes to
    /// what is underneath instead of catching it.
    public var stillMotion = RestThreshold(value: 0.5, velocity: 20)
    /// A flight's backdrop this close to its end alpha looks settled too.
    public var stillBackdrop: Double = 0.01

    // MARK: Gestures
    /// A press that moves less than this (points) stays a tap candidate.
    public var tapSlop: Double = 8
    /// How dark a pressed grid cell turns (the alpha of black over it), at once on the press.
    public var pressDimming: Double = 0.3
    /// A touch longer than this (seconds) is not a tap; a mouse click is a click however slow.
    public var tapMaximumDuration: Double = 0.35

    // MARK: Zoom in and out (the seeds' UIKit springs)
    /// Cell → page flight: 0.5 s, damping ratio 0.8.
    public var zoomInSpring: SpringParameters = .uikitUnchecked(duration: 0.5, dampingRatio: 0.8)
    /// A released dismissal that springs back to the page: 0.5 s, 0.9.
    public var cancelSpring: SpringParameters = .uikitUnchecked(duration: 0.5, dampingRatio: 0.9)
    /// Page → cell flight: 0.25 s, critically damped.
    public var finishSpring: SpringParameters = .uikitUnchecked(duration: 0.25, dampingRatio: 1)

    // MARK: Pager
    /// Space between photos in the pager, in points.
    public var pageGap: Double = 16
    /// The page snap after a swipe.
    public var pageSnapSpring: SpringParameters = .response(0.35, dampingRatio: 1)
    /// Rate for projecting a release velocity to where it would coast (WWDC18 "Designing Fluid
    /// Interfaces": v/1000·r/(1−r)).
    public var projectionDecelerationRate: Double = 0.998

    // MARK: Zoom inside a page
    public var minimumZoom: Double = 1
    public var maximumZoom: Double = 4
    /// Double-tap toggles fit ↔ this scale at the tapped point.
    public var doubleTapZoom: Double = 2.5
    /// Two finger taps closer than this in time (s) and space (pt) are a double tap.
    public var doubleTapInterval: Double = 0.3
    public var doubleTapDistance: Double = 40
    /// A single mouse click in the pager waits this long (s) for a second before it shows or
    /// hides the top bar: desktop double-click times run to 0.4–0.5 s (SDL's default is 0.5).
    /// Whether a second click is a double click is the desktop's call, not this.
    public var doubleClickWait: Double = 0.5
    /// Zoom and pan flights: double-tap, return from the rubber band, pan momentum.
    public var zoomSpring: SpringParameters = .response(0.4, dampingRatio: 1)
    /// ctrl+wheel zoom per wheel unit (multiplicative, e^(k·units)).
    public var wheelZoomPerUnit: Double = 0.12
    /// Horizontal wheel or trackpad units that turn one page in the pager, and the pause (s)
    /// that ends a swipe: one swipe turns one page.
    public var wheelUnitsPerPage: Double = 1
    public var wheelSwipePause: Double = 0.2
    /// Two fingers become a pinch once their spread changes by this fraction.
    public var pinchRecognitionSpread: Double = 0.02

    // MARK: Dismissal (seed 000 ZoomDismissalInteractionController)
    /// A drag in the pager within this angle (degrees) of vertical picks the photo up (down to
    /// dismiss, up to rubber-band); any other direction pages. 45 splits by the dominant axis.
    public var dismissAngle: Double = 45
    /// Scale = 1 − shrink·min(dy / (H·scaleDistance), 1): 1 → 0.5 over half the height.
    public var dismissShrink: Double = 0.5
    public var dismissScaleDistance: Double = 0.5
    /// Background alpha = 1 − min(dy / (H·fadeDistance), 1): gone over a quarter of the height.
    public var dismissFadeDistance: Double = 0.25
    /// The projected drag (points) beyond which a release finishes the dismissal.
    public var dismissFinishDistance: Double = 120
    public var dismissRule: DismissRule = .projection
    /// Pinch-in dismissal (seed 004): released below this scale it finishes.
    public var pinchDismissFinishScale: Double = 0.75
    /// Escape and the back button: fly into the cell, or seed 003's shrink and fade.
    public var escapeStyle: EscapeStyle = .zoomToCell
    /// The scale the shrinking escape ends at.
    public var shrinkScale: Double = 0.1
    /// A single tap in the pager: toggle the chrome (Photos) or dismiss (seed 004).
    public var pagerTapAction: PagerTapAction = .toggleChrome

    // MARK: Chrome
    public var topBarHeight: Double = 44
    public var tabBarHeight: Double = 50
    /// The back button's tap area, from the top bar's left edge; its label starts `backButtonInset` in.
    public var backButtonWidth: Double = 96
    public var backButtonInset: Double = 12
    public var topBarTextSize: Double = 17
    public var tabBarTextSize: Double = 15
    public var chromeFadeSpring: SpringParameters = .response(0.25, dampingRatio: 1)

    public init() {}
}

/// How a released dismissal drag decides between finishing and springing back.
public enum DismissRule: String, Hashable, Sendable, Codable, CaseIterable {
    /// Finish when the drag projected by its velocity passes `dismissFinishDistance` and the
    /// finger is not moving up.
    case projection
    /// Finish unless the finger is moving up or the photo is above where it was picked up:
    /// the direction alone decides, however short the drag.
    case direction
    /// Finish past half the progress when still, or whenever moving down.
    case percent

    /// Names a rule had in tuning files and recordings before, each read as the rule it names
    /// now. `direction` was `seed`, after the prototype it came from.
    public static let formerNames: [String: DismissRule] = ["seed": .direction]

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let rule = DismissRule(rawValue: name) ?? Self.formerNames[name] else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "no dismissal rule is named \(name)")
        }
        self = rule
    }

    /// Files and recordings get the rule's name; the state's canonical encoding (its digest)
    /// keeps the name sessions were first recorded under, so a recording made with the
    /// direction rule before its rename still verifies.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(encoder is StateWalk ? canonicalName : rawValue)
    }

    var canonicalName: String { self == .direction ? "seed" : rawValue }
}

public enum EscapeStyle: String, Hashable, Sendable, Codable, CaseIterable {
    case zoomToCell
    /// Seed 003: shrink to a tenth in place while fading out.
    case shrink
}

public enum PagerTapAction: String, Hashable, Sendable, Codable, CaseIterable {
    case toggleChrome
    case dismiss
}
