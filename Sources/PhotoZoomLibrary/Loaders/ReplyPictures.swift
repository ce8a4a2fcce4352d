import Foundation
import PhotoZoomCore
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// The pictures of a loader's reply, taken out of its memory file by the window's process.
public enum ReplyPictures {
    /// A reply's pictures, read out of the memory file it came with once the reply is found to
    /// describe it truly: a loader is trusted no more than the bytes it decoded. Each picture
    /// must lie within the file, and be no larger than was asked for (a decoder never enlarges:
    /// a page fits the window, a covered cell has its shorter side the cell's). They are read,
    /// not mapped: a file the loader shrank meanwhile is a short read, never a fault. Nil for a
    /// reply that is not so.
    public static func read(_ reply: LoaderReply, in memory: Int32, asked: LoaderRequest) -> [Result<
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
            switch PixelBuffer.make(width: answer.width, height: answer.height, layout: asked.format) {
            case .failure(let failure): images.append(.failure(failure))
            case .success(let pixels):
                // The buffer packs its rows, as the answer does: one read fills it.
                let length = answer.pitch * answer.height
                guard pread(memory, pixels.bytes, length, off_t(answer.offset)) == length else { return nil }
                images.append(
                    .success(
                        ScaledImage(
                            pixels: pixels, averageColor: answer.average, originalSize: answer.originalSize,
                            isOpaque: answer.isOpaque)))
            }
        }
        return images
    }
}
