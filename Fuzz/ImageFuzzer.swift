// libFuzzer's entry point for the untrusted-image gate: what a file is (ImageKind), what its
// header claims (PhotoHeader, read from the bytes in hand and through a descriptor, as the
// probe reads past its head), whether a decoder may be given it (PhotoGate), the probe that
// sizes a library's photos (PhotoProbe) with the EXIF and colour profile it reads (PhotoExif,
// ExifSegment and ICCProfile, from the bytes and from a file), the thumbnail cache's tEXt
// walk (ThumbnailPNG) and its reading of the rows this program stores (StoredPNG).
// scripts/fuzz-images.sh compiles it into a module of those files (so it sees their internal
// names) with -sanitize=fuzzer,address. Not part of any SwiftPM target. A broken property is a
// trap, which libFuzzer keeps as a crash; a claim that gets past the gate and makes something
// allocate for it shows as an out-of-memory.

import Foundation
import PhotoZoomCore
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// The names a file is tried under: one a folder lists as a photo, and one that lets a header
/// without a signature be read as TGA.
private let names = ["photo.jpg", "x.tga"]
/// The default limits, and tight ones, so a claim is refused by size as often as let through.
private let limitSets = [LibraryLimits(), LibraryLimits(maximumMegapixels: 1)]

@_cdecl("LLVMFuzzerTestOneInput")
public func imageFuzzTarget(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    func broken(_ what: String) -> Never {
        fatalError("\(what)\n--- input, \(count) bytes (the first 512 in hex) ---\n\(hex(data.prefix(512)))")
    }
    // The same bytes as a slice that does not start at index 0, as a caller's `prefix` or
    // `dropFirst` hands them on.
    let slice = (Data([0]) + data).dropFirst()

    var kinds: [String: Result<ImageKind, DecodeFailure>] = [:]
    for name in names {
        let kind = ImageKind.identify(data, named: name)
        if !same(kind, ImageKind.identify(data, named: name)) {
            broken("identify(named: \(name)) twice gave two answers")
        }
        if !same(kind, ImageKind.identify(slice, named: name)) {
            broken("identify(named: \(name)) of a slice is not that of the bytes")
        }
        if case .failure(let refusal) = kind { oneLine(refusal, "identify(named: \(name))", broken) }
        kinds[name] = kind

        let claimed = PhotoHeader.dimensions(of: data, named: name)
        if claimed != PhotoHeader.dimensions(of: data, named: name) {
            broken("dimensions(named: \(name)) twice gave two claims")
        }
        if claimed != PhotoHeader.dimensions(of: slice, named: name) {
            broken("dimensions(named: \(name)) of a slice is not that of the bytes")
        }
        if let claimed {
            guard case .success(let identified) = kind, identified == claimed.kind else {
                broken("dimensions(named: \(name)) says \(claimed.kind) where identify says \(kind)")
            }
            inRange(claimed, "dimensions(named: \(name))", broken)
        }
        if case .success(let heif) = kind, heif.isHEIF { heifPrimary(data, heif, claimed: claimed, broken) }
        if case .success(.jxl) = kind { jxlHeader(data, claimed: claimed, broken) }

        var checks: [Result<PhotoHeader.Dimensions, DecodeFailure>] = []
        for limits in limitSets {
            let checked = PhotoGate.check(data, named: name, limits: limits)
            let what = "check(named: \(name), maximumMegapixels: \(limits.maximumMegapixels))"
            if !same(checked, PhotoGate.check(data, named: name, limits: limits)) {
                broken("\(what) twice gave two answers")
            }
            if !same(checked, PhotoGate.check(slice, named: name, limits: limits)) {
                broken("\(what) of a slice is not that of the bytes")
            }
            switch checked {
            case .success(let passed):
                if passed != claimed {
                    broken("\(what) let through \(passed), where dimensions claims \(String(describing: claimed))")
                }
                inRange(passed, what, broken)
                if passed.fewestDecodedPixels > limits.maximumPixels {
                    broken(
                        "\(what) let through \(passed.width)×\(passed.height), which decodes to at least \(passed.fewestDecodedPixels) pixels, over \(limits.maximumPixels)"
                    )
                }
                if passed.leastFileBytes > data.count {
                    broken(
                        "\(what) let through \(passed.width)×\(passed.height), which needs at least \(passed.leastFileBytes) bytes, from \(data.count)"
                    )
                }
                if passed.coefficientBytes > PhotoGate.coefficientBudgetBytes {
                    broken(
                        "\(what) let through \(passed.width)×\(passed.height) with \(passed.coefficientBytes) bytes of coefficients"
                    )
                }
            case .failure(let refusal):
                oneLine(refusal, what, broken)
                // A header that says its size is refused only for its claim.
                if let claimed, PhotoGate.claimProblem(claimed, fileBytes: data.count, limits: limits) == nil {
                    broken("\(what) refused a claim claimProblem lets through: \(refusal)")
                }
            }
            checks.append(checked)
        }
        // Tighter limits refuse more, never less, and only for size; a refusal not for size
        // does not depend on them.
        switch (checks[0], checks[1]) {
        case (.failure, .success):
            broken("a photo refused under the default limits is let through under tighter ones")
        case (.success, .failure(let tight)) where !tight.isOverLimits:
            broken(
                "a photo let through under the default limits is refused under tighter ones, not for its size: \(tight)"
            )
        case (.failure(let loose), .failure(let tight))
        where !loose.isOverLimits && loose.description != tight.description:
            broken("a refusal not for size changes with the limits: \(loose) / \(tight)")
        default:
            break
        }

        probe(data, slice: slice, name: name, claimed: claimed, checks: checks, broken)
    }
    // TGA is told only by its name, and only where nothing else is.
    switch (kinds[names[0]]!, kinds[names[1]]!) {
    case (.success(let neutral), let tga) where !same(tga, .success(neutral)):
        broken("a \(neutral) named x.tga is identified as \(tga)")
    case (.failure, .success(let tga)) where tga != .tga:
        broken("identify says \(tga) only when the file is named x.tga")
    default:
        break
    }

    throughDescriptor(data, claimed: PhotoHeader.dimensions(of: data, named: names[0]), broken)

    // The thumbnail cache's walk over a PNG's chunks.
    let text = ThumbnailPNG.text(in: data)
    if text != ThumbnailPNG.text(in: data) { broken("ThumbnailPNG.text twice gave two answers") }
    if text != ThumbnailPNG.text(in: slice) { broken("ThumbnailPNG.text of a slice is not that of the bytes") }
    if (text == nil) != !data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
        broken("ThumbnailPNG.text is nil for a PNG, or not nil for another file")
    }
    if let text, text.count > count / 12 { broken("ThumbnailPNG.text found \(text.count) chunks in \(count) bytes") }

    // The cache's stored rows, read in the window's own process: the size is the header's,
    // within the largest side, the pixels the same in both layouts but for red and blue, and
    // what is read is written back the same.
    if let read = StoredPNG.read(data, largestSide: 256, as: .rgba) {
        let pixels = read.pixels
        if pixels.width > 256 || pixels.height > 256 || pixels.width < 1 || pixels.height < 1 {
            broken("StoredPNG.read gave \(pixels.width)×\(pixels.height) within 256")
        }
        guard let other = StoredPNG.read(slice, largestSide: 256, as: .argb) else {
            broken("StoredPNG.read of a slice is not that of the bytes")
        }
        for at in stride(from: 0, to: pixels.count, by: 4)
        where pixels.bytes[at] != other.pixels.bytes[at + 2] || pixels.bytes[at + 3] != other.pixels.bytes[at + 3] {
            broken("StoredPNG.read's two layouts differ at byte \(at)")
        }
        let again = StoredPNG.read(ThumbnailPNG.encode(pixels, text: []), largestSide: 256, as: .rgba)
        if again.map({ memcmp($0.pixels.bytes, pixels.bytes, pixels.count) != 0 }) ?? true {
            broken("StoredPNG.read does not read back what ThumbnailPNG.encode wrote of it")
        }
    }
    return 0
}

