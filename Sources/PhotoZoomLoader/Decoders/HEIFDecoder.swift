import CHeif
import Foundation
import PhotoZoomCore
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// HEIC and AVIF, read by libheif from the bytes in memory (HEVC through libde265, AV1 through
/// dav1d, each on the loader's one thread: Sources/CHeif/shim.h): the primary image, turned and mirrored by libheif as its `irot` and `imir`
/// say (once: a HEIF's EXIF orientation is never applied), as 8-bit RGBA whatever its depth.
/// Where the image carries a thumbnail that covers what is asked for, the thumbnail is decoded
/// instead, as a JPEG's EXIF preview is for a cell. Gain maps, depth and other auxiliary images
/// are left alone. Its colours come with their profile for the loader to convert (`colours(of:)`);
/// an HDR image (PQ or HLG) is decoded at 16 bits and tone mapped to sRGB here (`HDRToneMapping`).
enum HEIFDecoder {
    /// Pixels as decoded, before they are shrunk the rest of the way.
    struct Decoded {
        let pixels: PixelBuffer
        /// The whole primary image's size, upright.
        let fullSize: PixelBox
        /// The colours the pixels are in, where not sRGB.
        let profile: ICCProfile?
    }

    /// libheif with its decoders replaced by ones that start no thread (`photozoom_heif_start`),
    /// once for the process.
    private static let started = photozoom_heif_start() == 0

    /// The primary image of `data` (which `claimed`, its header's size, describes), or a
    /// thumbnail of at least `target` (upright) pixels, within `maximumPixels`.
    static func decode(_ data: Data, covering target: PixelBox, claimed: PhotoHeader.Dimensions, maximumPixels: Int)
        -> Result<Decoded, DecodeFailure>
    {
        guard started, let context = heif_context_alloc() else {
            return .failure(.corrupt("libheif could not start"))
        }
        defer { heif_context_free(context) }
        // libheif reads no side larger than the header's own longest, or a tile's largest: a
        // second bound on what it allocates, behind the header's check.
        let side = max(claimed.width, claimed.height, 4096) + 1
        heif_context_set_maximum_image_size_limit(context, Int32(clamping: side))
        // Tiles decoded on this thread: a loader starts no thread once its filter is in place.
        heif_context_set_max_decoding_threads(context, 0)
        return data.withUnsafeBytes { raw -> Result<Decoded, DecodeFailure> in
            // libheif reads the bytes in place; they outlive the context.
            if let failure = failed(
                heif_context_read_from_memory_without_copy(context, raw.baseAddress, raw.count, nil), "read it")
            {
                return .failure(failure)
            }
            var primary: OpaquePointer?
            if let failure = failed(heif_context_get_primary_image_handle(context, &primary), "find its image") {
                return .failure(failure)
            }
            guard let primary else { return .failure(.corrupt("libheif found no primary image")) }
            defer { heif_image_handle_release(primary) }
            let full = PixelBox(
                width: Int(heif_image_handle_get_width(primary)), height: Int(heif_image_handle_get_height(primary)))
            guard full.width > 0, full.height > 0 else { return .failure(.corrupt("libheif read no size")) }
            // libheif's size (rotated, cropped) must be the one the header was checked for.
            guard full.pixels <= max(claimed.decodedPixels, 1), full.pixels <= maximumPixels else {
                return .failure(
                    .corrupt(
                        "libheif reads it as \(full) pixels where its header says \(claimed.width)×\(claimed.height)"))
            }
            let thumbnail = self.thumbnail(of: primary, covering: target, full: full)
            defer { thumbnail.map(heif_image_handle_release) }
            let shown = thumbnail ?? primary
            // A grid whose tiles do not fill its `ispe` decodes smaller than it says (found by
            // fuzz-decoders.sh): the size read and checked is the one shown, or nothing is.
            let said = PixelBox(
                width: Int(heif_image_handle_get_width(shown)), height: Int(heif_image_handle_get_height(shown)))
            func asSaid(_ pixels: PixelBuffer) -> Result<PixelBuffer, DecodeFailure> {
                guard pixels.width != said.width || pixels.height != said.height else { return .success(pixels) }
                return .failure(
                    .corrupt("libheif decoded \(pixels.width)×\(pixels.height) of an image it reads as \(said)"))
            }
            if let hdr = hdr(of: shown) {
                return decodeHDR(shown, hdr).flatMap(asSaid).map { Decoded(pixels: $0, fullSize: full, profile: nil) }
            }
            return decodeImage(shown).flatMap(asSaid).map {
                Decoded(pixels: $0, fullSize: full, profile: colours(of: primary))
            }
        }
    }

