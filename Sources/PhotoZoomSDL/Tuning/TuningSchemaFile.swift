import Foundation
import PhotoZoomCore
import PhotoZoomLibrary

/// The schema a tuning file names (`"$schema": "tuning.schema.json"`, a file beside it),
/// written beside each tuning file we write so that an editor can complete and check it. It
/// is assets/tuning.schema.json, found at run time as the photos and the font are.
public enum TuningSchemaFile {
    /// Writes the schema beside `tuningPath`, unless the same one is there. A different file
    /// of that name is left as it is: a person may have made it. Returns the one line that
    /// says so, or why none could be written; nil when the schema is in place.
    public static func place(beside tuningPath: String) -> String? {
        let folder = (tuningPath as NSString).deletingLastPathComponent
        let destination = (folder.isEmpty ? "" : folder + "/") + TuningFile.schemaName
        let source = PhotoFolder.assetPath(TuningFile.schemaName)
        guard let schema = FileManager.default.contents(atPath: source) else {
            return
                "tuning: no schema written beside '\(tuningPath)': '\(source)' cannot be read, so an editor cannot check the file"
        }
        if let there = FileManager.default.contents(atPath: destination) {
            guard there != schema else { return nil }
            return
                "tuning: '\(destination)' is not this version's schema; it is left as it is, and an editor checks '\(tuningPath)' against it"
        }
        do {
            try OutputFile.saveText(
                String(decoding: schema, as: UTF8.self), to: destination, overwrite: false, replaceFlag: "")
        } catch {
            return "tuning: no schema written beside '\(tuningPath)': \(error)"
        }
        return nil
    }
}
