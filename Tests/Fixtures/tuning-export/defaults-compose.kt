// Compose's spring() and Android's SpringForce have no mass: each is a unit-mass spring given by
// its damping ratio and its stiffness. A spring written with another mass m keeps its undamped
// angular frequency w0 = sqrt(k / m) and its damping ratio c / (2 * sqrt(k * m)): its stiffness here
// is k / m and its dampingRatio that ratio, the sums written above it. Both APIs take Floats: the
// literals are the doubles written in full, which Kotlin rounds to the nearest Float.
// Each Compose spring is a generic function, so the one spring animates a Float, a Dp or an Offset.
// Neither carries a start velocity: Compose takes it as Animatable.animateTo's initialVelocity,
// the View system as SpringAnimation.setStartVelocity, in units per second. A SpringAnimation sets
// its SpringForce's final position, so each animation takes a SpringForce of its own.
// Everything is a member of PhotoZoomTuning, so call it by that name: PhotoZoomTuning.finish(…) is this
// file's spring even inside an Activity, whose own finish() a bare finish() would call.

import androidx.compose.animation.core.SpringSpec
import androidx.compose.animation.core.spring
import androidx.dynamicanimation.animation.SpringForce
import kotlin.math.abs

object PhotoZoomTuning {
    // Where each motion comes to rest, as the other forms' settling time does: from rest, within
    // 0.001 of the distance from then on. Compose ends a spring at its estimate of when the
    // motion stays within visibilityThreshold of the target, in the value's own units; its default,
    // 0.01 for a Float, ends a motion from 0 to 1 a quarter to a third early with a jump of up to 1%.
    // unitVisibilityThreshold is for a value from 0 to 1 (a scale, an alpha, a progress);
    // visibilityThreshold(distance) for a value in dp or pixels moving that far.
    const val unitVisibilityThreshold = 0.001f
    fun visibilityThreshold(distance: Float): Float = abs(distance) * unitVisibilityThreshold
    // A SpringAnimation ends at the first frame within 0.75 of its minimum visible change of the
    // target and slower than 62.5 times that a second, and jumps there: its defaults (1 pixel, 0.002
    // for a scale, 1/256 for an alpha) end early or late by the spring and the distance. Each
    // spring's unit...MinimumVisibleChange ends it where the rest of the motion stays within
    // 0.001 of the distance, for a value from 0 to 1; its ...MinimumVisibleChange(distance)
    // for a value in pixels moving that far. Pass it to SpringAnimation.setMinimumVisibleChange.

    // Drag to dismiss.
    // dismissal.angle (degrees): A drag in the pager within this angle of vertical picks the photo up to dismiss it; any other drag pages.
    const val dismissalAngle = 45.0
    // dismissal.shrink: The photo's scale is 1 - shrink * min(dy / (height * scaleDistance), 1), dy the drag down and height the viewer's.
    const val dismissalShrink = 0.5
    // dismissal.scaleDistance: The drag down, as a fraction of the viewer's height, over which the photo shrinks by dismissalShrink.
    const val dismissalScaleDistance = 0.5
    // dismissal.fadeDistance: The backdrop's alpha is 1 - min(dy / (height * fadeDistance), 1).
    const val dismissalFadeDistance = 0.25
    // dismissal.finishDistance (points, which are dp): A released drag dismisses when dy plus its projection passes this and the finger is not moving up.
    const val dismissalFinishDistance = 120.0
    // pager.projectionDecelerationRate: A release's projection is v / 1000 * rate / (1 - rate), v its velocity in points per second.
    const val projectionDecelerationRate = 0.998
    // dismissal.pinchFinishScale: A pinch released with the fingers' spread below this fraction of its start, or closing, dismisses the photo.
    const val dismissalPinchFinishScale = 0.75

    // grid.wheelSpring
    fun <T> wheelSpring(visibilityThreshold: T): SpringSpec<T> = spring(dampingRatio = 1.0f, stiffness = 1218.4696791468346f, visibilityThreshold = visibilityThreshold)
    fun wheelSpringForce(): SpringForce = SpringForce().setDampingRatio(1.0f).setStiffness(1218.4696791468346f)
    const val unitWheelSpringMinimumVisibleChange = 0.00089f
    fun wheelSpringMinimumVisibleChange(distance: Float): Float = abs(distance) * unitWheelSpringMinimumVisibleChange

