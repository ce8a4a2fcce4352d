import Foundation
import PhotoZoomCore
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// The least time a folder's first screen can take to decode when every cell is decoded from its
/// photo (no camera preview, no cached thumbnail): one decode at libjpeg-turbo's smallest scale,
/// an eighth of each side, of a typical photo of the folder, for each cell in view, shared among
/// the cores. `bench` reports the
/// cold opening against it.
public enum DecodeFloor {
    /// Seconds for one eighth-scale decode of a typical photo of `files` in a loader: for each
    /// of the first `photos`, the least of `tries` (the first also starts the loader, and a busy
    /// machine slows some), and of those the median, as photos of one camera differ in how much
    /// their noise costs to decode. Nil when none decodes.
    public static func eighthScaleSeconds(of files: [URL], photos: Int = 8, tries: Int = 3, pool: LoaderPool = .shared)
        -> Double?
    {
        let each = files.prefix(photos).compactMap { file -> Double? in
            var least: Double?
            for _ in 0..<tries {
                guard case .success(let opened) = PhotoGate.open(file) else { return nil }
                let start = DispatchTime.now().uptimeNanoseconds
                // Covering a single pixel, the decoder picks its smallest scale.
                guard
                    case .success = pool.decode(
                        opened, name: file.lastPathComponent, to: .covering(PixelBox(width: 1, height: 1)),
                        limits: LibraryLimits())
                else { return nil }
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                least = min(least ?? seconds, seconds)
            }
            return least
        }.sorted()
        return each.isEmpty ? nil : each[each.count / 2]
    }

    /// The least CPU time, in seconds, the loaders spend decoding `file` to fit in `box`, over
    /// `tries` (after one that starts a loader): what a thumbnail costs, whichever loader of the
    /// pool makes it and whatever else the machine is doing. Nil when it does not decode.
    public static func cpuSeconds(
        decoding file: URL, fitting box: PixelBox, tries: Int = 5, pool: LoaderPool = .shared
    )
        -> Double?
    {
        func loadersCPU() -> Double { pool.processIDs.compactMap { LoaderWatch.cpuSeconds(of: $0) }.reduce(0, +) }
        func decode() -> Bool {
            guard case .success(let opened) = PhotoGate.open(file),
                case .success = pool.decode(
                    opened, name: file.lastPathComponent, to: .fitting(box), limits: LibraryLimits())
            else { return false }
            return true
        }
        guard decode() else { return nil }
        var least = Double.infinity
        for _ in 0..<tries {
            let before = loadersCPU()
            guard decode() else { return nil }
            least = min(least, loadersCPU() - before)
        }
        return least
    }

    /// The peak resident memory of the largest loader, in MiB: of those ended (the idle ones
    /// are ended first) from the kernel's count for children, of those still decoding from
    /// their own status.
    public static func loadersPeakMiB(pool: LoaderPool = .shared) -> Double {
        pool.stopIdle()
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        let live = pool.processIDs.compactMap { ProcessStatus.kibibytes("VmHWM", of: $0) }
        return Double(max(usage.ru_maxrss, live.max() ?? 0)) / 1024
    }
}
