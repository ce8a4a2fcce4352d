/// ctrl+wheel in the pager zooms the current photo around the pointer (1× … 4×).
enum ZoomWheelSystem {
    static func run(_ zoom: inout ZoomState, gestures: [Gesture], phase: ViewerPhase, currentIndex: Int, _ stage: Stage) {
        guard phase == .pager else { return }
        for case let .wheel(_, dy, position, modifiers) in gestures where modifiers.contains(.control) {
            ZoomControl.wheel(&zoom, by: dy, around: position, page: currentIndex, stage)
        }
    }
}