    /// The smallest of `primary`'s thumbnails that covers `target`, has its shape and is no
    /// larger than a preview may be (`PhotoGate.previewMaximumPixels`); nil where none does.
    private static func thumbnail(of primary: OpaquePointer, covering target: PixelBox, full: PixelBox)
        -> OpaquePointer?
    {
        let count = Int(heif_image_handle_get_number_of_thumbnails(primary))
        guard count > 0, target.width < full.width || target.height < full.height else { return nil }
        var ids = [heif_item_id](repeating: 0, count: count)
        let listed = Int(heif_image_handle_get_list_of_thumbnail_IDs(primary, &ids, Int32(count)))
        var best: (handle: OpaquePointer, size: PixelBox)?
        for id in ids.prefix(listed) {
            var handle: OpaquePointer?
            guard heif_image_handle_get_thumbnail(primary, id, &handle).code == heif_error_Ok, let handle else {
                continue
            }
            let size = PixelBox(
                width: Int(heif_image_handle_get_width(handle)), height: Int(heif_image_handle_get_height(handle)))
            let fits =
                size.width >= target.width && size.height >= target.height
                && size.pixels <= PhotoGate.previewMaximumPixels && sameShape(size, full)
            if fits, size.pixels < best?.size.pixels ?? .max {
                best.map { heif_image_handle_release($0.handle) }
                best = (handle, size)
            } else {
                heif_image_handle_release(handle)
            }
        }
        return best?.handle
    }

    /// The profile of `handle`'s colours: its ICC profile (`colr` of type `prof` or `rICC`, as
    /// an iPhone writes Display P3), else the one its `nclx` primaries and transfer describe
    /// where they are not sRGB's and are ones PhotoZoom makes a profile of (`ColourConversion`);
    /// nil for sRGB, none, or what is not read (HDR's PQ and HLG among them).
    private static func colours(of handle: OpaquePointer) -> ICCProfile? {
        let size = heif_image_handle_get_raw_color_profile_size(handle)
        if size > 0, size <= ICCProfile.largestBytes {
            var bytes = Data(count: size)
            let read = bytes.withUnsafeMutableBytes { heif_image_handle_get_raw_color_profile(handle, $0.baseAddress) }
            return read.code == heif_error_Ok ? ICCProfile(bytes) : nil
        }
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        guard heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok, let nclx else {
            return nil
        }
        defer { heif_nclx_color_profile_free(nclx) }
        return ColourConversion.profile(
            primaries: Int(nclx.pointee.color_primaries.rawValue),
            transfer: Int(nclx.pointee.transfer_characteristics.rawValue))
    }

    /// The tone mapping and primaries of `handle`'s HDR colours (its `nclx` naming PQ or HLG);
    /// nil for SDR. Primaries PhotoZoom does not know are taken for BT.2020's, HDR's own.
    private static func hdr(of handle: OpaquePointer) -> (transfer: Int, primaries: [Double])? {
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        guard heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok, let nclx else {
            return nil
        }
        defer { heif_nclx_color_profile_free(nclx) }
        let transfer = Int(nclx.pointee.transfer_characteristics.rawValue)
        guard HDRToneMapping.Transfer(rawValue: transfer) != nil else { return nil }
        let primaries = Int(nclx.pointee.color_primaries.rawValue)
        return (transfer, ColourConversion.chromaticities(primaries: primaries) ?? ColourConversion.bt2020)
    }

