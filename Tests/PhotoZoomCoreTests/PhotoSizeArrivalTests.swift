import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore

/// A library opens before its files are read: photos stand in as squares, and each size arrives
/// as input at a tick, which the sim applies like any other input and a replay meets again.
final class PhotoSizeArrivalTests: XCTestCase {
    let viewport = Size(width: 390, height: 844)
    let landscape = Size(width: 4032, height: 3024)

    func unreadLibrary(_ n: Int = 12) -> [PhotoInfo] { (0..<n).map { PhotoInfo.unread(name: "IMG_\($0).JPG") } }

    func testACellTakesTheAspectFillCropOfTheSizeThatArrives() {
        var input = ScriptedInput(photos: unreadLibrary(), viewport: viewport)
        XCTAssertLessThan(
            input.sprite(.cell(photo: 4)).current.crop.distance(to: .unit), 1e-12, "a square stand-in shows whole")
        input.tick([.photoSize(PhotoSize(photo: 4, pixelSize: landscape))])
        XCTAssertEqual(input.world.photos[4].pixelSize, landscape)
        XCTAssertEqual(input.world.photos[4].name, "IMG_4.JPG")
        // 4:3 in a square cell: the middle three quarters of its width.
        let crop = input.sprite(.cell(photo: 4)).current.crop
        XCTAssertLessThan(crop.distance(to: Rect(x: 0.125, y: 0, width: 0.75, height: 1)), 1e-9)
        XCTAssertLessThan(
            input.sprite(.cell(photo: 5)).current.crop.distance(to: .unit), 1e-12, "the others keep theirs")
    }

    func testAFileFoundBrokenBecomesAPlaceholder() {
        var input = ScriptedInput(photos: unreadLibrary(), viewport: viewport)
        input.tick([.photoSize(PhotoSize(photo: 2, pixelSize: Size(width: 1, height: 1), isPlaceholder: true))])
        XCTAssertTrue(input.world.photos[2].isPlaceholder)
    }

    func testASizeArrivingMidFlightRetargetsItToTheNewFitFrame() {
        var input = ScriptedInput(photos: unreadLibrary(), viewport: viewport)
        input.tapCell(4)
        input.ticks(10)
        XCTAssertEqual(input.world.viewer.phase, .presenting)
        input.tick([.photoSize(PhotoSize(photo: 4, pixelSize: landscape))])
        var frames: [Rect] = []
        input.settle { world in if let t = world.viewer.transition { frames.append(t.frame) } }
        XCTAssertEqual(input.world.viewer.phase, .pager)
        // 4032×3024 fitted to 390 wide: 292.5 tall, centred.
        let fit = Rect(x: 0, y: (844 - 292.5) / 2, width: 390, height: 292.5)
        XCTAssertLessThan(input.sprite(.page(slot: 1)).current.frame.distance(to: fit), 1e-9)
        // Retargeted from where it was: no step between ticks larger than the flight's own.
        let steps = zip(frames, frames.dropFirst()).map { $0.distance(to: $1) }
        XCTAssertLessThan(steps.max() ?? 0, 40, "the flight bends toward the new frame rather than jumping")
    }

    func testAZoomedPageWhosePhotoArrivesReturnsToFit() {
        var input = ScriptedInput.pager(on: 3, photos: unreadLibrary(), viewport: viewport)
        input.tick([.key(.up, modifiers: [])])
        let c = Point(x: 195, y: 422)
        input.pointer(.down, c)
        input.pointer(.up, c)
        input.ticks(3)
        input.pointer(.down, c)
        input.pointer(.up, c)
        input.settle()
        XCTAssertNotNil(input.world.viewer.zoom.frame, "double-clicked in")
        input.tick([.photoSize(PhotoSize(photo: 3, pixelSize: landscape))])
        input.settle()
        XCTAssertNil(input.world.viewer.zoom.frame, "back to fit for the real size")
        XCTAssertLessThan(
            input.sprite(.page(slot: 1)).current.frame.distance(
                to: Rect(x: 0, y: (844 - 292.5) / 2, width: 390, height: 292.5)), 1e-9)
    }

    func testTheDigestFollowsTheArrivingSizesAndAReplayMeetsThemAgain() throws {
        let events: [[InputEvent]] = [
            [], [.photoSize(PhotoSize(photo: 0, pixelSize: landscape))], [],
            [.photoSize(PhotoSize(photo: 1, pixelSize: Size(width: 3024, height: 4032)))], [],
        ]
        var sim = Simulation(world: World(photos: unreadLibrary(), viewport: viewport))
        var digests: [StateDigest] = []
        for tick in events {
            sim.step(tick)
            digests.append(sim.digest)
            // The remembered library digest is the library's: a fresh walk of the same world agrees.
            XCTAssertEqual(sim.digest, StateDigest(of: sim.world))
        }
        XCTAssertNotEqual(digests[0], digests[1], "a size that arrives is part of the state")
        XCTAssertNotEqual(digests[2], digests[3])

        var recorder = SessionRecorder()
        var again = Simulation(world: World(photos: unreadLibrary(), viewport: viewport))
        var text = try recorder.headerLine(
            SessionHeader(app: "test", platform: "test", world: again.world, pixelDensity: 1, contentHashes: []))
        for tick in events {
            again.step(tick)
            if let line = try recorder.line(after: again, input: tick) { text += line }
        }
        text += try recorder.endLine(again)
        var replayed: World?
        let outcome = try SessionReplay.run(SessionRecording.read(text)) { replayed = $0.world }
        guard case .verified(ticks: events.count, digests: _) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(replayed?.photos, sim.world.photos)
    }

    func testASessionSizeNoPhotoCouldHaveIsRefused() {
        var down = Set<Int>()
        let bad = InputEvent.photoSize(PhotoSize(photo: 0, pixelSize: Size(width: 0, height: 10)))
        XCTAssertNotNil(SessionBounds.problem(in: [bad], loop: LoopSettings(), down: &down))
        let good = InputEvent.photoSize(PhotoSize(photo: 0, pixelSize: landscape))
        XCTAssertNil(SessionBounds.problem(in: [good], loop: LoopSettings(), down: &down))
    }
}
