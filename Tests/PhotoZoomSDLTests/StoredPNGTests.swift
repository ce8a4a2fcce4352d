import Foundation
import PhotoZoomLibrary
import PhotoZoomLoader
import PhotoZoomLoaderInterface
import PhotoZoomTestSupport
import XCTest

/// The cache's thumbnails as this program writes them: deflate's stored blocks, read back in
/// the window's own process by copying rows. Held against ImageMagick, which reads them as any
/// PNG, and against every single-byte change and cut of a written file.
final class StoredPNGTests: XCTestCase {
    /// A picture of `width`×`height` whose every byte differs from its neighbours', its alpha
    /// varying where `translucent`.
    func picture(width: Int, height: Int, layout: PixelLayout = .rgba, translucent: Bool = false) throws -> PixelBuffer
    {
        let pixels = try PixelBuffer.make(width: width, height: height, layout: layout).get()
        var generator = try SeededGenerator(fixedSeed: UInt64(width * 31 + height))
        for at in 0..<pixels.count { pixels.bytes[at] = UInt8.random(in: 0...255, using: &generator) }
        if !translucent { for at in stride(from: 3, to: pixels.count, by: 4) { pixels.bytes[at] = 255 } }
        return pixels
    }

    func bytes(_ pixels: PixelBuffer) -> [UInt8] {
        Array(UnsafeBufferPointer(start: pixels.bytes, count: pixels.count))
    }

    /// `pixels` with red and blue exchanged: the other layout's bytes.
    func swapped(_ pixels: [UInt8]) -> [UInt8] {
        var out = pixels
        for at in stride(from: 0, to: out.count, by: 4) { out.swapAt(at, at + 2) }
        return out
    }

    /// What ImageMagick reads of `png`: its size and its RGBA bytes.
    func magick(_ png: Data) throws -> (size: String, rgba: [UInt8]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-stored-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.png")
        try png.write(to: file)
        let size = try tool("/usr/bin/identify", ["-format", "%wx%h", file.path]).stdout
        _ = try tool(
            "/usr/bin/convert", [file.path, "-depth", "8", "rgba:" + folder.appendingPathComponent("a.rgba").path])
        return (size, [UInt8](try Data(contentsOf: folder.appendingPathComponent("a.rgba"))))
    }

