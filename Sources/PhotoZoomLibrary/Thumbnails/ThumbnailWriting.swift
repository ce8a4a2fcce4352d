import Foundation
import PhotoZoomLoaderInterface

/// The writing half of the cache, as the standard lays it down: the PNG goes to a temporary file
/// in its own folder and is renamed into place, so another program reads a whole thumbnail or
/// none; files are the owner's alone (0600), and so are the folders made for them (0700).
extension ThumbnailCache {
    /// Keeps `image` as `original`'s thumbnail of `size`; false if the cache refused it.
    @discardableResult
    public func store(_ image: ScaledImage, of original: OriginalFile, size: ThumbnailSize) -> Bool {
        var text = facts(of: original)
        if let full = image.originalSize {
            text += [
                PNGText(keyword: "Thumb::Image::Width", text: String(full.width)),
                PNGText(keyword: "Thumb::Image::Height", text: String(full.height)),
            ]
        }
        return write(
            ThumbnailPNG.encode(image.pixels, text: text),
            to: location(of: URL(fileURLWithPath: original.path), size: size), counted: true)
    }

    /// Records that `original` could not be made into a thumbnail, and `reason`: the standard's
    /// empty PNG (one transparent pixel) in this program's own `fail` folder.
    @discardableResult
    public func recordFailure(_ original: OriginalFile, _ reason: String) -> Bool {
        guard case .success(let pixel) = PixelBuffer.make(width: 1, height: 1) else { return false }
        return write(
            ThumbnailPNG.encode(pixel, text: facts(of: original) + [PNGText(keyword: "Description", text: reason)]),
            to: failLocation(of: original), counted: false)
    }

    /// The text every thumbnail of `original` holds: whose it is, as of when, who made it and how.
    private func facts(of original: OriginalFile) -> [PNGText] {
        [
            PNGText(keyword: "Thumb::URI", text: original.uri),
            PNGText(keyword: "Thumb::MTime", text: String(original.modified)),
            PNGText(keyword: "Thumb::Size", text: String(original.bytes)), PNGText(keyword: "Software", text: software),
            PNGText(keyword: ThumbnailCache.renderingKeyword, text: ThumbnailCache.rendering),
        ]
    }

    /// Writes `png` to `destination` through a temporary file beside it, `counted` among the
    /// kept thumbnails. Not synced to the disk: a thumbnail cut short by a crash fails its
    /// reading and is made again.
    private func write(_ png: Data, to destination: URL, counted: Bool) -> Bool {
        writing.lock()
        defer { writing.unlock() }
        guard !stopped else { return false }
        let folder = destination.deletingLastPathComponent().path
        guard makeFolder(folder) else { return refuse(folder, String(cString: strerror(errno))) }
        // mkstemp makes the file for its owner alone, as the standard asks of thumbnails.
        var template = Array("\(folder)/.\(destination.lastPathComponent).XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { return refuse(folder, String(cString: strerror(errno))) }
        let temporary = String(cString: template)
        let sink = OutputFile.Sink(fd: fd)
        png.withUnsafeBytes { _ = sink.append($0) }
        var failure = sink.failure
        if Glibc.close(fd) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, destination.path) != 0 { failure = errno }
        guard let failure else {
            if counted { kept += 1 }
            return true
        }
        unlink(temporary)
        return refuse(folder, String(cString: strerror(failure)))
    }

    /// `path` as a folder, made (0700) with any missing folders above it.
    private func makeFolder(_ path: String) -> Bool {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                errno = ENOTDIR
                return false
            }
            return true
        }
        let parent = (path as NSString).deletingLastPathComponent
        guard parent != path, makeFolder(parent) else { return false }
        return mkdir(path, 0o700) == 0 || errno == EEXIST
    }

    /// Counts a refused write and says the first; always false. Called under `writing`.
    private func refuse(_ folder: String, _ reason: String) -> Bool {
        refused += 1
        if !refusalReported {
            refusalReported = true
            log("photozoom: cannot keep thumbnails in '\(folder)': \(reason); they are made again each time")
        }
        return false
    }
}
