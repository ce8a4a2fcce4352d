import SwiftUI

// Everything is a static member of PhotoZoomTuning, so call it by that name: PhotoZoomTuning.cancel is
// this file's spring even inside an Operation, whose own cancel() a bare cancel would be.
enum PhotoZoomTuning {
    // Drag to dismiss.
    // dismissal.angle (degrees): A drag in the pager within this angle of vertical picks the photo up to dismiss it; any other drag pages.
    static let dismissalAngle = 45.0
    // dismissal.shrink: The photo's scale is 1 - shrink * min(dy / (height * scaleDistance), 1), dy the drag down and height the viewer's.
    static let dismissalShrink = 0.5
    // dismissal.scaleDistance: The drag down, as a fraction of the viewer's height, over which the photo shrinks by dismissalShrink.
    static let dismissalScaleDistance = 0.5
    // dismissal.fadeDistance: The backdrop's alpha is 1 - min(dy / (height * fadeDistance), 1).
    static let dismissalFadeDistance = 0.25
    // dismissal.finishDistance (points): A released drag dismisses when dy plus its projection passes this and the finger is not moving up.
    static let dismissalFinishDistance = 120.0
    // pager.projectionDecelerationRate: A release's projection is v / 1000 * rate / (1 - rate), v its velocity in points per second.
    static let projectionDecelerationRate = 0.998
    // dismissal.pinchFinishScale: A pinch released with the fingers' spread below this fraction of its start, or closing, dismisses the photo.
    static let dismissalPinchFinishScale = 0.75

    // grid.wheelSpring
    static let wheelSpring = Animation.spring(response: 0.18, dampingFraction: 1.0)

    // gridZoom.spring
    static let gridZoomSpring = Animation.spring(response: 0.35, dampingFraction: 1.0)

    // scroll.bounceSpring
    static let bounceSpring = Animation.spring(response: 0.4, dampingFraction: 1.0)

    // springs.zoomIn
    static let zoomIn = Animation.spring(response: 0.36383369435782437, dampingFraction: 0.8)

    // springs.cancel
    static let cancel = Animation.spring(response: 0.4093129061525524, dampingFraction: 0.9)

    // springs.finish
    static let finish = Animation.spring(response: 0.22739605897364024, dampingFraction: 1.0)

    // pager.snapSpring
    static let snapSpring = Animation.spring(response: 0.35, dampingFraction: 1.0)

    // zoom.spring
    static let zoomSpring = Animation.spring(response: 0.4, dampingFraction: 1.0)

    // chrome.fadeSpring
    static let fadeSpring = Animation.spring(response: 0.25, dampingFraction: 1.0)
}