    // gridZoom.spring
    fun <T> gridZoomSpring(visibilityThreshold: T): SpringSpec<T> = spring(dampingRatio = 1.0f, stiffness = 322.27279677026473f, visibilityThreshold = visibilityThreshold)
    fun gridZoomSpringForce(): SpringForce = SpringForce().setDampingRatio(1.0f).setStiffness(322.27279677026473f)
    const val unitGridZoomSpringMinimumVisibleChange = 0.00064f
    fun gridZoomSpringMinimumVisibleChange(distance: Float): Float = abs(distance) * unitGridZoomSpringMinimumVisibleChange

    // scroll.bounceSpring
    fun <T> bounceSpring(visibilityThreshold: T): SpringSpec<T> = spring(dampingRatio = 1.0f, stiffness = 246.74011002723395f, visibilityThreshold = visibilityThreshold)
    fun bounceSpringForce(): SpringForce = SpringForce().setDampingRatio(1.0f).setStiffness(246.74011002723395f)
    const val unitBounceSpringMinimumVisibleChange = 0.00058f
    fun bounceSpringMinimumVisibleChange(distance: Float): Float = abs(distance) * unitBounceSpringMinimumVisibleChange

    // springs.zoomIn
    fun <T> zoomIn(visibilityThreshold: T): SpringSpec<T> = spring(dampingRatio = 0.8f, stiffness = 298.2317687144099f, visibilityThreshold = visibilityThreshold)
    fun zoomInForce(): SpringForce = SpringForce().setDampingRatio(0.8f).setStiffness(298.2317687144099f)
    const val unitZoomInMinimumVisibleChange = 0.00058f
    fun zoomInMinimumVisibleChange(distance: Float): Float = abs(distance) * unitZoomInMinimumVisibleChange

    // springs.cancel
    fun <T> cancel(visibilityThreshold: T): SpringSpec<T> = spring(dampingRatio = 0.9f, stiffness = 235.6399160212621f, visibilityThreshold = visibilityThreshold)
    fun cancelForce(): SpringForce = SpringForce().setDampingRatio(0.9f).setStiffness(235.6399160212621f)
    const val unitCancelMinimumVisibleChange = 0.00056f
    fun cancelMinimumVisibleChange(distance: Float): Float = abs(distance) * unitCancelMinimumVisibleChange

    // springs.finish
    fun <T> finish(visibilityThreshold: T): SpringSpec<T> = spring(dampingRatio = 1.0f, stiffness = 763.4733279088892f, visibilityThreshold = visibilityThreshold)
    fun finishForce(): SpringForce = SpringForce().setDampingRatio(1.0f).setStiffness(763.4733279088892f)
    const val unitFinishMinimumVisibleChange = 0.0008f
    fun finishMinimumVisibleChange(distance: Float): Float = abs(distance) * unitFinishMinimumVisibleChange

    // pager.snapSpring
    fun <T> snapSpring(visibilityThreshold: T): SpringSpec<T> = spring(dampingRatio = 1.0f, stiffness = 322.27279677026473f, visibilityThreshold = visibilityThreshold)
    fun snapSpringForce(): SpringForce = SpringForce().setDampingRatio(1.0f).setStiffness(322.27279677026473f)
    const val unitSnapSpringMinimumVisibleChange = 0.00064f
    fun snapSpringMinimumVisibleChange(distance: Float): Float = abs(distance) * unitSnapSpringMinimumVisibleChange

    // zoom.spring
    fun <T> zoomSpring(visibilityThreshold: T): SpringSpec<T> = spring(dampingRatio = 1.0f, stiffness = 246.74011002723395f, visibilityThreshold = visibilityThreshold)
    fun zoomSpringForce(): SpringForce = SpringForce().setDampingRatio(1.0f).setStiffness(246.74011002723395f)
    const val unitZoomSpringMinimumVisibleChange = 0.00058f
    fun zoomSpringMinimumVisibleChange(distance: Float): Float = abs(distance) * unitZoomSpringMinimumVisibleChange

    // chrome.fadeSpring
    fun <T> fadeSpring(visibilityThreshold: T): SpringSpec<T> = spring(dampingRatio = 1.0f, stiffness = 631.6546816697189f, visibilityThreshold = visibilityThreshold)
    fun fadeSpringForce(): SpringForce = SpringForce().setDampingRatio(1.0f).setStiffness(631.6546816697189f)
    const val unitFadeSpringMinimumVisibleChange = 0.00077f
    fun fadeSpringMinimumVisibleChange(distance: Float): Float = abs(distance) * unitFadeSpringMinimumVisibleChange
}
