/// Where the chrome sits, in window points.
enum ChromeLayout {
    static func topBar(_ stage: Stage) -> Rect {
        Rect(x: 0, y: 0, width: stage.viewport.width, height: stage.tuning.topBarHeight)
    }
    static func backButton(_ stage: Stage) -> Rect {
        Rect(x: 0, y: 0, width: stage.tuning.backButtonWidth, height: stage.tuning.topBarHeight)
    }
    static func tabBar(_ stage: Stage) -> Rect {
        Rect(
            x: 0, y: stage.viewport.height - stage.tuning.tabBarHeight, width: stage.viewport.width,
            height: stage.tuning.tabBarHeight)
    }
}
