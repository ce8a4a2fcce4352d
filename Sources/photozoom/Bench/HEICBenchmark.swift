import Foundation
import PhotoZoomLibrary
import PhotoZoomLoaderInterface

/// A phone's HEIC: what its thumbnail costs, against libheif's own `heif-thumbnailer` making
/// the same size from the same file, and a first screen of nothing but it.
struct HEICResult: Codable {
    let file: String
    /// The side the thumbnail covers (`heif-thumbnailer -s`).
    let thumbnailSide: Int
    /// The loaders' CPU time for one thumbnail, the least of several.
    let thumbnailCPUMilliseconds: Double
    /// `heif-thumbnailer`'s CPU time for the same, the least of several; nil where it is not
    /// installed (Debian's libheif-examples).
    let heifThumbnailerCPUMilliseconds: Double?
    let photos: Int
    let cellsInView: Int
    let decodeFloorMilliseconds: Double
    let firstScreenMillisecondsCold: Double

    enum CodingKeys: String, CodingKey {
        case file, photos
        case thumbnailSide = "thumbnail_side"
        case thumbnailCPUMilliseconds = "thumbnail_cpu_ms"
        case heifThumbnailerCPUMilliseconds = "heif_thumbnailer_cpu_ms"
        case cellsInView = "cells_in_view"
        case decodeFloorMilliseconds = "decode_floor_ms"
        case firstScreenMillisecondsCold = "first_screen_ms_cold"
    }
}

/// `file` (a 12 MP HEIC, as `scripts/make-library.sh --heic` writes) measured as `HEICResult` says.
struct HEICBenchmark {
    static let thumbnailSide = 256
    /// A first screen's worth at 1280×800.
    static let photos = 96
    let file: String

    func run() throws -> HEICResult {
        let url = URL(fileURLWithPath: file)
        let side = Self.thumbnailSide
        guard
            let cpu = DecodeFloor.cpuSeconds(decoding: url, fitting: PixelBox(width: side, height: side))
        else { throw ToldError("bench cannot decode '\(file)', named by --heic") }
        let theirs = Self.heifThumbnailerCPUSeconds(url, side: side)
        let folders = try LinkedFolders(of: [url])
        defer { folders.remove() }
        let folder = try folders.make(count: Self.photos)
        let opened = try OpenedLibrary(
            folder: folder.path, viewport: LibraryBenchmark.viewport,
            thumbnailCache: folders.base.appendingPathComponent("thumbnails"), fillsCache: true)
        let firstScreen = try opened.thumbnailsSharp()
        opened.close()
        let each = DecodeFloor.eighthScaleSeconds(of: [url]) ?? 0
        return HEICResult(
            file: file, thumbnailSide: side, thumbnailCPUMilliseconds: cpu * 1000,
            heifThumbnailerCPUMilliseconds: theirs.map { $0 * 1000 }, photos: Self.photos,
            cellsInView: opened.cellsInView,
            decodeFloorMilliseconds: Double(opened.cellsInView) * each * 1000
                / Double(ProcessInfo.processInfo.activeProcessorCount),
            firstScreenMillisecondsCold: firstScreen)
    }

    /// The least CPU time, user and system, of five runs of `heif-thumbnailer -s side`; nil
    /// where it is not on the PATH or fails.
    static func heifThumbnailerCPUSeconds(_ file: URL, side: Int) -> Double? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map {
            "\($0)/heif-thumbnailer"
        }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { return nil }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "photozoom-bench-heif-thumbnailer-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: output) }
        var least = Double.infinity
        for _ in 0..<5 {
            let before = childrenCPUSeconds()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = ["-s", String(side), file.path, output.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return nil }
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { return nil }
            least = min(least, childrenCPUSeconds() - before)
        }
        return least
    }

    /// The CPU time of this process's children that ended and were waited for.
    private static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
