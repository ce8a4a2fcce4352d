import SwiftUI

// grid.wheelSpring
let wheelSpring = Animation.spring(response: 0.18, dampingFraction: 1.0)

// gridZoom.spring
let gridZoomSpring = Animation.spring(response: 0.35, dampingFraction: 1.0)

// scroll.bounceSpring
let bounceSpring = Animation.spring(response: 0.4, dampingFraction: 1.0)

// springs.zoomIn
let zoomIn = Animation.spring(response: 0.36383369435782437, dampingFraction: 0.8)

// springs.cancel
let cancel = Animation.spring(response: 0.4093129061525524, dampingFraction: 0.9)

// springs.finish
let finish = Animation.spring(response: 0.22739605897364024, dampingFraction: 1.0)

// pager.snapSpring
let snapSpring = Animation.spring(response: 0.35, dampingFraction: 1.0)

// zoom.spring
let zoomSpring = Animation.spring(response: 0.4, dampingFraction: 1.0)

// chrome.fadeSpring
let fadeSpring = Animation.spring(response: 0.25, dampingFraction: 1.0)