/// A HEIF's primary image as its boxes say: the size the gate has, and no grid past the bounds;
/// a refusal only where the gate has no size either.
private func heifPrimary(
    _ data: Data, _ kind: ImageKind, claimed: PhotoHeader.Dimensions?, _ broken: (String) -> Never
) {
    var bytes = HeaderBytes(head: data)
    switch HEIFHeader.primary(kind, &bytes) {
    case .success(let primary):
        if primary.tiles > HEIFHeader.maximumTiles || primary.largestTile?.pixels ?? 0 > HEIFHeader.largestTilePixels {
            broken(
                "HEIFHeader let through \(primary.tiles) tiles, the largest \(String(describing: primary.largestTile))")
        }
        if let claimed, [claimed.width, claimed.height] != [primary.upright.width, primary.upright.height] {
            broken("dimensions says \(claimed.width)×\(claimed.height) where HEIFHeader says \(primary.upright)")
        }
    case .failure(let refusal):
        oneLine(refusal, "HEIFHeader.primary", broken)
        if claimed != nil { broken("dimensions gave a size where HEIFHeader refuses: \(refusal)") }
    }
}

/// A JPEG XL's header as its codestream says: the size and orientation the gate has; a
/// refusal, in one line, only where the gate has no size either.
private func jxlHeader(_ data: Data, claimed: PhotoHeader.Dimensions?, _ broken: (String) -> Never) {
    var bytes = HeaderBytes(head: data)
    switch JXLHeader.header(&bytes) {
    case .success(let header):
        if let claimed,
            [claimed.width, claimed.height] != [header.width, header.height]
                || claimed.orientation != header.orientation
        {
            broken("dimensions says \(claimed) where JXLHeader says \(header)")
        }
    case .failure(let refusal):
        oneLine(refusal, "JXLHeader.header", broken)
        if claimed != nil { broken("dimensions gave a size where JXLHeader refuses: \(refusal)") }
    }
}

