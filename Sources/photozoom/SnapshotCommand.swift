import ArgumentParser
import Foundation
import PhotoZoomCore
import PhotoZoomSDL

struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Render the grid headless to a PNG (no display needed)."
    )

    @Option(help: "The PNG to write.")
    var out: String

    @OptionGroup var photoOptions: PhotoOptions

    @Option(help: "Scroll the grid down by this many points first (by wheel input, as a person would).")
    var scroll: Double = 0

    @Option(help: "Pixels per point: 2 renders as a 2x (HiDPI) screen would.")
    var scale: Double = 1

    @Flag(help: "Replace --out if it already exists.")
    var overwrite = false

    func validate() throws {
        guard scale > 0, scale <= 4 else { throw ValidationError("--scale must lie in (0, 4]") }
        guard scroll.isFinite else { throw ValidationError("--scroll must be a number of points") }
    }

    func run() throws {
        if FileManager.default.fileExists(atPath: out), !overwrite {
            throw fail("'\(out)' already exists; pass --overwrite to replace it")
        }
        do {
            let photos = try PhotoLibrary.load(photoOptions.folder, log: logLine)
            let (canvas, _) = try GridSnapshot.render(photos: photos, size: photoOptions.size, scale: scale, scroll: scroll)
            try canvas.savePNG(out)
        } catch let error as PhotoFolderError {
            throw fail(error.description)
        } catch let error as SDLError {
            throw fail(error.description)
        }
    }
}
