// Motion (Framer Motion) spring transitions: the file's mass, stiffness and damping, which Motion
// solves as PhotoZoom does, under-, critically and over-damped; given them it ignores duration and
// bounce. Use as <motion.div animate={{ y: 0 }} transition={photoZoom.zoomIn.points} />.
// Motion ends a spring once it is within restDelta of its target and slower than restSpeed per
// second, both in the value's units; its defaults (0.005 and 0.01 for a distance under 5, else
// 0.5 and 2) end motions off the settling time. Each spring here has two: points, for a value in
// points (CSS px) moving 100 or more, ends within 0.1 point; unit, for a value running 0 to 1
// (scale, opacity, progress), within 0.001: 0.001 of the distance, where the file's springs settle.
// Without a velocity Motion starts a spring at the value's current velocity, so a released
// drag hands its speed on; the file's springs start at rest, so none sets one.

export const photoZoom = Object.freeze({
  // Drag to dismiss.
  // dismissal.angle (degrees): A drag in the pager within this angle of vertical picks the photo up to dismiss it; any other drag pages.
  dismissalAngle: 45.0,
  // dismissal.shrink: The photo's scale is 1 - shrink * min(dy / (height * scaleDistance), 1), dy the drag down and height the viewer's.
  dismissalShrink: 0.5,
  // dismissal.scaleDistance: The drag down, as a fraction of the viewer's height, over which the photo shrinks by dismissalShrink.
  dismissalScaleDistance: 0.5,
  // dismissal.fadeDistance: The backdrop's alpha is 1 - min(dy / (height * fadeDistance), 1).
  dismissalFadeDistance: 0.25,
  // dismissal.finishDistance (points): A released drag dismisses when dy plus its projection passes this and the finger is not moving up.
  dismissalFinishDistance: 120.0,
  // pager.projectionDecelerationRate: A release's projection is v / 1000 * rate / (1 - rate), v its velocity in points per second.
  projectionDecelerationRate: 0.998,
  // dismissal.pinchFinishScale: A pinch released with the fingers' spread below this fraction of its start, or closing, dismisses the photo.
  dismissalPinchFinishScale: 0.75,

  // grid.wheelSpring
  wheelSpring: Object.freeze({
    points: Object.freeze({ type: "spring", stiffness: 1218.4696791468346, damping: 69.81317007977319, mass: 1.0, restDelta: 0.1, restSpeed: 3.4906585039886595 }),
    unit: Object.freeze({ type: "spring", stiffness: 1218.4696791468346, damping: 69.81317007977319, mass: 1.0, restDelta: 0.001, restSpeed: 0.03490658503988659 }),
  }),

  // gridZoom.spring
  gridZoomSpring: Object.freeze({
    points: Object.freeze({ type: "spring", stiffness: 322.27279677026473, damping: 35.90391604102621, mass: 1.0, restDelta: 0.1, restSpeed: 1.7951958020513104 }),
    unit: Object.freeze({ type: "spring", stiffness: 322.27279677026473, damping: 35.90391604102621, mass: 1.0, restDelta: 0.001, restSpeed: 0.017951958020513106 }),
  }),

  // scroll.bounceSpring
  bounceSpring: Object.freeze({
    points: Object.freeze({ type: "spring", stiffness: 246.74011002723395, damping: 31.41592653589793, mass: 1.0, restDelta: 0.1, restSpeed: 1.5707963267948966 }),
    unit: Object.freeze({ type: "spring", stiffness: 246.74011002723395, damping: 31.41592653589793, mass: 1.0, restDelta: 0.001, restSpeed: 0.015707963267948967 }),
  }),

  // springs.zoomIn
  zoomIn: Object.freeze({
    points: Object.freeze({ type: "spring", stiffness: 298.2317687144099, damping: 27.631021115928547, mass: 1.0, restDelta: 0.1, restSpeed: 1.7269388197455342 }),
    unit: Object.freeze({ type: "spring", stiffness: 298.2317687144099, damping: 27.631021115928547, mass: 1.0, restDelta: 0.001, restSpeed: 0.017269388197455344 }),
  }),

  // springs.cancel
  cancel: Object.freeze({
    points: Object.freeze({ type: "spring", stiffness: 235.6399160212621, damping: 27.631021115928547, mass: 1.0, restDelta: 0.1, restSpeed: 1.5350567286626973 }),
    unit: Object.freeze({ type: "spring", stiffness: 235.6399160212621, damping: 27.631021115928547, mass: 1.0, restDelta: 0.001, restSpeed: 0.015350567286626971 }),
  }),

  // springs.finish
  finish: Object.freeze({
    points: Object.freeze({ type: "spring", stiffness: 763.4733279088892, damping: 55.262042231857095, mass: 1.0, restDelta: 0.1, restSpeed: 2.763102111592855 }),
    unit: Object.freeze({ type: "spring", stiffness: 763.4733279088892, damping: 55.262042231857095, mass: 1.0, restDelta: 0.001, restSpeed: 0.027631021115928547 }),
  }),

  // pager.snapSpring
  snapSpring: Object.freeze({
    points: Object.freeze({ type: "spring", stiffness: 322.27279677026473, damping: 35.90391604102621, mass: 1.0, restDelta: 0.1, restSpeed: 1.7951958020513104 }),
    unit: Object.freeze({ type: "spring", stiffness: 322.27279677026473, damping: 35.90391604102621, mass: 1.0, restDelta: 0.001, restSpeed: 0.017951958020513106 }),
  }),

  // zoom.spring
  zoomSpring: Object.freeze({
    points: Object.freeze({ type: "spring", stiffness: 246.74011002723395, damping: 31.41592653589793, mass: 1.0, restDelta: 0.1, restSpeed: 1.5707963267948966 }),
    unit: Object.freeze({ type: "spring", stiffness: 246.74011002723395, damping: 31.41592653589793, mass: 1.0, restDelta: 0.001, restSpeed: 0.015707963267948967 }),
  }),

  // chrome.fadeSpring
  fadeSpring: Object.freeze({
    points: Object.freeze({ type: "spring", stiffness: 631.6546816697189, damping: 50.26548245743669, mass: 1.0, restDelta: 0.1, restSpeed: 2.5132741228718345 }),
    unit: Object.freeze({ type: "spring", stiffness: 631.6546816697189, damping: 50.26548245743669, mass: 1.0, restDelta: 0.001, restSpeed: 0.025132741228718346 }),
  }),
});
