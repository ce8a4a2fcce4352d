import CSDL2
import Foundation
import PhotoZoomCore
import XCTest

@testable import PhotoZoomLibrary
@testable import PhotoZoomSDL
@testable import PhotoZoomUntrusted

/// Photos stored turned or mirrored, as cameras store them, each with the orientation that
/// turns it back, written as files and read as the app reads a folder (sized by its header,
/// decoded as a page): every one shows upright, its corners where they belong, at its upright size.
final class OrientedPhotoTests: XCTestCase {
    /// The upright picture: a colour in each quarter, wider than tall.
    static let width = 64, height = 32
    static let topLeft: [UInt8] = [220, 30, 30], topRight: [UInt8] = [30, 200, 30]
    static let bottomLeft: [UInt8] = [30, 30, 220], bottomRight: [UInt8] = [230, 230, 40]

    func testEveryOrientationShowsUprightAtItsUprightSize() throws {
        let folder = try temporaryFolder()
        let files = try ExifOrientation.allCases.map { orientation -> URL in
            let stored = Self.stored(orientation)
            let jpeg = try ExifJPEG.encode(rgb: stored.rgb, width: stored.width, height: stored.height)
            let file = folder.appendingPathComponent("orientation-\(orientation.rawValue).jpg")
            try Data(ExifJPEG.inserting(ExifJPEG.segment([.orientation(orientation.rawValue)]), into: jpeg)).write(
                to: file)
            return file
        }
        let photos = try read(files)
        for (orientation, photo) in zip(ExifOrientation.allCases, photos) {
            XCTAssertEqual(
                photo.info.pixelSize, Size(width: Double(Self.width), height: Double(Self.height)),
                "\(orientation) is upright in size")
            assertUpright(photo.pixels, "\(orientation)")
        }
    }

    /// Garbage where the EXIF's directory should be, or a segment cut short inside itself:
    /// the photo shows as stored, and nothing crashes.
    func testABrokenSegmentShowsThePhotoAsStored() throws {
        let upright = Self.stored(.up)
        let jpeg = try ExifJPEG.encode(rgb: upright.rgb, width: upright.width, height: upright.height)
        let garbage =
            Array("Exif".utf8) + [0, 0] + [0x4D, 0x4D, 0x00, 0x2A, 0xFF, 0xFF, 0xFF, 0x00]
            + [UInt8](repeating: 0xA5, count: 40)
        var cut = ExifJPEG.segment([.orientation(6), .taken("2020:01:02 03:04:05")])
        cut.removeLast(cut.count - 20)
        cut[10...13] = [0x00, 0x00, 0x01, 0x00]  // IFD0 past the end of what is left
        let folder = try temporaryFolder()
        let files = try [garbage, cut].enumerated().map { i, segment -> URL in
            let file = folder.appendingPathComponent("broken-\(i).jpg")
            try Data(ExifJPEG.inserting(segment, into: jpeg)).write(to: file)
            return file
        }
        for photo in try read(files) {
            XCTAssertEqual(photo.info.pixelSize, Size(width: Double(Self.width), height: Double(Self.height)))
            assertUpright(photo.pixels, photo.info.name)
        }
    }

    /// The upright picture stored as a camera holding it `orientation`'s way stores it: each
    /// stored pixel is the upright pixel the tag's description puts there (for 6, the stored
    /// top row is the upright picture's right-hand column, read top to bottom).
    static func stored(_ orientation: ExifOrientation) -> Picture {
        let sideways = orientation.rawValue >= 5
        let w = sideways ? height : width
        let h = sideways ? width : height
        var rgb: [UInt8] = []
        for sy in 0..<h {
            for sx in 0..<w {
                let (ux, uy): (Int, Int)
                switch orientation {
                case .up: (ux, uy) = (sx, sy)
                case .upMirrored: (ux, uy) = (width - 1 - sx, sy)
                case .down: (ux, uy) = (width - 1 - sx, height - 1 - sy)
                case .downMirrored: (ux, uy) = (sx, height - 1 - sy)
                case .leftMirrored: (ux, uy) = (sy, sx)
                case .right: (ux, uy) = (width - 1 - sy, sx)
                case .rightMirrored: (ux, uy) = (width - 1 - sy, height - 1 - sx)
                case .left: (ux, uy) = (sy, height - 1 - sx)
                }
                rgb +=
                    uy < height / 2
                    ? (ux < width / 2 ? topLeft : topRight) : (ux < width / 2 ? bottomLeft : bottomRight)
            }
        }
        return Picture(rgb: rgb, width: w, height: h)
    }

    struct Picture {
        let rgb: [UInt8]
        let width: Int
        let height: Int
    }

    /// Each file as the library knows it, and its pixels as the page its own size.
    private func read(_ files: [URL]) throws -> [(info: PhotoInfo, pixels: Result<DecodedPixels, DecodeFailure>)] {
        let library = PhotoLibrary.load(files: files, log: { XCTFail($0) })
        let page = PixelTarget.page(width: max(Self.width, Self.height), height: max(Self.width, Self.height))
        return zip(library.infos, files).map { info, file in
            (info, PhotoPixelDecoder.decode(file, page, cache: nil, layout: .rgba))
        }
    }

    /// The middle of each quarter of the decoded picture has that quarter's colour.
    private func assertUpright(_ pixels: Result<DecodedPixels, DecodeFailure>, _ what: String, line: UInt = #line) {
        guard case .success(let decoded) = pixels else { return XCTFail("\(what) did not decode", line: line) }
        let w = decoded.pixels.width
        let h = decoded.pixels.height
        let pitch = decoded.pixels.pitch
        let pixels = decoded.pixels.bytes
        let corners = [
            ("top left", w / 4, h / 4, Self.topLeft), ("top right", 3 * w / 4, h / 4, Self.topRight),
            ("bottom left", w / 4, 3 * h / 4, Self.bottomLeft),
            ("bottom right", 3 * w / 4, 3 * h / 4, Self.bottomRight),
        ]
        for (name, x, y, colour) in corners {
            let seen = (0..<3).map { pixels[y * pitch + x * 4 + $0] }
            let off = zip(seen, colour).map { abs(Int($0) - Int($1)) }.max()!
            XCTAssertLessThanOrEqual(off, 12, "\(what): \(name) is \(seen), not \(colour)", line: line)
        }
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-oriented-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }
}