    /// `handle`'s HDR image decoded at 16 bits a sample and tone mapped into 8-bit sRGB RGBA.
    private static func decodeHDR(_ handle: OpaquePointer, _ hdr: (transfer: Int, primaries: [Double]))
        -> Result<PixelBuffer, DecodeFailure>
    {
        var image: OpaquePointer?
        if let failure = failed(
            heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RRGGBBAA_LE, nil),
            "decode it")
        {
            return .failure(failure)
        }
        guard let image else { return .failure(.corrupt("libheif decoded no picture")) }
        defer { heif_image_release(image) }
        let width = Int(heif_image_get_width(image, heif_channel_interleaved))
        let height = Int(heif_image_get_height(image, heif_channel_interleaved))
        let depth = Int(heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved))
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride),
            Int(stride) >= width * 8, Int(stride) % 2 == 0,
            let mapping = HDRToneMapping(transfer: hdr.transfer, depth: depth)
        else { return .failure(.corrupt("libheif decoded no 16-bit RGBA plane")) }
        return PixelBuffer.make(width: width, height: height).flatMap { pixels in
            // libheif's planes are aligned for 16-bit samples; they are read in place.
            let samples = UnsafeRawPointer(plane).assumingMemoryBound(to: UInt16.self)
            let mapped = mapping.toSRGB(
                samples, rowSamples: Int(stride) / 2, alphaTop: Float((1 << depth) - 1), primaries: hdr.primaries,
                into: pixels)
            return mapped ? .success(pixels) : .failure(.corrupt("lcms2 could not convert its HDR colours"))
        }
    }

    /// Whether two sizes have the same aspect ratio within 2 % (a thumbnail's sides are rounded).
    private static func sameShape(_ a: PixelBox, _ b: PixelBox) -> Bool {
        guard a.width > 0, a.height > 0, b.width > 0, b.height > 0 else { return false }
        return abs(Double(a.width * b.height) / Double(a.height * b.width) - 1) <= 0.02
    }

    /// `handle`'s image as 8-bit RGBA, its transformations applied, copied out of libheif's planes.
    private static func decodeImage(_ handle: OpaquePointer) -> Result<PixelBuffer, DecodeFailure> {
        var image: OpaquePointer?
        if let failure = failed(
            heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, nil), "decode it")
        {
            return .failure(failure)
        }
        guard let image else { return .failure(.corrupt("libheif decoded no picture")) }
        defer { heif_image_release(image) }
        let width = Int(heif_image_get_width(image, heif_channel_interleaved))
        let height = Int(heif_image_get_height(image, heif_channel_interleaved))
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride),
            Int(stride) >= width * 4
        else { return .failure(.corrupt("libheif decoded no RGBA plane")) }
        return PixelBuffer.make(width: width, height: height).map { pixels in
            for y in 0..<height {
                memcpy(pixels.bytes + y * pixels.pitch, plane + y * Int(stride), pixels.pitch)
            }
            return pixels
        }
    }

    /// The failure libheif's `error` says, while trying to `doing`; nil for none.
    private static func failed(_ error: heif_error, _ doing: String) -> DecodeFailure? {
        guard error.code != heif_error_Ok else { return nil }
        // libheif's messages may end in a newline, or hold several lines: a failure is one line.
        let message = (error.message.map { String(cString: $0) } ?? "").split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "; ")
        let words = "libheif could not \(doing): \(message.isEmpty ? "error \(error.code.rawValue)" : message)"
        return error.code == heif_error_Memory_allocation_error
            ? .overLimits("decoding it needs more memory than a loader may have (library.loaderMemoryMiB)")
            : .corrupt(words)
    }
}
