/// Wall time for a loop, and its sleeps: the machine's in the window and the bench, a script's
/// in tests, whose time moves on when the loop asks to sleep.
public protocol WallClock {
    /// Nanoseconds since a fixed moment.
    func now() -> UInt64
    /// Sleeps until `time`.
    mutating func sleep(until time: UInt64)
}

/// What one poll gathered; the loop ends when it says quit.
public protocol FramePoll {
    var quit: Bool { get }
}

/// Where a loop's input comes from and where its frames go: a window's events and screen, or
/// a script's input and a headless canvas.
public protocol FrameInput {
    associatedtype Polled: FramePoll
    /// Every input pending; with `wait` > 0 and none pending, waits up to that many seconds of
    /// `clock`'s time for the first.
    mutating func poll<Clock: WallClock>(wait: Double, clock: inout Clock) -> Polled
    /// Puts a surface made hidden on screen.
    mutating func show()
    /// Shows the frame drawn.
    mutating func present()
    /// A present waits for the display's vertical sync.
    var presentWaitsForVSync: Bool { get }
}

/// What a loop runs, a frame at a time: the window's sessions, or the replay window's players.
public protocol FrameSteps: AnyObject {
    associatedtype Polled: FramePoll
    /// Nothing moves and nothing waits: the poll may sleep.
    func isIdle(at now: UInt64) -> Bool
    /// How long the poll may wait for input; `idle`: what `isIdle` said.
    func pollWait(idle: Bool, at now: UInt64) -> Double
    /// Takes the poll's input and runs for the time up to `now`; `wasIdle`: the poll slept.
    func update(_ polled: Polled, wasIdle: Bool, at now: UInt64)
    /// Draws the frame if it shows anything new; whether it drew.
    func draw(at now: UInt64) -> Bool
    /// The frames may be shown: until then the surface stays hidden and the loop unpaced.
    var isShown: Bool { get }
    /// The frame drawn was presented.
    func presented()
}

extension FrameSteps {
    public func presented() {}
}

/// The loop, written once for the window, the replay window, the bench and the tests: poll
/// (asleep while idle) → update → draw → present → pace, with the clock and the input passed in.
public struct FrameDriver<Input: FrameInput, Clock: WallClock> {
    public var input: Input
    public private(set) var clock: Clock
    private var pacer: FramePacer
    /// Frames presented so far.
    public private(set) var frames = 0

    /// Where each part of a frame ended, in the clock's nanoseconds.
    public struct Frame {
        /// The poll returned and the update began.
        public var polled: UInt64
        public var updated: UInt64
        /// The frame was drawn and presented; nil when it showed nothing new.
        public var presented: UInt64?
    }

    /// Paced at `framesPerSecond`.
    public init(input: Input, clock: Clock, framesPerSecond: Double) {
        self.input = input
        self.clock = clock
        pacer = FramePacer(framesPerSecond: framesPerSecond, at: clock.now())
    }

    /// One frame of `steps`; nil when the input asked to quit.
    public mutating func frame<Steps: FrameSteps>(_ steps: Steps) -> Frame? where Steps.Polled == Input.Polled {
        // Poll: gather input, asleep until some arrives while nothing moves.
        let idle = steps.isIdle(at: clock.now())
        let polled = input.poll(wait: steps.pollWait(idle: idle, at: clock.now()), clock: &clock)
        if polled.quit { return nil }
        // Update: whole fixed ticks for the time passed; the first of them takes the input.
        let begin = clock.now()
        steps.update(polled, wasIdle: idle, at: begin)
        let updated = clock.now()
        if steps.isShown { input.show() }
        // Draw, if that shows anything new, and present it.
        let drew = steps.draw(at: updated)
        if drew {
            input.present()
            steps.presented()
            frames += 1
        }
        let presented = drew ? clock.now() : nil
        if steps.isShown { pacer.endFrame(presentWaitsForVSync: drew && input.presentWaitsForVSync, clock: &clock) }
        return Frame(polled: begin, updated: updated, presented: presented)
    }

    /// Frames until the input asks to quit or `exitAfterFrames` were presented.
    public mutating func run<Steps: FrameSteps>(_ steps: Steps, exitAfterFrames: Int? = nil)
    where Steps.Polled == Input.Polled {
        while frame(steps) != nil {
            if let limit = exitAfterFrames, frames >= limit { return }
        }
    }
}
