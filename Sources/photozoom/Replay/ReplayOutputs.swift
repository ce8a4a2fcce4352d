import ArgumentParser
import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomSDL

/// The flags of a headless replay's outputs: PNG frames, an animated GIF and a contact sheet.
/// Each is refused before the replay starts if it would replace anything; `HeadlessReplay`
/// draws them.
struct ReplayOutputs: ParsableArguments {
    @Option(help: ArgumentHelp("Write the replay as PNG frames into this new (or empty) folder.", valueName: "DIR"))
    var frames: String?

    @Option(parsing: .unconditional, help: "Frames per second of session time, with --frames.")
    var fps = HeadlessReplay().fps

    @Option(help: ArgumentHelp("Write the replay as an animated GIF to this new file.", valueName: "FILE"))
    var gif: String?

    @Option(
        name: .customLong("gif-fps"), parsing: .unconditional,
        help:
            "Frames per second of the GIF: 1, 2, 4, 5, 10, 20, 25 or 50 (a GIF's frame time is in hundredths of a second)."
    )
    var gifFPS = HeadlessReplay().gifFPS

    @Option(
        name: .customLong("gif-width"), parsing: .unconditional,
        help: "The widest the GIF may be, in pixels; a wider window is scaled down to fit.")
    var gifWidth = HeadlessReplay().gifWidth

    @Option(
        name: .customLong("contact-sheet"),
        help: ArgumentHelp(
            "Write a PNG of the frames at the session's presses, releases, landings, resizes and reloads to this new file.",
            valueName: "FILE"))
    var contactSheet: String?

    var drawsAnything: Bool { replay(compare: nil).drawsAnything }

    func validate() throws {
        guard (1...120).contains(fps) else { throw ValidationError("--fps must lie in 1...120, got \(fps)") }
        guard ReplayGif.frameRates.contains(gifFPS) else {
            throw ValidationError(
                "--gif-fps must be one of \(ReplayGif.frameRates.map(String.init).joined(separator: ", ")), got \(gifFPS)"
            )
        }
        guard (16...4096).contains(gifWidth) else {
            throw ValidationError("--gif-width must lie in 16...4096 pixels, got \(gifWidth)")
        }
        if let frames {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: frames, isDirectory: &isFolder) {
                guard isFolder.boolValue else { throw ValidationError("--frames: '\(frames)' is a file, not a folder") }
                guard (try? FileManager.default.contentsOfDirectory(atPath: frames))?.isEmpty ?? false else {
                    throw ValidationError("--frames: '\(frames)' is not empty, and frames never replace files")
                }
            }
        }
        if let gif {
            guard (gif as NSString).pathExtension.lowercased() == "gif" else {
                throw ValidationError("--gif: '\(gif)' does not end in .gif")
            }
            try Self.refuseExisting(gif, flag: "--gif")
        }
        if let contactSheet {
            guard (contactSheet as NSString).pathExtension.lowercased() == "png" else {
                throw ValidationError("--contact-sheet: '\(contactSheet)' does not end in .png")
            }
            try Self.refuseExisting(contactSheet, flag: "--contact-sheet")
        }
    }

    private static func refuseExisting(_ path: String, flag: String) throws {
        try withUserFacingErrors(telling: OutputFileError.self, as: { ToldError("\(flag): \($0)") }) {
            try OutputFile.check(path, overwrite: false, replaceFlag: nil)
        }
    }

    /// The replay these flags ask for; `compare`: beside the same input under another tuning.
    func replay(compare: HeadlessReplay.Comparison?) -> HeadlessReplay {
        HeadlessReplay(
            frames: frames, fps: fps, gif: gif, gifFPS: gifFPS, gifWidth: gifWidth, contactSheet: contactSheet,
            compare: compare)
    }
}
