/// Applies the developer keys to the playback pace. The loop reads the result to decide how
/// many ticks the next frame runs.
enum PlaybackSystem {
    static func run(playback: inout Playback, input: [InputEvent]) {
        for case .developer(let control) in input {
            switch control {
            case .cycleSlowMotion: playback.slowMotion = playback.slowMotion.next
            case .togglePause: playback.paused.toggle()
            case .step: playback.paused = true
            }
        }
    }
}
