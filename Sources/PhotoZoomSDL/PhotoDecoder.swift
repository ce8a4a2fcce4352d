import CSDL2
import Dispatch
import Foundation
import PhotoZoomCore

/// A decoded photo: upright pixels as a chain of surfaces, each half the size of the one
/// before, so a small cell draws from a small image instead of aliasing a huge one.
public final class DecodedPhoto {
    public let info: PhotoInfo
    /// Largest first; empty when the photo failed to decode and shows a placeholder.
    public private(set) var levels: [UnsafeMutablePointer<SDL_Surface>]
    /// The file's `ContentHash`, taken from the bytes read to decode it (a recording names it);
    /// nil when the file could not be read.
    public let contentHash: String?

    init(info: PhotoInfo, levels: [UnsafeMutablePointer<SDL_Surface>], contentHash: String? = nil) {
        self.info = info
        self.levels = levels
        self.contentHash = contentHash
    }

    /// Hands the surfaces over (to become textures); the photo keeps only its info.
    func takeLevels() -> [UnsafeMutablePointer<SDL_Surface>] {
        defer { levels = [] }
        return levels
    }

    deinit { levels.forEach { SDL_FreeSurface($0) } }
}

/// Decodes photo files into upright RGBA surfaces. Decoding runs on worker threads (surfaces
/// are thread-safe; textures are not), so start-up scales with cores, and textures are made
/// afterwards on the render thread.
public enum PhotoDecoder {
    /// Smallest mip level worth keeping, in pixels on the longer side.
    static let smallestLevel = 64

