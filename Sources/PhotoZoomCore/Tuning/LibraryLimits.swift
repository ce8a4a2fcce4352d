/// What the window may spend on a photo library: memory for photo textures, and how large a
/// photo it will decode. Not the sim's: nothing a tick decides depends on them, so they are
/// neither in `Tuning` nor in a recording (a photo refused by them reaches the sim, and a
/// recording, as a placeholder's size).
public struct LibraryLimits: Hashable, Sendable, Codable {
    /// The photo textures' memory budget; past it the least recently drawn are let go. A save
    /// applies at once. MiB.
    public var textureBudgetMiB: Double
    /// The most pixels a photo may be decoded at. A larger JPEG that libjpeg-turbo can decode
    /// at a fraction of its size within this is decoded downscaled; anything else is a
    /// placeholder. Read when the window opens. Megapixels.
    public var maximumMegapixels: Double
    /// The largest file read as a photo (a decode reads the whole file first). Read when the
    /// window opens. MiB.
    public var maximumFileMiB: Double

    /// The memory a loader process may map for decoding, past what it has when it starts; a
    /// decode that needs more fails there, never in the window. Never less than
    /// `loaderMemoryNeededMiB`: a tuning file that sets it lower is told so and raised. Read when
    /// the window opens. MiB.
    public var loaderMemoryMiB: Double
    /// The CPU time (user and system) a loader may spend on one photo before it is stopped and
    /// the photo tried again, a few times at most before it is a placeholder; time it waits
    /// for a core does not count. Read when the window opens. Seconds.
    public var loaderSeconds: Double

    public init(
        textureBudgetMiB: Double = 256, maximumMegapixels: Double = 100, maximumFileMiB: Double = 256,
        loaderMemoryMiB: Double = 1152,
        loaderSeconds: Double = 2
    ) {
        self.textureBudgetMiB = textureBudgetMiB
        self.maximumMegapixels = maximumMegapixels
        self.maximumFileMiB = maximumFileMiB
        self.loaderMemoryMiB = loaderMemoryMiB
        self.loaderSeconds = loaderSeconds
    }

    public var textureBudgetBytes: Int { Int(textureBudgetMiB * 1_048_576) }
    public var maximumPixels: Int { Int(maximumMegapixels * 1_000_000) }
    public var maximumFileBytes: Int { Int(maximumFileMiB * 1_048_576) }

    /// The most a progressive or arithmetic-coded JPEG's decoder may keep for the whole image's
    /// coefficients. Not scaled with the pixel limit: a JPEG decoded at an eighth of its size still
    /// needs every one of them.
    public static let coefficientBudgetMiB = 256
    /// What a loader's decode holds at once, beyond the file and the pixels: its libraries'
    /// own state, the memory file it answers in (kept at 16 MiB), the heap's slack.
    public static let loaderOverheadMiB = 64.0

    /// The least memory a loader needs to decode every photo the other limits let through, in
    /// whole MiB: the file's bytes (it holds them all), the photo's RGBA pixels, and as much
    /// again for the copies made from them (halved, stretched, turned) or, if more, a JPEG's
    /// coefficients, and `loaderOverheadMiB`.
    public var loaderMemoryNeededMiB: Double {
        let pixelsMiB = Double(maximumPixels) * 4 / 1_048_576
        return (maximumFileMiB + pixelsMiB + max(pixelsMiB, Double(Self.coefficientBudgetMiB)) + Self.loaderOverheadMiB)
            .rounded(.up)
    }
}
