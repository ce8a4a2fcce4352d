import PhotoZoomLibrary

/// Everything the developer overlays draw in one frame, as a value the loop builds from its own
/// state (help shown, slow motion, the last reload, the last failed tuning file, the debug
/// history). A value, so the loop's redraw gate can compare this frame's with the last drawn:
/// a paused, idle window then costs no drawing even with overlays up.
public struct OverlayContent: Equatable {
    /// The help panel listing every key (`HelpOverlay.keys`), centred over a dimmed window.
    public var help: Bool
    /// A small badge in the top-right corner: "×0.25", "paused · tick 1234". Nil or empty: none.
    public var status: String?
    /// What the last tuning reload changed, shown at the bottom until it has faded out.
    public var toast: ReloadToast?
    /// Why the tuning file on disk was not applied; shown at the top until the loop clears it
    /// (a later good reload). Empty: no panel.
    public var errors: [String]
    /// What the tuning file in effect has that was ignored (an unknown key, a key written
    /// twice); shown at the top, quieter than errors, until a save without them. Empty: none.
    public var warnings: [String] = []
    /// The debug overlay's numbers and traces (`DebugHistory.readout()`), on the left side.
    public var debug: DebugReadout?
    /// The session is being recorded: a red dot in the top-right corner.
    public var recording = false
    /// The grid is on screen: the badges sit in its tab bar, not over its top row of cells.
    public var badgesInTabBar = false
    /// A big folder's first visit, while it lasts: a pill in the tab bar.
    public var library: LibraryProgress?

    public init(
        help: Bool = false, status: String? = nil, toast: ReloadToast? = nil, errors: [String] = [],
        debug: DebugReadout? = nil
    ) {
        self.help = help
        self.status = status
        self.toast = toast
        self.errors = errors
        self.debug = debug
    }

    /// Whether this frame shows no overlay at all; then `OverlayRenderer.draw` draws nothing.
    /// A toast past its lifetime counts as nothing, so the loop may keep it until it drops it.
    public var isEmpty: Bool {
        !help && !recording && (status ?? "").isEmpty && !(toast?.isVisible ?? false) && errors.isEmpty
            && warnings.isEmpty && debug == nil && library == nil
    }
}