    /// Decodes every file; one that fails becomes a placeholder and one line goes to `log`.
    public static func decode(_ files: [URL], log: (String) -> Void) -> [DecodedPhoto] {
        // Every format's loader is set up here, before the workers: SDL_image sets one up the
        // first time a file needs it, and two workers doing that at once race (seen under helgrind).
        _ = IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue | IMG_INIT_TIF.rawValue | IMG_INIT_WEBP.rawValue
                           | IMG_INIT_JXL.rawValue | IMG_INIT_AVIF.rawValue))
        var results = [Decoded?](repeating: nil, count: files.count)
        results.withUnsafeMutableBufferPointer { out in
            let buffer = out
            DispatchQueue.concurrentPerform(iterations: files.count) { i in
                buffer[i] = decodeLevels(files[i])
            }
        }
        return zip(files, results).map { file, decoded in
            let name = file.lastPathComponent, hash = decoded!.contentHash
            switch decoded!.levels {
            case let .success(levels):
                let size = Size(width: Double(levels[0].pointee.w), height: Double(levels[0].pointee.h))
                return DecodedPhoto(info: PhotoInfo(name: name, pixelSize: size), levels: levels, contentHash: hash)
            case let .failure(error):
                log("photozoom: cannot decode \(file.path) (\(error)); showing a placeholder")
                return DecodedPhoto(info: PhotoInfo(name: name, pixelSize: Size(width: 1, height: 1), isPlaceholder: true), levels: [],
                                    contentHash: hash)
            }
        }
    }

    /// One file's outcome on a worker: its levels or why not, and the hash of the bytes read.
    struct Decoded {
        let levels: Result<[UnsafeMutablePointer<SDL_Surface>], SDLError>
        let contentHash: String?
    }

    static func decodeLevels(_ file: URL) -> Decoded {
        switch read(file) {
        case let .success(data): return Decoded(levels: decodeLevels(data), contentHash: ContentHash.of(bytes: data))
        case let .failure(error): return Decoded(levels: .failure(error), contentHash: nil)
        }
    }

    static func decodeLevels(_ data: Data) -> Result<[UnsafeMutablePointer<SDL_Surface>], SDLError> {
        let claimed = PhotoHeader.dimensions(of: data)
        // Decoded whole: only what fits the limit whole.
        if let problem = claimProblem(claimed.map { PhotoHeader.Dimensions(width: $0.width, height: $0.height) }) { return .failure(problem) }
        guard let upright = decodeUpright(data, ink: claimed?.isCMYK == true ? claimed : nil) else {
            return .failure(claimed?.isCMYK == true ? SDLError(message: "its CMYK pixels do not decode") : SDLError("SDL_image"))
        }
        var levels = [upright]
        while let last = levels.last, max(last.pointee.w, last.pointee.h) / 2 >= smallestLevel,
              let half = halve(last) {
            levels.append(half)
        }
        return .success(levels)
    }

    /// The file's bytes, if it is a regular file no larger than a photo may be (`sizeProblem`).
    static func read(_ file: URL, limits: LibraryLimits = LibraryLimits()) -> Result<Data, SDLError> {
        checkedFile(file, limits: limits).flatMap { _ in
            FileManager.default.contents(atPath: file.path).map { .success($0) } ?? .failure(SDLError(message: "it cannot be read"))
        }
    }

    /// The file's modification time and size in bytes, if it is a regular file no larger than a
    /// photo may be: a folder named like a photo, a FIFO (which would block the read), an empty
    /// or a huge file is refused by its stat, before anything is read.
    static func checkedFile(_ file: URL, limits: LibraryLimits = LibraryLimits()) -> Result<(bytes: Int, modified: Int), SDLError> {
        var info = stat()
        guard stat(file.path, &info) == 0 else { return .failure(SDLError(message: "it cannot be read: \(String(cString: strerror(errno)))")) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(SDLError(message: "it is not a file")) }
        guard info.st_size > 0 else { return .failure(SDLError(message: "it is empty")) }
        guard info.st_size <= limits.maximumFileBytes else {
            return .failure(SDLError(message: String(format: "it is %.1f MiB; ", Double(info.st_size) / 1_048_576)
                + "a photo may be \(TuningFile.number(limits.maximumFileMiB)) MiB (library.maximumFileMiB)", isOverLimits: true))
        }
        return .success((bytes: Int(info.st_size), modified: Int(info.st_mtim.tv_sec)))
    }

    /// Why the pixels a header claims are too many to decode, if they are: a JPEG that can be
    /// decoded at a fraction of its size within the limit is decoded so, never whole.
    static func claimProblem(_ claimed: PhotoHeader.Dimensions?, limits: LibraryLimits = LibraryLimits()) -> SDLError? {
        guard let claimed, claimed.fewestDecodedPixels > limits.maximumPixels else { return nil }
        return SDLError(message: "its header claims \(claimed.width)×\(claimed.height) pixels, "
            + String(format: "%.0f megapixels; ", Double(claimed.pixels) / 1e6)
            + "a photo may have \(TuningFile.number(limits.maximumMegapixels)) (library.maximumMegapixels)", isOverLimits: true)
    }

    /// Decodes and applies the EXIF orientation, which SDL_image ignores; a JPEG of ink
    /// (`ink`, its header) is decoded by `InkJPEG`, which SDL_image gets wrong.
    static func decodeUpright(_ data: Data, ink: PhotoHeader.Dimensions? = nil) -> UnsafeMutablePointer<SDL_Surface>? {
        let decoded: UnsafeMutablePointer<SDL_Surface>? = ink.map { InkJPEG.decode(data, width: $0.width, height: $0.height) } ?? data.withUnsafeBytes { raw in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
            return IMG_Load_RW(rw, 1)
        }
        guard let decoded else { return nil }
        defer { SDL_FreeSurface(decoded) }
        guard let rgba = SDL_ConvertSurfaceFormat(decoded, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else { return nil }
        let orientation = PhotoExif(bytes: data).orientation
        guard orientation != .up else { return rgba }
        defer { SDL_FreeSurface(rgba) }
        return try? SurfacePixels.upright(rgba, orientation).get()
    }

    /// Half size, each output pixel the bilinear blend at the centre of a 2×2 block: a box filter.
    static func halve(_ s: UnsafeMutablePointer<SDL_Surface>) -> UnsafeMutablePointer<SDL_Surface>? {
        let w = max(1, s.pointee.w / 2), h = max(1, s.pointee.h / 2)
        guard let out = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32.rawValue) else { return nil }
        guard SDL_SoftStretchLinear(s, nil, out, nil) == 0 else { SDL_FreeSurface(out); return nil }
        return out
    }
}
