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

    init(info: PhotoInfo, levels: [UnsafeMutablePointer<SDL_Surface>]) {
        self.info = info
        self.levels = levels
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
        _ = IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue))
        var results = [Result<[UnsafeMutablePointer<SDL_Surface>], SDLError>?](repeating: nil, count: files.count)
        results.withUnsafeMutableBufferPointer { out in
            let buffer = out
            DispatchQueue.concurrentPerform(iterations: files.count) { i in
                buffer[i] = decodeLevels(files[i])
            }
        }
        return zip(files, results).map { file, result in
            let name = file.lastPathComponent
            switch result! {
            case let .success(levels):
                let size = Size(width: Double(levels[0].pointee.w), height: Double(levels[0].pointee.h))
                return DecodedPhoto(info: PhotoInfo(name: name, pixelSize: size), levels: levels)
            case let .failure(error):
                log("photozoom: cannot decode \(file.path) (\(error)); showing a placeholder")
                return DecodedPhoto(info: PhotoInfo(name: name, pixelSize: Size(width: 1, height: 1), isPlaceholder: true), levels: [])
            }
        }
    }

    static func decodeLevels(_ file: URL) -> Result<[UnsafeMutablePointer<SDL_Surface>], SDLError> {
        guard let data = try? Data(contentsOf: file) else { return .failure(SDLError(message: "the file cannot be read")) }
        guard let upright = decodeUpright(data) else { return .failure(SDLError("SDL_image")) }
        var levels = [upright]
        while let last = levels.last, max(last.pointee.w, last.pointee.h) / 2 >= smallestLevel,
              let half = halve(last) {
            levels.append(half)
        }
        return .success(levels)
    }

    /// Decodes and applies the EXIF orientation, which SDL_image ignores.
    static func decodeUpright(_ data: Data) -> UnsafeMutablePointer<SDL_Surface>? {
        let decoded: UnsafeMutablePointer<SDL_Surface>? = data.withUnsafeBytes { raw in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
            return IMG_Load_RW(rw, 1)
        }
        guard let decoded else { return nil }
        defer { SDL_FreeSurface(decoded) }
        guard let rgba = SDL_ConvertSurfaceFormat(decoded, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else { return nil }
        let orientation = ExifOrientation.read(fromJPEG: data)
        guard orientation != .up else { return rgba }
        defer { SDL_FreeSurface(rgba) }
        let w = Int(rgba.pointee.w), h = Int(rgba.pointee.h), pitch = Int(rgba.pointee.pitch)
        var packed = [UInt8](repeating: 0, count: w * h * 4)
        let src = rgba.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        packed.withUnsafeMutableBytes { dst in
            for row in 0..<h { memcpy(dst.baseAddress! + row * w * 4, src + row * pitch, w * 4) }
        }
        let turned = orientation.reorient(pixels: packed, width: w, height: h)
        guard let out = SDL_CreateRGBSurfaceWithFormat(0, Int32(turned.width), Int32(turned.height), 32, SDL_PIXELFORMAT_RGBA32.rawValue) else { return nil }
        let outPitch = Int(out.pointee.pitch)
        let outPixels = out.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        turned.pixels.withUnsafeBytes { srcBytes in
            for row in 0..<turned.height {
                memcpy(outPixels + row * outPitch, srcBytes.baseAddress! + row * turned.width * 4, turned.width * 4)
            }
        }
        return out
    }

    /// Half size, each output pixel the bilinear blend at the centre of a 2×2 block: a box filter.
    static func halve(_ s: UnsafeMutablePointer<SDL_Surface>) -> UnsafeMutablePointer<SDL_Surface>? {
        let w = max(1, s.pointee.w / 2), h = max(1, s.pointee.h / 2)
        guard let out = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32.rawValue) else { return nil }
        guard SDL_SoftStretchLinear(s, nil, out, nil) == 0 else { SDL_FreeSurface(out); return nil }
        return out
    }
}
