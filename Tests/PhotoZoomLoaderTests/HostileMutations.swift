import PhotoZoomTestSupport

/// A valid file made hostile for a decoder's property test: a few bytes flipped, a run of
/// bytes inserted, or the file cut short, as a damaged or crafted file would be.
enum HostileMutations {
    static func mutate(_ file: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        var bytes = file
        for _ in 0...Int.random(in: 0...2, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5 where !bytes.isEmpty:
                // Headers are where a flip does the most: aim half of them at the first 64 bytes.
                let reach = Bool.random(using: &random) ? min(64, bytes.count) : bytes.count
                let at = Int.random(in: 0..<reach, using: &random)
                bytes[at] = Bool.random(using: &random) ? UInt8.random(in: 0...255, using: &random) : ~bytes[at]
            case 5..<7:
                let at = Int.random(in: 0...bytes.count, using: &random)
                let run = (0..<Int.random(in: 1...16, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }
                bytes.insert(contentsOf: run, at: at)
            case 7..<9 where !bytes.isEmpty:
                bytes.removeLast(Int.random(in: 1...bytes.count, using: &random))
            default:
                // A large number where a size or offset may sit.
                guard bytes.count >= 4 else { break }
                let at = Int.random(in: 0...min(60, bytes.count - 4), using: &random)
                bytes.replaceSubrange(
                    at..<at + 4, with: [0xFF, 0xFF, 0xFF, UInt8.random(in: 0x7F...0xFF, using: &random)])
            }
        }
        return bytes
    }
}