/// The probe of `data` as the head of a file of its size, against what the gate said of it.
private func probe(
    _ data: Data, slice: Data, name: String, claimed: PhotoHeader.Dimensions?,
    checks: [Result<PhotoHeader.Dimensions, DecodeFailure>], _ broken: (String) -> Never
) {
    // The EXIF reader reads every input, whatever the gate says of it.
    let exif = PhotoExif(bytes: data)
    if exif != PhotoExif(bytes: data) { broken("PhotoExif twice gave two readings") }
    if exif != PhotoExif(bytes: slice) { broken("PhotoExif of a slice is not that of the bytes") }
    // A JPEG's or a WebP's colour profile, put together from its pieces and checked: the same from a
    // slice, never larger than read, and the same again once embedded in another JPEG.
    let profile = ICCProfile.inJPEG(data)
    if profile != ICCProfile.inJPEG(slice) { broken("ICCProfile.inJPEG of a slice is not that of the bytes") }
    let webProfile = ICCProfile.inWebP(data)
    if webProfile != ICCProfile.inWebP(slice) { broken("ICCProfile.inWebP of a slice is not that of the bytes") }
    for found in [profile, webProfile, ICCProfile(data)].compactMap({ $0 }) {
        if found.bytes.count > ICCProfile.largestBytes { broken("a profile of \(found.bytes.count) bytes was read") }
        if ICCProfile.inJPEG(found.embedded(in: Data([0xFF, 0xD8, 0xFF, 0xD9]))) != found {
            broken("a profile embedded again reads as another")
        }
    }
    let contentHash = ContentHash.ofHead(data.prefix(ContentHash.headBytes), fileBytes: data.count)
    for (limits, checked) in zip(limitSets, checks) {
        let what = "probe(named: \(name), maximumMegapixels: \(limits.maximumMegapixels))"
        let probed = PhotoProbe.probe(
            head: data, name: name, fileBytes: data.count, modified: 0, limits: limits, keepingPreview: true)
        if !same(
            probed,
            PhotoProbe.probe(
                head: data, name: name, fileBytes: data.count, modified: 0, limits: limits, keepingPreview: true))
        {
            broken("\(what) twice gave two answers")
        }
        switch (probed, checked) {
        case (.success(let found), .success(let passed)):
            let upright =
                found.orientation.swapsAxes
                ? PixelBox(width: passed.height, height: passed.width)
                : PixelBox(width: passed.width, height: passed.height)
            if found.uprightSize != upright {
                broken(
                    "\(what) says \(found.uprightSize) for a \(passed.width)×\(passed.height) turned \(found.orientation)"
                )
            }
            // A JPEG XL says how it turns in its codestream, not in EXIF.
            if passed.kind == .jxl, found.orientation != passed.orientation {
                broken(
                    "\(what) says \(found.orientation) where JXLHeader says \(String(describing: passed.orientation))")
            } else if passed.kind != .jxl, found.orientation != exif.orientation {
                broken("\(what) says \(found.orientation) where PhotoExif says \(exif.orientation)")
            }
            if found.isCMYK != passed.isCMYK { broken("\(what) and check disagree on CMYK") }
            if found.contentHash != contentHash { broken("\(what) hashed something else") }
            if (found.preview == nil) != (found.previewSize == nil) {
                broken("\(what) kept a preview without its size, or a size without its preview")
            }
            if let size = found.previewSize {
                if size.pixels > PhotoGate.previewMaximumPixels || !PhotoProbe.sameShape(size, found.uprightSize) {
                    broken("\(what) took a \(size) preview for a \(found.uprightSize) photo")
                }
                guard let preview = found.preview, let previewClaim = PhotoHeader.dimensions(of: preview),
                    previewClaim.kind == .jpeg,
                    PhotoGate.claimProblem(previewClaim, fileBytes: preview.count, limits: limits) == nil
                else {
                    broken("\(what) kept a preview the gate does not let through")
                }
            }
        case (.failure(let a), .failure(let b))
        where a.description == b.description && a.isOverLimits == b.isOverLimits:
            break
        default:
            broken("\(what) says \(probed) where check says \(checked)")
        }
    }
}

