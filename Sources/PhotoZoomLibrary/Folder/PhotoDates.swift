import Dispatch
import Foundation
import PhotoZoomUntrusted

/// Photos in the order they were taken, oldest first: when the EXIF says it was taken
/// (DateTimeOriginal, read from the file's first bytes), else when the file was last changed,
/// which for a photo copied off a camera with its times kept is when it was taken. Photos of
/// the same second are in name order, as a burst's are numbered.
public enum PhotoDates {
    public static func sorted(_ files: [URL]) -> [URL] {
        var dates = [Date](repeating: .distantPast, count: files.count)
        // Each file is opened and read a little, on every core: a library on a slow disk waits
        // on many reads at once rather than one after another.
        dates.withUnsafeMutableBufferPointer { out in
            let buffer = out
            DispatchQueue.concurrentPerform(iterations: files.count) { i in buffer[i] = taken(files[i].path) }
        }
        let names = files.map { PathOrder($0.relativePath) }
        return files.indices.sorted { a, b in dates[a] != dates[b] ? dates[a] < dates[b] : names[a] < names[b] }.map {
            files[$0]
        }
    }

    /// When the photo at `path` was taken, as well as its file can tell; a file that cannot be
    /// read at all (a dangling link) counts as the oldest, and shows as a placeholder.
    public static func taken(_ path: String) -> Date {
        if let taken = PhotoExif(file: path)?.taken { return taken }
        var info = stat()
        guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else { return .distantPast }
        return Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
    }
}
