// Framer Motion spring transitions, the file's mass, stiffness and damping, which Framer Motion
// reads as PhotoZoom does: each spring moves as the file's. Given any of them it ignores duration
// and bounce. Use as <motion.div animate={{ y: 0 }} transition={zoomIn} />.
// Without a velocity Framer Motion starts a spring at the value's current velocity, so a released
// drag hands its speed on; the file's springs start at rest, so none sets one.
// Distances are in points, which are CSS px.

// Drag to dismiss.
// dismissal.angle (degrees): A drag in the pager within this angle of vertical picks the photo up to dismiss it; any other drag pages.
export const dismissalAngle = 45.0;
// dismissal.shrink: The photo's scale is 1 - shrink * min(dy / (height * scaleDistance), 1), dy the drag down and height the viewer's.
export const dismissalShrink = 0.5;
// dismissal.scaleDistance: The drag down, as a fraction of the viewer's height, over which the photo shrinks by dismissalShrink.
export const dismissalScaleDistance = 0.5;
// dismissal.fadeDistance: The backdrop's alpha is 1 - min(dy / (height * fadeDistance), 1).
export const dismissalFadeDistance = 0.25;
// dismissal.finishDistance (points): A released drag dismisses when dy plus its projection passes this and the finger is not moving up.
export const dismissalFinishDistance = 120.0;
// pager.projectionDecelerationRate: A release's projection is v / 1000 * rate / (1 - rate), v its velocity in points per second.
export const projectionDecelerationRate = 0.998;
// dismissal.pinchFinishScale: A pinch released with the fingers' spread below this fraction of its start, or closing, dismisses the photo.
export const dismissalPinchFinishScale = 0.75;

// grid.wheelSpring
export const wheelSpring = { type: "spring", stiffness: 1218.4696791468346, damping: 69.81317007977319, mass: 1.0 };

// gridZoom.spring
export const gridZoomSpring = { type: "spring", stiffness: 322.27279677026473, damping: 35.90391604102621, mass: 1.0 };

// scroll.bounceSpring
export const bounceSpring = { type: "spring", stiffness: 246.74011002723395, damping: 31.41592653589793, mass: 1.0 };

// springs.zoomIn
export const zoomIn = { type: "spring", stiffness: 298.2317687144099, damping: 27.631021115928547, mass: 1.0 };

// springs.cancel
export const cancel = { type: "spring", stiffness: 235.6399160212621, damping: 27.631021115928547, mass: 1.0 };

// springs.finish
export const finish = { type: "spring", stiffness: 763.4733279088892, damping: 55.262042231857095, mass: 1.0 };

// pager.snapSpring
export const snapSpring = { type: "spring", stiffness: 322.27279677026473, damping: 35.90391604102621, mass: 1.0 };

// zoom.spring
export const zoomSpring = { type: "spring", stiffness: 246.74011002723395, damping: 31.41592653589793, mass: 1.0 };

// chrome.fadeSpring
export const fadeSpring = { type: "spring", stiffness: 631.6546816697189, damping: 50.26548245743669, mass: 1.0 };