/// A file whose head in hand is only its first 64 bytes (all `identify` looks at), the rest
/// read through its descriptor, as `PhotoProbe` reads a header past its head (a TIFF's
/// directory at the end, a JPEG's frame after its EXIF). The claim is the one the whole bytes
/// make, but where the parser reads the head alone (GIF, PNM) or runs out of reads past it.
private func throughDescriptor(_ data: Data, claimed whole: PhotoHeader.Dimensions?, _ broken: (String) -> Never) {
    guard !data.isEmpty, let file = scratch.holding(data) else { return }
    let head = data.prefix(64)
    guard case .success(let kind) = ImageKind.identify(head, named: names[0]) else { return }
    var bytes = HeaderBytes(head: head, file: file)
    let claimed = PhotoHeader.dimensions(kind, &bytes)
    if let claimed { inRange(claimed, "dimensions through a descriptor", broken) }
    let differs =
        "the \(kind) claim through a descriptor, \(String(describing: claimed)), is not the whole bytes' \(String(describing: whole))"
    switch kind {
    case .png, .bmp, .webp, .qoi, .pcx, .tga, .heic, .avif, .jxl:
        // Fixed places, a few reads each; a HEIF's or JPEG XL's top level a few reads a box,
        // a HEIF's `meta` one.
        if claimed != whole { broken(differs) }
    case .jpeg:
        // A walk that runs out of reads past the head says nothing; one that does not finds the same frame.
        if claimed != nil, claimed != whole { broken(differs) }
    case .tiff, .gif:
        // A TIFF walk out of reads stops where it is, a GIF walk at the head's end: the image
        // shown is the same, and no more pixels are counted than the whole walk counts (fewer
        // may be; ScaledDecoder checks the whole file again before it decodes).
        if let claimed, let whole,
            claimed.width != whole.width || claimed.height != whole.height
                || claimed.decodedPixels > whole.decodedPixels
        {
            broken(differs)
        }
    case .pnm:
        // Decimal sides cut off by the head's end: anything the parser can say.
        break
    }
    _ = PhotoProbe.probe(
        head: head, file: file, name: names[0], fileBytes: file.bytes, modified: file.modified, keepingPreview: true)

    // The EXIF read from the file: its first step, then the rest of a segment that goes on past
    // it. Where the first step holds enough of the segment to say something, it is all read.
    if PhotoExif(bytes: data.prefix(PhotoExif.readStep)) != PhotoExif(),
        PhotoExif(file: scratch.path) != PhotoExif(bytes: data)
    {
        broken(
            "PhotoExif(file:) reads \(String(describing: PhotoExif(file: scratch.path))) where the whole bytes say \(PhotoExif(bytes: data))"
        )
    }
}

/// One file, unlinked at once, that each input is written into and opened again through
/// /proc/self/fd as a path, so `UntrustedFile` checks and reads it as it does a photo.
private let scratch = Scratch()

private final class Scratch {
    let descriptor: Int32

    init() {
        var template = Array((NSTemporaryDirectory() + "/image-fuzzer.XXXXXX").utf8CString)
        descriptor = mkstemp(&template)
        if descriptor >= 0 { unlink(template) }
    }

    var path: String { "/proc/self/fd/\(descriptor)" }

    func holding(_ data: Data) -> UntrustedFile? {
        guard descriptor >= 0, ftruncate(descriptor, 0) == 0 else { return nil }
        let written = data.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        guard written == data.count, case .success(let file) = UntrustedFile.open(path, maximumBytes: .max) else {
            return nil
        }
        return file
    }
}

private func inRange(_ claimed: PhotoHeader.Dimensions, _ what: String, _ broken: (String) -> Never) {
    let sides = 1...PhotoHeader.largestSide
    if !sides.contains(claimed.width) || !sides.contains(claimed.height) {
        broken("\(what) claims \(claimed.width)×\(claimed.height)")
    }
    if claimed.decodedPixels < 1 || claimed.fewestDecodedPixels < 1 || claimed.leastFileBytes < 0 {
        broken("\(what) claims \(claimed)")
    }
}

/// Not empty, and nothing a terminal or an editor may start a new line at: a refusal is one
/// line of the library's log.
private func oneLine(_ refusal: DecodeFailure, _ what: String, _ broken: (String) -> Never) {
    let message = refusal.description
    if message.isEmpty
        || message.unicodeScalars.contains(where: {
            ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains($0)
        })
    {
        broken("\(what) refused with a message that is empty or not one line: \(message.debugDescription)")
    }
}

private func same<T: Equatable>(_ a: Result<T, DecodeFailure>, _ b: Result<T, DecodeFailure>) -> Bool {
    switch (a, b) {
    case (.success(let x), .success(let y)): return x == y
    case (.failure(let x), .failure(let y)): return x.description == y.description && x.isOverLimits == y.isOverLimits
    default: return false
    }
}

private func hex(_ bytes: Data) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
}
