import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomUntrusted

/// What F6 writes: a folder to zip and attach, holding the recording of the last minutes (or
/// of the whole recording running), the tuning in effect, a screenshot of the window, the
/// recording's contact sheet, the log's tail and the system's facts, with a README saying how
/// to replay it. Built in a hidden folder beside it and renamed into place whole, so a report
/// folder is never half written and never replaces another.
public struct BugReport {
    public var session: String
    public var tuning: String
    public var screenshot: Screenshot?
    public var log: String
    public var facts: SystemFacts
    /// Where the session's photos are, for the contact sheet's frames.
    public var photosFolder: String

    public init(
        session: String, tuning: String, screenshot: Screenshot?, log: String, facts: SystemFacts, photosFolder: String
    ) {
        self.session = session
        self.tuning = tuning
        self.screenshot = screenshot
        self.log = log
        self.facts = facts
        self.photosFolder = photosFolder
    }

    /// The files, in the order the README lists them.
    public static let files = [
        "session.jsonl", "tuning.json", "tuning.schema.json", "screenshot.png", "contact-sheet.png", "log.txt",
        "system.txt", "README.txt",
    ]

    /// Writes the report into a new folder in `parent` named for `date`, and returns its path.
    /// A contact sheet that cannot be drawn is said in the README and the report is written
    /// without it.
    public func write(into parent: String, at date: Date = Date()) throws -> String {
        var template = Array((parent + "/.report-XXXXXX").utf8CString)
        guard (try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)) != nil,
            mkdtemp(&template) != nil
        else {
            throw OutputFileError(
                description: "cannot write a bug report in '\(parent)': \(String(cString: strerror(errno)))",
                isUsage: false)
        }
        // mkdtemp makes the folder for its owner alone, as a report must be: it holds the log
        // and the names of photos.
        let building = String(cString: template)
        var published = false
        defer { if !published { try? FileManager.default.removeItem(atPath: building) } }
        func file(_ name: String) -> String { building + "/" + name }

        let recording = Result { try SessionRecording.read(session) }
        // Only the names of the photos the session showed: the library's others are no one's business.
        let redacted = (try? recording.get()).flatMap { try? SessionRedaction.redacting($0) }
        try OutputFile.saveText(
            redacted?.text ?? session, to: file("session.jsonl"), overwrite: false, replaceFlag: "")
        try OutputFile.saveText(tuning, to: file("tuning.json"), overwrite: false, replaceFlag: "")
        var notes: [String] = []
        if TuningSchemaFile.place(beside: file("tuning.json")) != nil {
            notes.append("The tuning's schema could not be copied here.")
        }
        try screenshot?.save(to: file("screenshot.png"))
        // The session ends on the tick F6 was pressed on: the moment `replay --at` opens.
        let tick = (try? recording.get())?.end?.end
        do {
            // The sheet `replay --verify --contact-sheet` draws, verdict included; its log is
            // left out, since its lines would name the hidden folder the report is built in.
            _ = try HeadlessReplay(contactSheet: file("contact-sheet.png"))
                .run(try recording.get(), name: "session.jsonl", photos: photosFolder, verify: true, log: { _ in })
        } catch {
            notes.append("The contact sheet could not be drawn: \(error)")
        }
        try OutputFile.saveText(log, to: file("log.txt"), overwrite: false, replaceFlag: "")
        let moment = tick.map { "F6 pressed at: tick \($0)\n" } ?? ""
        try OutputFile.saveText(facts.text + moment, to: file("system.txt"), overwrite: false, replaceFlag: "")
        let photos = (try? recording.get())?.header.photos.count ?? 0
        try OutputFile.saveText(
            readme(tick: tick, contents: contents(redacted, of: photos), notes: notes), to: file("README.txt"),
            overwrite: false, replaceFlag: "")

        // Each file the user's alone too, whoever wrote it (the screenshot and the sheet are
        // written as any new file is), should the folder be copied or its mode changed.
        for name in try FileManager.default.contentsOfDirectory(atPath: building) {
            guard chmod(file(name), 0o600) == 0 else {
                throw OutputFileError(
                    description: "cannot write a bug report in '\(parent)': \(String(cString: strerror(errno)))",
                    isUsage: false)
            }
        }

        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'HH-mm-ss"
        let stem = parent + "/report-" + formatter.string(from: date)
        for n in 1...100 {
            let candidate = stem + (n == 1 ? "" : "-\(n)")
            // rename(2) would replace an empty folder of that name; a report never replaces anything.
            guard !FileManager.default.fileExists(atPath: candidate) else { continue }
            guard rename(building, candidate) == 0 else {
                throw OutputFileError(
                    description: "cannot write the bug report '\(candidate)': \(String(cString: strerror(errno)))",
                    isUsage: false)
            }
            published = true
            return candidate
        }
        throw OutputFileError(description: "a hundred bug reports already written at \(stem)", isUsage: false)
    }

    /// What the report tells of the user's library: which photos session.jsonl names.
    private func contents(_ redacted: SessionRedaction.Redacted?, of photos: Int) -> String {
        let named =
            redacted.map {
                "names the \($0.named.count) of the library's \(photos) photos the session showed; the others are"
                    + " in it by size alone, unnamed"
            }
            ?? ("names every one of the library's \(photos) photos: its replay differs from it, or it could not be"
                + " read, and it is kept as it was recorded")
        return """
            What it holds of yours: session.jsonl \(named). system.txt names the photos' folder, log.txt
            the photos the program had something to say about, and screenshot.png and contact-sheet.png
            show what the window showed. Nothing else of the library is here. The folder and its files
            are readable by you alone.
            """
    }

    /// How to replay it; `tick`, the moment F6 was pressed, if the session could be read;
    /// `contents`, what it holds of the user's.
    private func readme(tick: Int?, contents: String, notes: [String]) -> String {
        // The notes in brackets line up after the commands, however long the tick.
        func noted(_ command: String, _ note: String) -> String {
            command + String(repeating: " ", count: max(42 - command.count, 1)) + note
        }
        let window =
            tick.map {
                noted(
                    "photozoom replay session.jsonl --at \($0)", "(in a window, paused at that moment, with a timeline)"
                )
            }
            ?? noted("photozoom replay session.jsonl", "(in a window, with a timeline)")
        return """
            A PhotoZoom bug report.

            session.jsonl      the recorded session up to the moment of the report\(tick.map { ", tick \($0), when F6 was pressed" } ?? ""); it replays exactly:
                                 \(window)
                                 \(noted("photozoom replay session.jsonl --verify", "(headless: every digest checked)"))
                               the photos are looked for where they were shown (system.txt says where);
                               elsewhere, name their folder with --photos DIR
            tuning.json        the tuning in effect; run with it: photozoom run --tuning tuning.json
            tuning.schema.json the schema tuning.json names, with which an editor completes and checks it
            screenshot.png     the window as it was when F6 was pressed
            contact-sheet.png  the session's presses, releases and landings, each labelled with its tick and phase
            log.txt            the program's last log lines
            system.txt         the app, system, SDL, renderer, display and window, and the tick F6 was pressed on

            \(contents)
            \(notes.map { "\n" + PathBytes.escaped($0) + "\n" }.joined())
            """
    }
}
