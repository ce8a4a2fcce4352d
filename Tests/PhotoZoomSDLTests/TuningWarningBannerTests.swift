import Foundation
import PhotoZoomCore
import XCTest

@testable import PhotoZoomSDL

/// A typo'd key in the tuning file shows in the window (issue 33, item 3): stderr said "saved
/// with no changes" and a warning, and the window showed nothing, so the change seemed to do
/// nothing. The warning gets a banner quieter than an error's, until a save without it.
final class TuningWarningBannerTests: XCTestCase {
    var folder: URL!
    var path: String { folder.appendingPathComponent("my.json").path }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-warning-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Saves `text` as `sed -i` does: a new file renamed over the old.
    func save(_ text: String) throws {
        let temporary = folder.appendingPathComponent(".my.json.sed")
        try text.write(to: temporary, atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(temporary.path, path), 0)
    }

    typealias RGB = [UInt8]

    func rgb(_ window: HeadlessWindow, _ x: Int, _ y: Int) -> RGB {
        let p = window.canvas.pixel(x: x, y: y)
        return [p.r, p.g, p.b]
    }

    /// The band across the top where the tuning panels go, every pixel.
    func band(_ window: HeadlessWindow) -> [RGB] {
        (top..<(top + 80)).flatMap { y in (0..<window.canvas.pixelWidth).map { rgb(window, $0, y) } }
    }

    let top = Int(OverlayRenderer.topInset)
    let amber: RGB = {
        let c = OverlayPainter.Palette.warning
        return [c.r, c.g, c.b]
    }()
    let red: RGB = {
        let c = OverlayPainter.Palette.error
        return [c.r, c.g, c.b]
    }()

    func testATypodKeyShowsAQuietBannerUntilASaveWithoutIt() throws {
        let window = try HeadlessWindow(tuning: path)
        let session = window.sessions.views[0]
        let clean = band(window)
        XCTAssertEqual(session.shownOverlay.warnings, [])
        let good = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(good.contains("\"cellGap\""))

        try save(good.replacingOccurrences(of: "\"cellGap\"", with: "\"celGap\""))
        XCTAssertTrue(
            window.frames(until: { !session.shownOverlay.warnings.isEmpty }),
            "the save shows a warning; the log: \(window.said)")
        XCTAssertTrue(window.said.contains("photozoom: tuning: '\(path)' saved with no changes"), "\(window.said)")
        let warnings = session.shownOverlay.warnings
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        let warning = try XCTUnwrap(warnings.first)
        XCTAssertTrue(warning.hasPrefix("my.json: unknown key grid.celGap — did you mean cellGap? (line "), warning)
        XCTAssertEqual(session.shownOverlay.errors, [], "a warning is no error")

        // The banner: across the top below the top bar, a thin amber border, no red anywhere.
        let left = Int(ErrorPanel.margin)
        for y in (top + 12)..<(top + 40) {
            XCTAssertEqual(rgb(window, left, y), amber, "its left border at \(y)")
            XCTAssertNotEqual(rgb(window, left + 1, y), amber, "one point wide, an error's is two, at \(y)")
            XCTAssertNotEqual(rgb(window, left - 1, y), amber, "nothing left of it, at \(y)")
        }
        let shown = band(window)
        XCTAssertFalse(shown.contains(red), "no red: it is not an error")
        XCTAssertGreaterThan(zip(shown, clean).filter { $0 != $1 }.count, 5000, "the banner covers the top of the grid")

        try save(good)
        XCTAssertTrue(
            window.frames(until: { session.shownOverlay.warnings.isEmpty }),
            "a save without the warning takes the banner down")
        XCTAssertEqual(zip(band(window), clean).filter { $0 != $1 }.count, 0, "pixels unlike the grid as it was")
    }

    func testAFileOpenedWithATypoShowsItsWarningAtOnce() throws {
        try TuningFile().text.replacingOccurrences(of: "\"cellGap\"", with: "\"celGap\"").write(
            toFile: path, atomically: true, encoding: .utf8)
        let window = try HeadlessWindow(tuning: path)
        let warnings = window.sessions.views[0].shownOverlay.warnings
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertTrue(warnings.first?.hasPrefix("my.json: unknown key grid.celGap") ?? false, "\(warnings)")
        XCTAssertEqual(rgb(window, Int(ErrorPanel.margin), top + 20), amber)
    }
}
