import Foundation
import PhotoZoomLibrary

/// A folder's first screen at one size, opened as the window opens it (the whole folder's
/// thumbnails made in the background): with no thumbnail cache, and again with the one that
/// opening left.
struct FolderSizeResult: Codable {
    let photos: Int
    let cellsInView: Int
    /// The cells in view × one smallest-scale decode of a typical photo ÷ the cores (`DecodeFloor`).
    let decodeFloorMilliseconds: Double
    /// From the folder named to every cell in view drawn with its decoded thumbnail.
    let firstScreenMillisecondsCold: Double
    let firstScreenMillisecondsWarm: Double
    /// The phases of each opening (`OpeningStamps`).
    let openingCold: [OpeningPhase]
    let openingWarm: [OpeningPhase]

    var coldOverFloor: Double { firstScreenMillisecondsCold / max(decodeFloorMilliseconds, 1e-9) }

    enum CodingKeys: String, CodingKey {
        case photos
        case cellsInView = "cells_in_view"
        case decodeFloorMilliseconds = "decode_floor_ms"
        case firstScreenMillisecondsCold = "first_screen_ms_cold"
        case firstScreenMillisecondsWarm = "first_screen_ms_warm"
        case openingCold = "opening_cold"
        case openingWarm = "opening_warm"
    }
}

/// The first screen of folders of 200, 1,000 and 10,000 photos made of the same photos (hard
/// links, each its own path and so its own thumbnail), cold and warm: the screen shows the same
/// cells at every size, so what the rest of the folder costs is the growth between sizes.
struct FolderSizesBenchmark {
    static let sizes = [200, 1_000, 10_000]
    /// The photos every folder is made of: typically `scripts/make-library.sh --no-previews`'s.
    let source: String

    func run() throws -> [FolderSizeResult] {
        let photos = try LinkedFolders.photos(in: source)
        let eighth = DecodeFloor.eighthScaleSeconds(of: photos) ?? 0
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let folders = try LinkedFolders(of: photos)
        defer { folders.remove() }
        return try Self.sizes.map { count in
            let folder = try folders.make(count: count)
            let cache = folders.base.appendingPathComponent("thumbnails-\(count)")
            // The thumbnails the cold opening made for its first screen are all written
            // before the warm one, as when a person opens the folder a second time.
            let cold = try OpenedLibrary(
                folder: folder.path, viewport: LibraryBenchmark.viewport, thumbnailCache: cache, fillsCache: true,
                writing: OpenedLibrary.patience)
            let coldMilliseconds = try cold.thumbnailsSharp()
            cold.close()
            let warm = try OpenedLibrary(
                folder: folder.path, viewport: LibraryBenchmark.viewport, thumbnailCache: cache, fillsCache: true)
            let warmMilliseconds = try warm.thumbnailsSharp()
            warm.close()
            return FolderSizeResult(
                photos: count, cellsInView: cold.cellsInView,
                decodeFloorMilliseconds: Double(cold.cellsInView) * eighth * 1000 / Double(cores),
                firstScreenMillisecondsCold: coldMilliseconds, firstScreenMillisecondsWarm: warmMilliseconds,
                openingCold: OpeningPhase.list(cold.stamps), openingWarm: OpeningPhase.list(warm.stamps))
        }
    }
}

/// A photo folder's photos could not be linked into the benchmark's folders.
struct CannotLinkPhotos: UserFacingError {
    let source: String
    let into: String
    let reason: String
    var isRefusal: Bool { true }
    var description: String {
        "bench cannot link the photos of '\(source)' into '\(into)' (\(reason)); "
            + "set TMPDIR to a folder on the same file system as the photos"
    }
}

/// Folders made of hard links to a few photos, in a temporary folder of their own: a big
/// folder of real photos without the disk it would take.
struct LinkedFolders {
    let photos: [URL]
    let base: URL

    init(of photos: [URL]) throws {
        self.photos = photos
        base = FileManager.default.temporaryDirectory.appendingPathComponent("photozoom-bench-folders-\(getpid())")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    }

    /// The files of `folder`, hidden ones left out, in name order; at least one.
    static func photos(in folder: String) throws -> [URL] {
        let url = URL(fileURLWithPath: folder)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw ToldError("bench cannot read the folder '\(folder)': \(error.localizedDescription)")
        }
        let files = names.filter { !$0.hasPrefix(".") }.sorted().map { url.appendingPathComponent($0) }.filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
        guard !files.isEmpty else { throw ToldError("bench found no photos in '\(folder)'") }
        return files
    }

    /// A folder of `count` links, `IMG_00001.jpg` on, to the photos in turn, each keeping its
    /// photo's extension.
    func make(count: Int) throws -> URL {
        let folder = base.appendingPathComponent("\(count)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for i in 0..<count {
            let photo = photos[i % photos.count]
            let link = folder.appendingPathComponent(String(format: "IMG_%05d.", i + 1) + photo.pathExtension)
            guard Glibc.link(photo.path, link.path) == 0 else {
                throw CannotLinkPhotos(
                    source: photo.deletingLastPathComponent().path, into: base.path,
                    reason: String(cString: strerror(errno)))
            }
        }
        return folder
    }

    func remove() { try? FileManager.default.removeItem(at: base) }
}
