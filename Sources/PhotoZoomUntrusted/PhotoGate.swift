import Foundation
import PhotoZoomCore

/// The one way a photo's bytes come in: opened once (`UntrustedFile`), told apart by their
/// content (`ImageKind`), and sized by their own header (`PhotoHeader`) before a decoder is
/// handed them, so no claim over the limits reaches one.
public enum PhotoGate {
    /// The most bytes a progressive or arithmetic-coded JPEG's decoder may keep for the whole
    /// image's coefficients (`LibraryLimits.coefficientBudgetMiB`, counted in a loader's memory).
    public static let coefficientBudgetBytes = LibraryLimits.coefficientBudgetMiB << 20
    /// The most pixels an embedded preview may claim: a preview is for a grid cell, and one
    /// claiming more is no preview (a 368-byte arithmetic-coded one claiming 100 MP).
    public static let previewMaximumPixels = 4_000_000

    /// `limits` for an embedded preview: `previewMaximumPixels` at most.
    public static func previewLimits(_ limits: LibraryLimits) -> LibraryLimits {
        var preview = limits
        preview.maximumMegapixels = min(limits.maximumMegapixels, Double(previewMaximumPixels) / 1e6)
        return preview
    }

    /// The photo at `file`, opened if it is a regular file no larger than a photo may be.
    public static func open(_ file: URL, limits: LibraryLimits = LibraryLimits()) -> Result<
        UntrustedFile, DecodeFailure
    > {
        UntrustedFile.open(file.path, maximumBytes: limits.maximumFileBytes, limitName: "library.maximumFileMiB")
    }

    /// The photo's bytes, read from the descriptor `open` checked.
    public static func read(_ file: URL, limits: LibraryLimits = LibraryLimits()) -> Result<Data, DecodeFailure> {
        open(file, limits: limits).flatMap { $0.readAll() }
    }

    /// What a whole file's bytes are and claim, or why no decoder may be given them: not a photo
    /// format, a header that does not say its size, or a claim over the limits.
    public static func check(_ data: Data, named name: String = "", limits: LibraryLimits = LibraryLimits()) -> Result<
        PhotoHeader.Dimensions, DecodeFailure
    > {
        ImageKind.identify(data, named: name).flatMap { kind in
            var bytes = HeaderBytes(head: data)
            guard let claimed = PhotoHeader.dimensions(kind, &bytes) else {
                return .failure(.refused(PhotoHeader.unsized(kind, &bytes)))
            }
            return claimProblem(claimed, fileBytes: data.count, limits: limits).map { .failure($0) }
                ?? .success(claimed)
        }
    }

    /// Why the pixels a header claims are too many to decode, if they are: a JPEG that can be
    /// decoded at a fraction of its size within the limit is decoded so, never whole. A claim
    /// more than a file of `fileBytes` could hold (a 694-byte JPEG claiming 30000×30000) is
    /// refused before its decoder allocates for it.
    public static func claimProblem(
        _ claimed: PhotoHeader.Dimensions, fileBytes: Int, limits: LibraryLimits = LibraryLimits()
    ) -> DecodeFailure? {
        let size = "\(claimed.width)×\(claimed.height)"
        if fileBytes < claimed.leastFileBytes {
            return .refused("its header claims \(size) pixels, more than its \(fileBytes) bytes could hold")
        }
        if claimed.fewestDecodedPixels > limits.maximumPixels {
            let megapixels = String(format: "%.0f megapixels", Double(claimed.decodedPixels) / 1e6)
            let claim =
                claimed.decodedPixels > claimed.pixels
                ? "its header claims \(size) pixels but a frame of \(megapixels)"
                : "its header claims \(size) pixels, \(megapixels)"
            return .overLimits(
                "\(claim); "
                    + "a photo may have \(TuningFile.number(limits.maximumMegapixels)) (library.maximumMegapixels)")
        }
        if claimed.coefficientBytes > coefficientBudgetBytes {
            return .overLimits(
                "its header claims \(size) pixels, progressive or arithmetic-coded: "
                    + "\(claimed.coefficientBytes >> 20) MiB of coefficients, over the \(coefficientBudgetBytes >> 20) MiB a decoder may keep"
            )
        }
        return nil
    }
}
