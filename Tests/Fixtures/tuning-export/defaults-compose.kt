// Compose's spring() and Android's SpringForce have no mass: each is a unit-mass spring given by
// its damping ratio and its stiffness. A spring written with another mass m keeps its undamped
// angular frequency w0 = sqrt(k / m) and its damping ratio c / (2 * sqrt(k * m)): its stiffness here
// is k / m and its dampingRatio that ratio, the sums written above it. Both APIs take Floats: the
// literals are the doubles written in full, which Kotlin rounds to the nearest Float.
// Each Compose spring is a generic function, so the one spring animates a Float, a Dp or an Offset.
// Neither carries a start velocity: Compose takes it as Animatable.animateTo's initialVelocity,
// the View system as SpringAnimation.setStartVelocity, in units per second. A SpringAnimation sets
// its SpringForce's final position, so each animation takes a SpringForce of its own.

import androidx.compose.animation.core.SpringSpec
import androidx.compose.animation.core.spring
import androidx.dynamicanimation.animation.SpringForce

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
fun <T> wheelSpring(): SpringSpec<T> = spring(dampingRatio = 1.0f, stiffness = 1218.4696791468346f)
fun wheelSpringForce(): SpringForce = SpringForce().setDampingRatio(1.0f).setStiffness(1218.4696791468346f)

// gridZoom.spring
fun <T> gridZoomSpring(): SpringSpec<T> = spring(dampingRatio = 1.0f, stiffness = 322.27279677026473f)
fun gridZoomSpringForce(): SpringForce = SpringForce().setDampingRatio(1.0f).setStiffness(322.27279677026473f)

// scroll.bounceSpring
fun <T> bounceSpring(): SpringSpec<T> = spring(dampingRatio = 1.0f, stiffness = 246.74011002723395f)
fun bounceSpringForce(): SpringForce = SpringForce().setDampingRatio(1.0f).setStiffness(246.74011002723395f)

// springs.zoomIn
fun <T> zoomIn(): SpringSpec<T> = spring(dampingRatio = 0.8f, stiffness = 298.2317687144099f)
fun zoomInForce(): SpringForce = SpringForce().setDampingRatio(0.8f).setStiffness(298.2317687144099f)

// springs.cancel
fun <T> cancel(): SpringSpec<T> = spring(dampingRatio = 0.9f, stiffness = 235.6399160212621f)
fun cancelForce(): SpringForce = SpringForce().setDampingRatio(0.9f).setStiffness(235.6399160212621f)

// springs.finish
fun <T> finish(): SpringSpec<T> = spring(dampingRatio = 1.0f, stiffness = 763.4733279088892f)
fun finishForce(): SpringForce = SpringForce().setDampingRatio(1.0f).setStiffness(763.4733279088892f)

// pager.snapSpring
fun <T> snapSpring(): SpringSpec<T> = spring(dampingRatio = 1.0f, stiffness = 322.27279677026473f)
fun snapSpringForce(): SpringForce = SpringForce().setDampingRatio(1.0f).setStiffness(322.27279677026473f)

// zoom.spring
fun <T> zoomSpring(): SpringSpec<T> = spring(dampingRatio = 1.0f, stiffness = 246.74011002723395f)
fun zoomSpringForce(): SpringForce = SpringForce().setDampingRatio(1.0f).setStiffness(246.74011002723395f)

// chrome.fadeSpring
fun <T> fadeSpring(): SpringSpec<T> = spring(dampingRatio = 1.0f, stiffness = 631.6546816697189f)
fun fadeSpringForce(): SpringForce = SpringForce().setDampingRatio(1.0f).setStiffness(631.6546816697189f)
