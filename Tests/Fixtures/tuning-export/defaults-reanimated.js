// React Native Reanimated withSpring configs, the file's mass, stiffness and damping, which
// Reanimated reads as PhotoZoom does. Use as withSpring(target, zoomIn).
// Reanimated 2 reads only these. Reanimated 3.2 and later also read duration and dampingRatio
// instead: a config with either is fitted to them (Reanimated 4 reads duration as a perceptual
// duration, the motion lasting 1.5 times as long) and no longer moves as these constants say, so
// add neither. The mass is always written, since Reanimated 4's default mass is 4, not 1.
// A velocity (units per second) starts a spring moving; the file's springs start at rest.
// Distances are in points, which React Native calls density-independent pixels.

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
export const wheelSpring = { mass: 1.0, stiffness: 1218.4696791468346, damping: 69.81317007977319 };

// gridZoom.spring
export const gridZoomSpring = { mass: 1.0, stiffness: 322.27279677026473, damping: 35.90391604102621 };

// scroll.bounceSpring
export const bounceSpring = { mass: 1.0, stiffness: 246.74011002723395, damping: 31.41592653589793 };

// springs.zoomIn
export const zoomIn = { mass: 1.0, stiffness: 298.2317687144099, damping: 27.631021115928547 };

// springs.cancel
export const cancel = { mass: 1.0, stiffness: 235.6399160212621, damping: 27.631021115928547 };

// springs.finish
export const finish = { mass: 1.0, stiffness: 763.4733279088892, damping: 55.262042231857095 };

// pager.snapSpring
export const snapSpring = { mass: 1.0, stiffness: 322.27279677026473, damping: 35.90391604102621 };

// zoom.spring
export const zoomSpring = { mass: 1.0, stiffness: 246.74011002723395, damping: 31.41592653589793 };

// chrome.fadeSpring
export const fadeSpring = { mass: 1.0, stiffness: 631.6546816697189, damping: 50.26548245743669 };
