import CSDL2
import Foundation
import PhotoZoomCore

/// A replay as an animated GIF to attach to a report: frames at a steady rate of session time,
/// no wider than asked, looping with the end held a moment.
///
/// A GIF has one size for all its frames: the window's for most of the session (a brief
/// 1920×400 moment shrank an 820×1000 session's frames to 205×250 on a mat when the GIF had
/// the largest of each side). A frame of another size sits in the middle on a dark mat, at the
/// same scale as the others where it fits, so a resize looks like one, and letterboxed to fit
/// where it does not.
public final class ReplayGif {
    /// Frame rates whose frame time is a whole number of hundredths of a second, the unit of a
    /// GIF's delays: any other would drift or stutter. Browsers show delays under 2 as 10, so
    /// 50 is the most.
    public static let frameRates = [1, 2, 4, 5, 10, 20, 25, 50]
    /// How long the last frame stays before the loop starts over, in hundredths of a second.
    static let endHold = 100
    static let mat = Color(r: 32, g: 32, b: 36)

    private let writer: GifWriter
    private let screen: UnsafeMutablePointer<SDL_Surface>
    /// GIF pixels per window pixel.
    private let scale: Double
    private let ticksPerFrame: Double
    /// Each frame's time, in hundredths of a second.
    private let delay: Int
    /// The tick the replay starts from; frame k shows the state k frame times after it.
    private let startTick: Int
    private var frames = 0
    private var lastTick: Int?

    /// Starts `path` (a new file) for a replay of `recording` at `fps` frames a second, scaled
    /// down to `maximumWidth` pixels if its widest window was wider; `pictureSize` is the
    /// picture of a window (two sessions' under their labels, as `ReplayCanvas` draws them).
    public init(
        path: String, fps: Int, maximumWidth: Int, recording: SessionRecording, pictureSize: (Size) -> Size = { $0 }
    ) throws {
        precondition(Self.frameRates.contains(fps), "the frame rate divides 100")
        let longest = pictureSize(ReplayCanvas.longestWindow(of: recording))
        let width = Int(longest.width.rounded())
        let height = Int(longest.height.rounded())
        scale = min(1, Double(maximumWidth) / Double(width))
        let size = PictureScaler.scaled(width: width, height: height, by: scale)
        writer = try GifWriter(path: path, width: size.width, height: size.height)
        screen = try PictureScaler.surface(width: size.width, height: size.height)
        ticksPerFrame = recording.header.loop.tickRate / Double(fps)
        delay = 100 / fps
        startTick = recording.header.state?.tick ?? 0
    }

    deinit { SDL_FreeSurface(screen) }

    public var path: String { writer.path }
    public var width: Int { writer.width }
    public var height: Int { writer.height }
    /// The frames in the file: frames that showed nothing new were merged into the one before.
    public var framesWritten: Int { writer.written }
    public var framesDrawn: Int { writer.given }

    /// Whether the state after `tick` is one of the GIF's frames: the first at or after each
    /// frame's time (the first frame is the first tick's). At 20 fps and 120 Hz these are the
    /// ticks `--frames` draws at 20 fps.
    public func wants(tick: Int) -> Bool {
        // Rounded to a millionth of a tick, so 120 Hz at 25 fps takes tick 24, not 25, for frame 5.
        ((Double(frames) * ticksPerFrame) * 1e6).rounded() / 1e6 <= Double(tick - startTick)
    }

    /// Adds what `canvas` last drew as the frame after `tick`.
    public func add(_ canvas: ReplayCanvas, tick: Int) throws {
        try compose(canvas.picture)
        try writer.add(screen, delay: delay)
        frames += 1
        lastTick = tick
    }

    /// Ends with what `canvas` last drew, the frame after `tick`, the session's last, held a
    /// second, and gives the file its name.
    public func finish(_ canvas: ReplayCanvas, tick: Int) throws {
        if lastTick != tick {
            try compose(canvas.picture)
            try writer.add(screen, delay: 0)
        }
        try writer.finish(hold: Self.endHold)
    }

    /// Puts `picture` on the screen, scaled and centred: at the GIF's scale, or smaller to fit.
    private func compose(_ picture: UnsafeMutablePointer<SDL_Surface>) throws {
        let w = Double(picture.pointee.w)
        let h = Double(picture.pointee.h)
        let fit = min(scale, Double(screen.pointee.w) / w, Double(screen.pointee.h) / h)
        let size = PictureScaler.scaled(width: Int(picture.pointee.w), height: Int(picture.pointee.h), by: fit)
        let x = (Int(screen.pointee.w) - size.width) / 2
        let y = (Int(screen.pointee.h) - size.height) / 2
        if size.width != Int(screen.pointee.w) || size.height != Int(screen.pointee.h) {
            PictureScaler.fill(screen, Self.mat)
        }
        try PictureScaler.draw(
            picture, into: screen, at: SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(size.width), h: Int32(size.height)))
    }
}
