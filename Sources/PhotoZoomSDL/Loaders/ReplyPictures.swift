import CSDL2
import Foundation
import PhotoZoomCore
import PhotoZoomLoader
import PhotoZoomUntrusted

/// The pictures of a loader's reply, taken out of its memory file by the window's process.
enum ReplyPictures {
    /// A reply's pictures, read out of the memory file it came with once the reply is found to
    /// describe it truly: a loader is trusted no more than the bytes it decoded. Each picture
    /// must lie within the file, and be no larger than was asked for (a decoder never enlarges:
    /// a page fits the window, a covered cell has its shorter side the cell's). They are read,
    /// not mapped: a file the loader shrank meanwhile is a short read, never a fault. Nil for a
    /// reply that is not so.
    static func read(_ reply: LoaderReply, in memory: Int32, asked: LoaderRequest) -> [Result<
        ScaledImage, DecodeFailure
    >]? {
        var info = stat()
        let fileLength =
            memory >= 0 && fstat(memory, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
        for (answer, item) in zip(reply.answers, asked.items) where answer.failure == nil {
            let withinAsked: Bool
            switch item.size {
            case .fitting(let box): withinAsked = answer.width <= box.width && answer.height <= box.height
            case .covering(let box): withinAsked = min(answer.width, answer.height) <= max(box.width, box.height)
            }
            guard answer.width >= 1, answer.height >= 1, answer.width <= PhotoHeader.largestSide,
                answer.height <= PhotoHeader.largestSide,
                withinAsked, answer.pitch == answer.width * 4,
                answer.width * answer.height <= asked.limits.maximumPixels,
                answer.offset >= 0, answer.offset <= fileLength,
                answer.pitch * answer.height <= fileLength - answer.offset
            else { return nil }
        }
        var images: [Result<ScaledImage, DecodeFailure>] = []
        for answer in reply.answers {
            if let failure = answer.failure {
                images.append(.failure(failure))
                continue
            }
            let image = SurfacePixels.make(
                PixelBox(width: answer.width, height: answer.height), format: asked.format.sdlFormat
            ).map { surface in
                ScaledImage(
                    surface: surface, averageColor: answer.average, originalSize: answer.originalSize,
                    isOpaque: answer.isOpaque)
            }
            if case .success(let made) = image {
                let length = answer.pitch * answer.height
                // SDL packs a 32-bit surface's rows: its pitch is the answer's, and one read fills it.
                guard Int(made.surface.pointee.pitch) == answer.pitch,
                    pread(memory, made.surface.pointee.pixels, length, off_t(answer.offset)) == length
                else {
                    SDL_FreeSurface(made.surface)
                    for case .success(let read) in images { SDL_FreeSurface(read.surface) }
                    return nil
                }
            }
            images.append(image)
        }
        return images
    }
}

extension PixelLayout {
    /// The SDL pixel format it is.
    var sdlFormat: UInt32 { self == .rgba ? SDL_PIXELFORMAT_RGBA32.rawValue : SDL_PIXELFORMAT_ARGB8888.rawValue }

    /// The layout of SDL's `format`, if it is one of the two.
    init?(sdlFormat: UInt32) {
        switch sdlFormat {
        case SDL_PIXELFORMAT_RGBA32.rawValue: self = .rgba
        case SDL_PIXELFORMAT_ARGB8888.rawValue: self = .argb
        default: return nil
        }
    }
}
