import CSDL2
import Foundation
import PhotoZoomCore

/// The least time a folder's first screen can take to decode when every cell is decoded from its
/// photo (no camera preview, no cached thumbnail): one decode at libjpeg-turbo's smallest scale,
/// an eighth of each side, for each cell in view, shared among the cores. `bench` reports the
/// cold opening against it.
public enum DecodeFloor {
    /// Seconds for one eighth-scale decode of `file` in a loader, the least of `tries` (the
    /// first also starts the loader, and a busy machine slows some); nil when it does not decode.
    public static func eighthScaleSeconds(of file: URL, tries: Int = 5) -> Double? {
        var least: Double?
        for _ in 0..<tries {
            guard case let .success(opened) = PhotoGate.open(file) else { return nil }
            let start = DispatchTime.now().uptimeNanoseconds
            // Covering a single pixel, the decoder picks its smallest scale.
            guard case let .success(image) = LoaderPool.shared.decode(opened, name: file.lastPathComponent, to: .covering(PixelBox(width: 1, height: 1)),
                                                                      limits: LibraryLimits()) else { return nil }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            SDL_FreeSurface(image.surface)
            least = min(least ?? seconds, seconds)
        }
        return least
    }

    /// The peak resident memory of the largest loader that has ended, in MiB: the loaders are
    /// ended first, so every one this process started counts.
    public static func loadersPeakMiB() -> Double {
        LoaderPool.shared.stopIdle()
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}
