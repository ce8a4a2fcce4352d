/// What the debug overlay shows this frame, read from a `DebugHistory`: the costs of a frame
/// and of the sim's ticks, where the interaction is, and three traces of the transition sprite
/// over the last two seconds. A value, so the redraw gate can tell when it changed.
public struct DebugReadout: Equatable {
    /// A cost in milliseconds: the latest, and the 99th percentile over the history (the
    /// stutters a mean would hide).
    public struct Timing: Equatable {
        public var last: Double
        public var p99: Double
        public init(last: Double, p99: Double) {
            self.last = last
            self.p99 = p99
        }
    }

    /// One quantity over the history, drawn as a small plot.
    public struct Trace: Equatable {
        /// What it is, with its latest value: "centre y 280 pt".
        public var label: String
        /// One value per tick slot, oldest first, as many as the history holds (so the plot
        /// scrolls at a steady speed); nil where nothing was recorded yet or there was nothing
        /// to measure (no transition sprite), drawn as a gap.
        public var values: [Double?]
        /// The value range the plot spans, bottom to top.
        public var range: ClosedRange<Double>
        public init(label: String, values: [Double?], range: ClosedRange<Double>) {
            self.label = label
            self.values = values
            self.range = range
        }
    }

    /// Wall time of a whole frame; nil until one was recorded.
    public var frame: Timing?
    /// Wall time the sim's ticks took within a frame; nil until one was recorded.
    public var tick: Timing?
    /// The viewer's phase, in words ("pager", "dismissing (held)").
    public var phase: String
    /// The photo the viewer is on and how many there are, shown as "photo 5 of 18".
    public var currentIndex: Int
    public var photoCount: Int
    /// The sim tick last recorded.
    public var tickNumber: Int
    /// The transition sprite's centre y, its scale against the fitted frame, and the
    /// background's alpha, in that order.
    public var traces: [Trace]
    /// The steps of the loaders' sandbox that did not hold (`LoaderSandbox`): none, mostly.
    public var sandboxGaps: [String]

    public init(
        frame: Timing? = nil, tick: Timing? = nil, phase: String, currentIndex: Int, photoCount: Int,
        tickNumber: Int, traces: [Trace], sandboxGaps: [String] = []
    ) {
        self.frame = frame
        self.tick = tick
        self.phase = phase
        self.currentIndex = currentIndex
        self.photoCount = photoCount
        self.tickNumber = tickNumber
        self.traces = traces
        self.sandboxGaps = sandboxGaps
    }
}
