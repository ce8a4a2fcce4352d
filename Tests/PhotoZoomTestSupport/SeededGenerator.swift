import Foundation

/// The random numbers of every randomised test: SplitMix64 from a known seed, so a failure
/// replays exactly. Each test names a fixed seed; `PHOTOZOOM_TEST_SEED` (decimal or 0x-hex)
/// overrides it to explore others. Put `description` in every assertion message, so a
/// failure says which seed to replay.
public struct SeededGenerator: RandomNumberGenerator, CustomStringConvertible {
    public struct BadSeed: Error, CustomStringConvertible {
        public let value: String
        public var description: String {
            "PHOTOZOOM_TEST_SEED=\(value) is not a seed; give a whole number from 0 to 2^64 - 1, decimal or 0x-hex"
        }
    }

    public let seed: UInt64
    private var state: UInt64

    private init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// Seeded from PHOTOZOOM_TEST_SEED when it is set, otherwise from `fixedSeed`.
    public init(fixedSeed: UInt64) throws {
        guard let text = ProcessInfo.processInfo.environment["PHOTOZOOM_TEST_SEED"] else {
            self.init(seed: fixedSeed)
            return
        }
        let hex = text.lowercased().hasPrefix("0x")
        guard let seed = hex ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text) else { throw BadSeed(value: text) }
        self.init(seed: seed)
    }

    public var description: String { "seed \(seed) (replay with PHOTOZOOM_TEST_SEED=\(seed))" }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
