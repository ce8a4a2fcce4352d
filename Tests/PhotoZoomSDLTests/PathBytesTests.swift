import Foundation
import PhotoZoomSDL
import PhotoZoomTestSupport
import PhotoZoomUntrusted
import XCTest

/// Every byte string is one path string and back: names that are no UTF-8 stay apart, and
/// UTF-8 names are their own text.
final class PathBytesTests: XCTestCase {
    func testAnyBytesGoThereAndBackAndStayApart() throws {
        var random = try SeededGenerator(fixedSeed: 0x5A7B)
        // Bytes likely to make every case: ASCII, UTF-8 leads and continuations, and the
        // UTF-8 of the code points that stand for bytes (F4 8F BC/BD xx).
        let alphabet: [UInt8] = [
            0x61, 0x2F, 0x2E, 0x80, 0xBF, 0xC2, 0xC3, 0xE0, 0xED, 0xA0, 0xF0, 0xF4, 0x8F, 0xBC, 0xBD, 0xFE, 0xFF, 0x90,
        ]
        var seen: [String: [UInt8]] = [:]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...8, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let path = PathBytes.string(bytes)
            XCTAssertEqual(PathBytes.bytes(path), bytes, "\(bytes) \(random)")
            if let earlier = seen.updateValue(bytes, forKey: path) {
                XCTAssertEqual(earlier, bytes, "two names, one string: \(random)")
            }
            if let text = String(validatingUTF8: (bytes + [0]).map { CChar(bitPattern: $0) }),
                !text.unicodeScalars.contains(where: { $0.value >= 0x10FF00 })
            {
                XCTAssertEqual(path, text, "UTF-8 is its own text: \(bytes)")
            }
        }
    }

    func testABytesThatIsNoCharacterIsShownEscaped() {
        let path = PathBytes.string(Array("/tmp/bad".utf8) + [0xFF, 0xFE] + Array(".jpg é".utf8))
        XCTAssertEqual(PathBytes.shown(path), "/tmp/bad\\xff\\xfe.jpg é")
        XCTAssertEqual(URL(fileURLWithPath: path).path, path, "a URL keeps it")
        XCTAssertEqual(
            URL(fileURLWithPath: path).lastPathComponent,
            PathBytes.string(Array("bad".utf8) + [0xFF, 0xFE] + Array(".jpg é".utf8)))
    }
}