    /// `program` run to its end, which must be a success; the test is skipped without it.
    func tool(_ program: String, _ arguments: [String]) throws -> ChildProcess.Outcome {
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw XCTSkip("no \(program) (scripts/setup.sh --test installs it)")
        }
        let outcome = try ChildProcess.run(
            URL(fileURLWithPath: program), arguments, environment: ProcessInfo.processInfo.environment, timeout: 60)
        XCTAssertEqual(outcome.status, 0, "\(program) \(arguments): \(outcome.stderr)")
        return outcome
    }

    /// A thumbnail's size (over one stored block of rows) and a tiny one go through the PNG and
    /// back unchanged in either layout, with their mean and opacity as a loader reports them,
    /// and ImageMagick reads the same pixels from the same file.
    func testAWrittenThumbnailReadsBackAsImageMagickReadsIt() throws {
        for (width, height, translucent) in [(256, 192, false), (3, 2, true), (1, 1, false), (192, 256, true)] {
            for layout in [PixelLayout.rgba, .argb] {
                let made = try picture(width: width, height: height, layout: layout, translucent: translucent)
                let rgba = layout == .rgba ? bytes(made) : swapped(bytes(made))
                // Latin-1 past ASCII too, which another program's text may hold.
                let text = [
                    PNGText(keyword: "Thumb::URI", text: "file:///a.jpg"), PNGText(keyword: "Title", text: "Café ½ Ø"),
                ]
                let png = ThumbnailPNG.encode(made, text: text)
                XCTAssertEqual(ThumbnailPNG.text(in: png), text)
                let seen = try magick(png)
                XCTAssertEqual(seen.size, "\(width)x\(height)")
                XCTAssertEqual(seen.rgba, rgba, "ImageMagick reads other pixels than were written (\(layout))")
                for wanted in [PixelLayout.rgba, .argb] {
                    let read = try XCTUnwrap(StoredPNG.read(png, largestSide: 256, as: wanted), "\(width)×\(height)")
                    XCTAssertEqual(read.pixels.layout, wanted)
                    XCTAssertEqual(bytes(read.pixels), wanted == .rgba ? rgba : swapped(rgba))
                    let count = Double(width * height)
                    let mean = (0..<4).map { channel in
                        UInt8(
                            (Double(stride(from: channel, to: rgba.count, by: 4).reduce(0) { $0 + Int(rgba[$1]) })
                                / count).rounded())
                    }
                    XCTAssertEqual(
                        [
                            read.summary.average.r, read.summary.average.g, read.summary.average.b,
                            read.summary.average.a,
                        ],
                        mean)
                    XCTAssertEqual(read.summary.isOpaque, !translucent)
                }
                XCTAssertNil(
                    StoredPNG.read(png, largestSide: max(width, height) - 1, as: .rgba), "over the largest side")
            }
        }
    }

    /// The IDAT chunk cut in three, as another writer may, reads the same; a row filtered, a
    /// stream deflated (what libpng and every other program write) or one cut short is not read
    /// here, and is a loader's to decode.
    func testOnlyStoredUnfilteredRowsAreReadHere() throws {
        let made = try picture(width: 40, height: 30)
        let png = [UInt8](ThumbnailPNG.encode(made, text: []))
        let chunks = try self.chunks(png)
        let data = try XCTUnwrap(chunks.first { $0.type == "IDAT" }).body
        let split =
            chunk("IHDR", try XCTUnwrap(chunks.first { $0.type == "IHDR" }).body)
            + chunk("IDAT", Array(data[0..<7])) + chunk("IDAT", Array(data[7..<2000]))
            + chunk("IDAT", Array(data[2000...]))
            + chunk("IEND", [])
        XCTAssertEqual(
            StoredPNG.read(Data(signature + split), largestSide: 256, as: .rgba).map { bytes($0.pixels) }, bytes(made))
        // A chunk between two IDATs: not one stream.
        let apart =
            chunk("IHDR", try XCTUnwrap(chunks.first { $0.type == "IHDR" }).body)
            + chunk("IDAT", Array(data[0..<2000])) + chunk("tEXt", Array("a\u{0}b".utf8))
            + chunk("IDAT", Array(data[2000...]))
            + chunk("IEND", [])
        XCTAssertNil(StoredPNG.read(Data(signature + apart), largestSide: 256, as: .rgba))

        let rows = rawRows(of: data)
        var filtered = rows
        filtered[0] = 1
        XCTAssertNil(read(withRows: filtered, chunks), "a filtered row")
        XCTAssertNotNil(read(withRows: rows, chunks), "the same rows unfiltered")
        let deflated = try zlibDeflated(rows)
        XCTAssertNil(read(stream: deflated, chunks), "a deflated stream")
        XCTAssertNil(read(stream: Array(data.dropLast(5)) + Array(data.suffix(4)), chunks), "a stream cut short")
    }

    /// Every byte of a written thumbnail changed (each bit of it flipped in turn, and set to 0
    /// and 255), and every cut: each is read as the same pixels (a change the pixels do not
    /// depend on, such as a chunk's CRC or its text) or not at all. Never other pixels, never
    /// a trap.
    func testEveryChangeOrCutOfAThumbnailIsReadRightOrNotAtAll() throws {
        let made = try picture(width: 7, height: 5, translucent: true)
        let png = [UInt8](ThumbnailPNG.encode(made, text: [PNGText(keyword: "Thumb::MTime", text: "1")]))
        let expected = bytes(made)
        var readAlike = 0
        var refused = 0
        func check(_ changed: [UInt8], _ what: String) {
            guard let read = StoredPNG.read(Data(changed), largestSide: 256, as: .rgba) else {
                refused += 1
                return
            }
            readAlike += 1
            XCTAssertEqual(bytes(read.pixels), expected, "\(what) read as other pixels")
        }
        for at in png.indices {
            for value in (0..<8).map({ png[at] ^ UInt8(1 << $0) }) + [0, 255] where value != png[at] {
                var changed = png
                changed[at] = value
                check(changed, "byte \(at) set to \(value)")
            }
        }
        for length in 0..<png.count { check(Array(png.prefix(length)), "cut at \(length)") }
        XCTAssertGreaterThan(refused, 0)
        XCTAssertGreaterThan(readAlike, 0, "the CRCs and text are not what the pixels depend on")
    }

    // MARK: - Building PNGs by hand

    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    struct Chunk {
        let type: String
        let body: [UInt8]
    }

    func chunks(_ png: [UInt8]) throws -> [Chunk] {
        var found: [Chunk] = []
        var at = 8
        while at + 12 <= png.count {
            let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            found.append(
                Chunk(
                    type: String(decoding: png[at + 4..<at + 8], as: UTF8.self),
                    body: Array(png[at + 8..<at + 8 + length])))
            at += 12 + length
        }
        return found
    }

    func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in typed {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return bigEndian(UInt32(body.count)) + typed + bigEndian(~crc)
    }

    func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (24 - 8 * $0) & 0xFF) } }

    /// zlib's checksum of `bytes` (RFC 1950).
    func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    /// The rows a zlib stream of stored blocks holds.
    func rawRows(of stream: [UInt8]) -> [UInt8] {
        var rows: [UInt8] = []
        var at = 2
        while true {
            let final = stream[at] & 1 == 1
            let length = Int(stream[at + 1]) | Int(stream[at + 2]) << 8
            rows += stream[at + 5..<at + 5 + length]
            at += 5 + length
            if final { return rows }
        }
    }

    /// A zlib stream of one stored block of `rows`, with its right checksum.
    func storedStream(_ rows: [UInt8]) -> [UInt8] {
        precondition(rows.count <= 65_535)
        let length = rows.count
        return [
            0x78, 0x01, 1, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF),
            UInt8((~length >> 8) & 0xFF),
        ]
            + rows + bigEndian(adler32(rows))
    }

    func read(withRows rows: [UInt8], _ chunks: [Chunk]) -> StoredPNG.Picture? {
        read(stream: storedStream(rows), chunks)
    }

    func read(stream: [UInt8], _ chunks: [Chunk]) -> StoredPNG.Picture? {
        let header = chunks.first { $0.type == "IHDR" }!.body
        let png = signature + chunk("IHDR", header) + chunk("IDAT", stream) + chunk("IEND", [])
        return StoredPNG.read(Data(png), largestSide: 256, as: .rgba)
    }

    /// `rows` deflated by zlib at its default level, as every other PNG writer deflates them.
    func zlibDeflated(_ rows: [UInt8]) throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-rows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(rows).write(to: folder.appendingPathComponent("rows"))
        _ = try tool(
            "/usr/bin/python3",
            [
                "-c",
                "import sys, zlib; open(sys.argv[2], 'wb').write(zlib.compress(open(sys.argv[1], 'rb').read(), 6))",
                folder.appendingPathComponent("rows").path, folder.appendingPathComponent("deflated").path,
            ])
        return [UInt8](try Data(contentsOf: folder.appendingPathComponent("deflated")))
    }
}
