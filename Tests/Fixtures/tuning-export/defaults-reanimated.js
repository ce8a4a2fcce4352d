// React Native Reanimated withSpring configs: the file's mass, stiffness and damping, which
// Reanimated 3 and 4 solve as PhotoZoom does for a damping ratio up to 1. Past it they run a
// critically damped spring instead, so an over-damped spring gets the critically damped one
// closest to its curve, or no config where none comes close. Use as
// withSpring(target, photoZoom.zoomIn.points).
// Reanimated 3.2 and later also read duration and dampingRatio instead: a config with either is
// fitted to them (Reanimated 4 reads duration as a perceptual duration, the motion lasting 1.5
// times as long) and no longer moves as these constants say, so add neither. The mass is always
// written, since Reanimated 4's default mass is 4, not 1.
// Reanimated 3 ends a spring once it is within restDisplacementThreshold of its target and
// slower than restSpeedThreshold per second, both in the value's units (by default 0.01 and 2,
// which end a 0-to-1 spring early with a jump). Each spring here has two configs: points, for a
// value in points moving 100 or more, ends within 0.1 point; unit, for a value running 0 to 1
// (scale, opacity, progress), within 0.001. Reanimated 4 ends a spring once its energy is
// energyThreshold of its start's, the same for any distance; 1e-06 ends it within
// 0.001 of the distance, as the file's springs settle. Each version ignores the others' keys.
// A velocity (units per second) starts a spring moving; the file's springs start at rest.

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
    points: Object.freeze({ mass: 1.0, stiffness: 1218.4696791468346, damping: 69.81317007977319, restDisplacementThreshold: 0.1, restSpeedThreshold: 3.4906585039886595, energyThreshold: 1e-06 }),
    unit: Object.freeze({ mass: 1.0, stiffness: 1218.4696791468346, damping: 69.81317007977319, restDisplacementThreshold: 0.001, restSpeedThreshold: 0.03490658503988659, energyThreshold: 1e-06 }),
  }),

  // gridZoom.spring
  gridZoomSpring: Object.freeze({
    points: Object.freeze({ mass: 1.0, stiffness: 322.27279677026473, damping: 35.90391604102621, restDisplacementThreshold: 0.1, restSpeedThreshold: 1.7951958020513104, energyThreshold: 1e-06 }),
    unit: Object.freeze({ mass: 1.0, stiffness: 322.27279677026473, damping: 35.90391604102621, restDisplacementThreshold: 0.001, restSpeedThreshold: 0.017951958020513106, energyThreshold: 1e-06 }),
  }),

  // scroll.bounceSpring
  bounceSpring: Object.freeze({
    points: Object.freeze({ mass: 1.0, stiffness: 246.74011002723395, damping: 31.41592653589793, restDisplacementThreshold: 0.1, restSpeedThreshold: 1.5707963267948966, energyThreshold: 1e-06 }),
    unit: Object.freeze({ mass: 1.0, stiffness: 246.74011002723395, damping: 31.41592653589793, restDisplacementThreshold: 0.001, restSpeedThreshold: 0.015707963267948967, energyThreshold: 1e-06 }),
  }),

  // springs.zoomIn
  zoomIn: Object.freeze({
    points: Object.freeze({ mass: 1.0, stiffness: 298.2317687144099, damping: 27.631021115928547, restDisplacementThreshold: 0.1, restSpeedThreshold: 1.7269388197455342, energyThreshold: 1e-06 }),
    unit: Object.freeze({ mass: 1.0, stiffness: 298.2317687144099, damping: 27.631021115928547, restDisplacementThreshold: 0.001, restSpeedThreshold: 0.017269388197455344, energyThreshold: 1e-06 }),
  }),

  // springs.cancel
  cancel: Object.freeze({
    points: Object.freeze({ mass: 1.0, stiffness: 235.6399160212621, damping: 27.631021115928547, restDisplacementThreshold: 0.1, restSpeedThreshold: 1.5350567286626973, energyThreshold: 1e-06 }),
    unit: Object.freeze({ mass: 1.0, stiffness: 235.6399160212621, damping: 27.631021115928547, restDisplacementThreshold: 0.001, restSpeedThreshold: 0.015350567286626971, energyThreshold: 1e-06 }),
  }),

  // springs.finish
  finish: Object.freeze({
    points: Object.freeze({ mass: 1.0, stiffness: 763.4733279088892, damping: 55.262042231857095, restDisplacementThreshold: 0.1, restSpeedThreshold: 2.763102111592855, energyThreshold: 1e-06 }),
    unit: Object.freeze({ mass: 1.0, stiffness: 763.4733279088892, damping: 55.262042231857095, restDisplacementThreshold: 0.001, restSpeedThreshold: 0.027631021115928547, energyThreshold: 1e-06 }),
  }),

  // pager.snapSpring
  snapSpring: Object.freeze({
    points: Object.freeze({ mass: 1.0, stiffness: 322.27279677026473, damping: 35.90391604102621, restDisplacementThreshold: 0.1, restSpeedThreshold: 1.7951958020513104, energyThreshold: 1e-06 }),
    unit: Object.freeze({ mass: 1.0, stiffness: 322.27279677026473, damping: 35.90391604102621, restDisplacementThreshold: 0.001, restSpeedThreshold: 0.017951958020513106, energyThreshold: 1e-06 }),
  }),

  // zoom.spring
  zoomSpring: Object.freeze({
    points: Object.freeze({ mass: 1.0, stiffness: 246.74011002723395, damping: 31.41592653589793, restDisplacementThreshold: 0.1, restSpeedThreshold: 1.5707963267948966, energyThreshold: 1e-06 }),
    unit: Object.freeze({ mass: 1.0, stiffness: 246.74011002723395, damping: 31.41592653589793, restDisplacementThreshold: 0.001, restSpeedThreshold: 0.015707963267948967, energyThreshold: 1e-06 }),
  }),

  // chrome.fadeSpring
  fadeSpring: Object.freeze({
    points: Object.freeze({ mass: 1.0, stiffness: 631.6546816697189, damping: 50.26548245743669, restDisplacementThreshold: 0.1, restSpeedThreshold: 2.5132741228718345, energyThreshold: 1e-06 }),
    unit: Object.freeze({ mass: 1.0, stiffness: 631.6546816697189, damping: 50.26548245743669, restDisplacementThreshold: 0.001, restSpeedThreshold: 0.025132741228718346, energyThreshold: 1e-06 }),
  }),
});
