import Foundation
import PhotoZoomTestSupport
import XCTest

/// What a decoder prints itself (libpng's warnings) reaches the person as one of PhotoZoom's own
/// lines, naming the file, and not at all when the loader's standard error is dropped.
final class DecoderNotesTests: PhotozoomCLITestCase {
    func testLibpngsWarningIsLoggedWithThePrefixAndTheFilesName() throws {
        let folder = try temporaryFolder()
        try Self.pngWithBadTextChecksum().write(to: folder.appendingPathComponent("warns.png"))
        try FileManager.default.copyItem(
            at: PackagePaths.root.appendingPathComponent("assets/photos/coffee.jpg"),
            to: folder.appendingPathComponent("coffee.jpg"))
        let out = folder.appendingPathComponent("grid.png")
        let r = try photozoom(
            ["snapshot", "--photos", folder.path, "--out", out.path, "--size", "300x300"],
            env: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.errorLines, ["photozoom: warns.png: libpng warning: tEXt: CRC error"])
    }

    /// An 8×8 PNG whose tEXt chunk's checksum is wrong: libpng drops the chunk, decodes the rest,
    /// and prints a warning.
    static func pngWithBadTextChecksum() -> Data {
        func chunk(_ type: String, _ body: [UInt8], crc: UInt32? = nil) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return be32(UInt32(body.count)) + typed + be32(crc ?? crc32(typed))
        }
        let row: [UInt8] = [0] + Array(repeating: [200, 100, 50] as [UInt8], count: 8).flatMap { $0 }
        let rows = Array(repeating: row, count: 8).flatMap { $0 }
        let header = be32(8) + be32(8) + [8, 2, 0, 0, 0]
        return Data(
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
                + chunk("tEXt", Array("Comment\0hi".utf8), crc: 0)
                + chunk("IDAT", stored(rows)) + chunk("IEND", []))
    }

    private static func be32(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }

    /// A zlib stream holding `bytes` in one stored (uncompressed) block.
    private static func stored(_ bytes: [UInt8]) -> [UInt8] {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let n = UInt16(bytes.count)
        return [0x78, 0x01, 0x01, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8)] + bytes
            + be32(b << 16 | a)
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
