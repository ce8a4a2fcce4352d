import ArgumentParser
import Foundation
import PhotoZoomCore
import PhotoZoomSDL

struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Render the grid headless to a PNG (no display needed)."
    )

    @Option(help: "The image to write: .png, .jpg or .jpeg (the format follows the extension).")
    var out: String

    @OptionGroup var photoOptions: PhotoOptions

    // Negative numbers are values here, so a negative scale meets its rule below; a scroll above
    // the top stops at the top, as the wheel does.
    @Option(
        parsing: .unconditional,
        help:
            "Scroll the grid down by this many points first (by wheel input, as a person would; it stops at either end)."
    )
    var scroll: Double = 0

    @Option(parsing: .unconditional, help: "Pixels per point: 2 renders as a 2x (HiDPI) screen would.")
    var scale: Double = 1

    @Flag(help: "Replace --out if it already exists.")
    var overwrite = false

    func validate() throws {
        guard scale > 0, scale <= 4 else { throw ValidationError("--scale must lie in (0, 4], got \(scale)") }
        guard scroll.isFinite else {
            throw ValidationError("--scroll must be a finite number of points, got \(scroll)")
        }
        try validateImagePath(out, overwrite: overwrite)
    }

    func run() throws {
        // A file refused by our rules here appeared while we rendered.
        try withUserFacingErrors {
            let (canvas, _) = try GridSnapshot.render(
                folder: photoOptions.folder, scan: photoOptions.scan, size: photoOptions.size, scale: scale,
                scroll: scroll, log: logLine)
            try canvas.save(to: out, overwrite: overwrite)
        }
    }
}
