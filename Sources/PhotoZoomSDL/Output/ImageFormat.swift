import CSDL2
import Foundation
import PhotoZoomLibrary

/// The formats a canvas is saved in: the one the file's extension names, so `shot.jpg` is a
/// JPEG and never PNG bytes under a JPEG name.
public enum ImageFormat {
    case png, jpeg

    /// The extensions we write, as the line that refuses any other lists them.
    public static let supported = ".png, .jpg or .jpeg"
    /// High enough that photos and text in a snapshot show no blocks.
    static let jpegQuality: Int32 = 92

    /// The format `path`'s extension names, case ignored.
    public init(path: String) throws {
        switch (path as NSString).pathExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        default:
            throw OutputFileError(
                description: "cannot write '\(path)': an image's name ends in \(Self.supported)", isUsage: true)
        }
    }
}

extension HeadlessCanvas {
    /// Writes what has been drawn to `path` in the format its extension names, through
    /// `OutputFile`: a failed write leaves whatever was at `path` untouched.
    public func save(to path: String, overwrite: Bool) throws {
        SDL_RenderPresent(renderer)
        try Self.save(surface, to: path, overwrite: overwrite)
    }

    /// Writes `surface` to `path` as `save(to:overwrite:)` does; `replaceFlag` as `OutputFile` takes it.
    static func save(
        _ surface: UnsafeMutablePointer<SDL_Surface>, to path: String, overwrite: Bool,
        replaceFlag: String? = "--overwrite"
    ) throws {
        let format = try ImageFormat(path: path)
        try OutputFile.create(path, overwrite: overwrite, replaceFlag: replaceFlag) { sink in
            guard let stream = Self.stream(into: sink) else {
                throw OutputFileError(
                    description: "cannot write '\(path)': \(String(cString: SDL_GetError()))", isUsage: false)
            }
            // The encoder frees the stream (the last argument but one); the sink stays ours.
            let saved =
                format == .png
                ? IMG_SavePNG_RW(surface, stream, 1) : IMG_SaveJPG_RW(surface, stream, 1, ImageFormat.jpegQuality)
            // A failed write is the sink's to report, with the system's reason.
            if saved != 0, sink.failure == nil {
                throw OutputFileError(
                    description: "cannot write '\(path)': \(String(cString: SDL_GetError()))", isUsage: false)
            }
        }
    }

    /// An SDL stream that only writes, and writes into `sink`. The callbacks are C functions,
    /// so they find the sink through the stream's user pointer.
    private static func stream(into sink: OutputFile.Sink) -> UnsafeMutablePointer<SDL_RWops>? {
        guard let stream = SDL_AllocRW() else { return nil }
        stream.pointee.type = UInt32(SDL_RWOPS_UNKNOWN)
        stream.pointee.hidden.unknown.data1 = Unmanaged.passUnretained(sink).toOpaque()
        stream.pointee.write = { stream, bytes, size, count in
            let sink = Unmanaged<OutputFile.Sink>.fromOpaque(stream!.pointee.hidden.unknown.data1).takeUnretainedValue()
            return sink.append(UnsafeRawBufferPointer(start: bytes, count: size * count)) ? count : 0
        }
        // Encoders only write; a stream that cannot say its size, seek or read says so.
        stream.pointee.size = { _ in -1 }
        stream.pointee.seek = { _, _, _ in -1 }
        stream.pointee.read = { _, _, _, _ in 0 }
        stream.pointee.close = { stream in
            SDL_FreeRW(stream)
            return 0
        }
        return stream
    }
}
