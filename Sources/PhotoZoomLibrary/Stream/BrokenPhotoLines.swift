import Foundation
import PhotoZoomUntrusted

/// The log's lines for photos that cannot be decoded: the first few named, each with its reason,
/// and the rest counted in one line, said once the headers are read. A folder of 200,000 empty
/// files was 200,000 lines, which buried everything else the log said.
struct BrokenPhotoLines {
    /// Photos named in a line of their own; past these, a photo is only counted.
    static let named = 10

    private(set) var found = 0
    /// Photos found past `named` and not yet in a summary line.
    private var unsaid = 0

    /// The line for a photo that cannot be decoded, if it is among the first `named`.
    mutating func line(for file: URL, _ error: DecodeFailure) -> String? {
        found += 1
        guard found <= Self.named else {
            unsaid += 1
            return nil
        }
        return "photozoom: cannot decode \(file.path) (\(error)); showing a placeholder"
    }

    /// One line for the photos counted since the last: nil when there are none.
    mutating func summary() -> String? {
        guard unsaid > 0 else { return nil }
        defer { unsaid = 0 }
        let photos = unsaid == 1 ? "1 more photo" : "\(LibraryProgress.grouped(unsaid)) more photos"
        return "photozoom: \(photos) cannot be decoded; showing placeholders"
    }
}
