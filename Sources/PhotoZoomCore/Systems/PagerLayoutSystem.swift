/// The pager follows the window: on a resize the same page stays in place at the new pitch
/// and a zoom returns to fit; when only the height changes, the zoom keeps its scale and is
/// moved the least so it covers the window again (or centred where it is smaller). A zoomed
/// page whose photo's size arrives (`resized`) returns to fit: its frame was the stand-in's.
enum PagerLayoutSystem {
    static func run(paging: inout PagingState, zoom: inout ZoomState, resized: [Int], _ stage: Stage) {
        if zoom.frame != nil, resized.contains(zoom.page), !zoom.isHeld {
            zoom.frame = nil
            zoom.motion = .idle
        }
        if paging.height != stage.viewport.height {
            paging.height = stage.viewport.height
            if let frame = zoom.frame, stage.photos.indices.contains(zoom.page), !zoom.isHeld {
                zoom.motion = .idle
                ZoomControl.set(
                    &zoom, ZoomControl.settled(frame, around: frame.center, page: zoom.page, stage), page: zoom.page,
                    stage)
            }
        }
        let pitch = stage.pagePitch
        let old = paging.pitch
        guard pitch != old else { return }
        paging.pitch = pitch
        guard old > 0 else { return }
        let k = pitch / old
        paging.offset *= k
        zoom.frame = nil
        zoom.motion = .idle
        switch paging.motion {
        case .snapping(let track):
            paging.motion = .snapping(
                SpringTrack(
                    parameters: track.motion.parameters, from: paging.offset, velocity: track.velocity * k,
                    to: track.target * k, startTick: stage.tick, threshold: track.threshold, tuned: track.tuned))
        case .dragging(let pointer, let anchorOffset, let anchorX, let startPage):
            paging.motion = .dragging(
                pointer: pointer, anchorOffset: anchorOffset * k, anchorX: anchorX, startPage: startPage)
        case .idle:
            break
        }
    }
}
