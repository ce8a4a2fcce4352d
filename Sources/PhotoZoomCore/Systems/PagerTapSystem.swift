/// Taps in the pager (as the pan interaction hands them on): the back button sends the photo
/// home; a double tap (for a mouse, what the desktop counts as a double click) zooms fit ↔ 2.5×
/// at the tapped point; a single tap, once no second one can come, shows or hides the top bar
/// (or dismisses, seed 004).
enum PagerTapSystem {
    static func run(
        pager: inout PagerState, flight: inout ViewerFlight, taps: [PagerTap], currentIndex: Int, grid: GridState,
        _ stage: Stage
    ) {
        for tap in taps where flight.phase == .pager {
            // A mouse's second click is the desktop's to call (its double-click time and
            // distance); a finger's second tap is ours to time.
            let isSecond: Bool
            if let clicks = tap.clicks {
                isSecond = clicks >= 2 && pager.pendingTap != nil
            } else {
                isSecond = pager.pendingTap.map { (tap.at - $0.at).length <= stage.tuning.doubleTapDistance } ?? false
            }
            if pager.chrome.visible, pager.chrome.alpha > 0.5, ChromeLayout.backButton(stage).contains(tap.at) {
                FlightControl.sendHome(currentIndex, pager: &pager, flight: &flight, grid: grid, stage)
            } else if isSecond {
                pager.pendingTap = nil
                ZoomControl.toggle(&pager.zoom, at: tap.at, page: currentIndex, stage)
            } else {
                // The desktop calls this a new click, so the one waiting was a single click.
                if tap.clicks != nil, pager.pendingTap != nil { singleTap(&pager, &flight, currentIndex, grid, stage) }
                pager.pendingTap = PendingTap(tick: stage.tick, at: tap.at, byMouse: tap.clicks != nil)
            }
        }
        guard flight.phase == .pager, let pending = pager.pendingTap else { return }
        let wait = pending.byMouse ? stage.tuning.doubleClickWait : stage.tuning.doubleTapInterval
        guard stage.clock.seconds(since: pending.tick) > wait else { return }
        singleTap(&pager, &flight, currentIndex, grid, stage)
    }

    private static func singleTap(
        _ pager: inout PagerState, _ flight: inout ViewerFlight, _ currentIndex: Int, _ grid: GridState, _ stage: Stage
    ) {
        pager.pendingTap = nil
        switch stage.tuning.pagerTapAction {
        case .dismiss:
            FlightControl.sendHome(currentIndex, pager: &pager, flight: &flight, grid: grid, stage)
        case .toggleChrome:
            pager.chrome.visible.toggle()
            pager.chrome.fade = stage.track(
                .chromeFade, rest: .alpha, from: pager.chrome.alpha, to: pager.chrome.visible ? 1 : 0)
        }
    }
}
