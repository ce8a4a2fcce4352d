/// Every change of the current page updates the grid's current index at once and scrolls the
/// grid, out of sight, so that cell is fully visible (centred in the band clear of the tab
/// bar, as the seed's `scrollToItem(at:at: .centeredVertically)`, when it was not). On the way
/// home it keeps the cell in view too, so a resize never sends the photo to a cell off screen.
enum IndexSyncSystem {
    /// Returns whether it scrolled the grid: the grid jumped.
    static func run(
        currentIndex: inout Int, pendingTap: inout PendingTap?, grid: inout GridState, paging: PagingState,
        phase: ViewerPhase, _ stage: Stage
    ) -> Bool {
        if case .dismissing = phase { return reveal(currentIndex, &grid, stage) }
        guard phase == .pager else { return false }
        let page = Paging.nearestPage(paging.offset, stage)
        if page != currentIndex {
            currentIndex = page
            pendingTap = nil
        }
        return reveal(currentIndex, &grid, stage)
    }

    private static func reveal(_ index: Int, _ grid: inout GridState, _ stage: Stage) -> Bool {
        guard let layout = grid.layout, let onScreen = ViewerGeometry.cellFrame(index, grid: grid, stage) else {
            return false
        }
        let band = grid.visibleBand(viewportHeight: stage.viewport.height)
        guard onScreen.minY < band.lowerBound - 1e-9 || onScreen.maxY > band.upperBound + 1e-9 else { return false }
        let range = grid.scrollRange(viewportHeight: stage.viewport.height)
        let centred = layout.frame(of: index).center.y - (band.upperBound - band.lowerBound) / 2
        grid.offset = min(max(centred, range.lowerBound), range.upperBound)
        grid.motion = .idle
        grid.velocity = 0
        return true
    }
}
