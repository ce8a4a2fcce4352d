import ArgumentParser
import Foundation
import PhotoZoomCore
import PhotoZoomSDL

/// What a headless replay draws: PNG frames, an animated GIF and a contact sheet, any of them
/// together, all fed by the one replay pass that also checks the digests. Each is refused before
/// the replay starts if it would replace anything.
struct ReplayOutputs: ParsableArguments {
    @Option(help: ArgumentHelp("Write the replay as PNG frames into this new (or empty) folder.", valueName: "DIR"))
    var frames: String?

    @Option(parsing: .unconditional, help: "Frames per second of session time, with --frames.")
    var fps = 30

    @Option(help: ArgumentHelp("Write the replay as an animated GIF to this new file.", valueName: "FILE"))
    var gif: String?

    // 20 and at most 480 wide by default: an attachment of a few MB for a busy session
    // (docs/performance.md has the sizes measured).
    @Option(name: .customLong("gif-fps"), parsing: .unconditional,
            help: "Frames per second of the GIF: 1, 2, 4, 5, 10, 20, 25 or 50 (a GIF's frame time is in hundredths of a second).")
    var gifFPS = 20

    @Option(name: .customLong("gif-width"), parsing: .unconditional,
            help: "The widest the GIF may be, in pixels; a wider window is scaled down to fit.")
    var gifWidth = 480

    @Option(name: .customLong("contact-sheet"),
            help: ArgumentHelp("Write a PNG of the frames at the session's presses, releases, landings, resizes and reloads to this new file.",
                               valueName: "FILE"))
    var contactSheet: String?

    var drawsAnything: Bool { frames != nil || gif != nil || contactSheet != nil }

    func validate() throws {
        guard (1...120).contains(fps) else { throw ValidationError("--fps must lie in 1...120, got \(fps)") }
        guard ReplayGif.frameRates.contains(gifFPS) else {
            throw ValidationError("--gif-fps must be one of \(ReplayGif.frameRates.map(String.init).joined(separator: ", ")), got \(gifFPS)")
        }
        guard (16...4096).contains(gifWidth) else { throw ValidationError("--gif-width must lie in 16...4096 pixels, got \(gifWidth)") }
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
            guard (gif as NSString).pathExtension.lowercased() == "gif" else { throw ValidationError("--gif: '\(gif)' does not end in .gif") }
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
        do {
            try OutputFile.check(path, overwrite: false, replaceFlag: nil)
        } catch let error as OutputFileError {
            throw ValidationError("\(flag): \(error.description)")
        }
    }

    /// Another tuning to replay the recorded input under, drawn beside the recording, and the
    /// lines that label each side.
    struct Comparison {
        let tuning: Tuning
        let labels: [[String]]
    }

    /// Replays `recording` (read from `file`), drawing what was asked with the photos in
    /// `photos` (`compare`: beside the same input under another tuning), and says what was
    /// written (on stderr, unless `log` goes elsewhere).
    func replay(_ recording: SessionRecording, file: String, photos: String, verify: Bool, compare: Comparison? = nil,
                log: @escaping (String) -> Void = logLine) throws -> SessionReplay.Outcome {
        guard drawsAnything else { return SessionReplay.run(recording) }
        if let frames { try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true) }
        let drawing = try ReplayDrawing(recording, outputs: self, photos: try ReplayPhotos.load(recording.header.photos, folder: photos, log: log),
                                        compare: compare?.labels, log: log)
        let outcome = try compare.map { compare in
            try SessionReplay.run(recording, comparedWith: compare.tuning) { try drawing.after($0, beside: $1) }
        } ?? SessionReplay.run(recording) { try drawing.after($0) }
        if let frames { log("photozoom: wrote \(drawing.framesWritten) frames to '\(frames)'") }
        guard drawing.ticks > 0 else {
            // The first frame's layout already differed: there is nothing to draw.
            for path in [gif, contactSheet].compactMap({ $0 }) { log("photozoom: '\(path)' not written: no tick was replayed") }
            return outcome
        }
        if let movie = try drawing.finishGif() {
            log("photozoom: wrote '\(movie.path)': \(movie.width)x\(movie.height), \(movie.framesDrawn) frames at \(gifFPS) fps "
                + "(\(movie.framesWritten) once still ones are merged), \(Self.megabytes(movie.path))")
        }
        if let path = contactSheet, let sheet = try drawing.endSheet() {
            let ticks = "ticks \((recording.header.state?.tick ?? 0) + 1)–\(drawing.lastTick)"
            try sheet.write(to: path, title: title(file: file, ticks: ticks, outcome: verify ? outcome : nil, sheet: sheet), log: log)
            log("photozoom: wrote '\(path)': \(sheet.momentCount) moments" + (sheet.momentsLeftOut > 0 ? ", \(sheet.momentsLeftOut) left out" : ""))
        }
        return outcome
    }

    /// `drag-dismiss.jsonl · ticks 1–322 · verified · 6 moments`: the sheet's first line.
    private func title(file: String, ticks: String, outcome: SessionReplay.Outcome?, sheet: ContactSheet) -> String {
        var parts = [(file as NSString).lastPathComponent, ticks]
        switch outcome {
        case .verified?: parts.append("verified")
        case let .diverged(d)?: parts.append("diverged at tick \(d.tick)")
        case nil: break
        }
        let left = sheet.momentsLeftOut
        parts.append("\(sheet.momentCount) moments" + (left > 0 ? ", \(left) left out" : ""))
        return parts.joined(separator: " · ")
    }

    private static func megabytes(_ path: String) -> String {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return String(format: "%.2f MB", Double(bytes) / 1e6)
    }
}
