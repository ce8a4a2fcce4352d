/// The pager's horizontal offset: rubber band at the ends, snapping, and going to a page.
enum Paging {
    static func range(_ stage: Stage) -> ClosedRange<Double> {
        0...Double(stage.lastPhoto) * stage.pagePitch
    }

    /// The page whose resting offset is nearest to `offset`.
    static func nearestPage(_ offset: Double, _ stage: Stage) -> Int {
        guard stage.pagePitch > 0 else { return 0 }
        return min(max(Int((offset / stage.pagePitch).rounded()), 0), stage.lastPhoto)
    }

    /// The offset shown for a finger-following (raw) offset.
    static func banded(_ raw: Double, _ stage: Stage) -> Double {
        rubberBanded(
            raw, in: range(stage), dimension: stage.viewport.width, coefficient: stage.tuning.rubberBandCoefficient)
    }

    static func unbanded(_ shown: Double, _ stage: Stage) -> Double {
        rubberUnbanded(
            shown, in: range(stage), dimension: stage.viewport.width, coefficient: stage.tuning.rubberBandCoefficient)
    }

    /// Snap to the page the release would coast to (at most one page from where the drag
    /// started), carrying the release velocity into the spring.
    static func snap(_ paging: inout PagingState, velocity: Double, from startPage: Int, _ stage: Stage) {
        let projected =
            paging.offset + ViewerGeometry.projection(velocity: velocity, rate: stage.tuning.projectionDecelerationRate)
        let page = min(
            max(Int((projected / stage.pagePitch).rounded()), startPage - 1, 0), startPage + 1, stage.lastPhoto)
        spring(&paging, to: page, velocity: velocity, stage)
    }

    /// Keyboard paging: spring to a page, keeping the speed of a snap already under way. A far
    /// page (Home, End) is reached by a short slide from its neighbour, not by sliding past
    /// every photo in between.
    static func go(_ paging: inout PagingState, to page: Int, from current: Int, _ stage: Stage) {
        guard stage.photos.indices.contains(page) else { return }
        var velocity = 0.0
        if case .snapping(let track) = paging.motion { velocity = track.velocity }
        if abs(page - current) > 1 {
            let neighbour = page > current ? page - 1 : page + 1
            paging.offset = Double(neighbour) * stage.pagePitch
            velocity = 0
        }
        // The zoom stays with its page as it slides away; the snap's landing clears it.
        spring(&paging, to: page, velocity: velocity, stage)
    }

    /// The offset rests between pages.
    static func isBetweenPages(_ paging: PagingState, page: Int, _ stage: Stage) -> Bool {
        abs(paging.offset - Double(page) * stage.pagePitch) > 1e-9
    }

    private static func spring(_ paging: inout PagingState, to page: Int, velocity: Double, _ stage: Stage) {
        paging.motion = .snapping(
            stage.track(
                .pageSnap, rest: .points, from: paging.offset, velocity: velocity, to: Double(page) * stage.pagePitch))
    }
}
