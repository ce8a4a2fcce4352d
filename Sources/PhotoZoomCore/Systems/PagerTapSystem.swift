/// Taps in the pager (as the pan interaction hands them on): the back button sends the photo
/// home; two taps close together zoom fit ↔ 2.5× at the tapped point; a single tap, once the
/// double-tap interval has passed without a second, shows or hides the top bar (or dismisses,
/// seed 004).
enum PagerTapSystem {
    static func run(pager: inout PagerState, transition: inout TransitionState?, machine: inout PhaseMachine,
                    currentIndex: Int, grid: GridState, _ stage: Stage) {
        for at in pager.taps where machine.phase == .pager {
            if pager.chrome.visible, pager.chrome.alpha > 0.5, ChromeLayout.backButton(stage).contains(at) {
                FlightControl.sendHome(currentIndex, pager: &pager, transition: &transition, machine: &machine, grid: grid, stage)
            } else if let pending = pager.pendingTap, (at - pending.at).length <= stage.tuning.doubleTapDistance {
                pager.pendingTap = nil
                ZoomControl.toggle(&pager.zoom, at: at, page: currentIndex, stage)
            } else {
                pager.pendingTap = PendingTap(tick: stage.tick, at: at)
            }
        }
        guard machine.phase == .pager, let pending = pager.pendingTap,
              stage.clock.seconds(since: pending.tick) > stage.tuning.doubleTapInterval else { return }
        pager.pendingTap = nil
        switch stage.tuning.pagerTapAction {
        case .dismiss:
            FlightControl.sendHome(currentIndex, pager: &pager, transition: &transition, machine: &machine, grid: grid, stage)
        case .toggleChrome:
            pager.chrome.visible.toggle()
            pager.chrome.fade = stage.track(stage.tuning.chromeFadeSpring, from: pager.chrome.alpha, to: pager.chrome.visible ? 1 : 0,
                                            threshold: stage.tuning.alphaRest)
        }
    }
}
