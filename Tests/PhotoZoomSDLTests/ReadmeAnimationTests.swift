import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomSDL
import PhotoZoomTestSupport
import XCTest

/// The README's animation (assets/tune-live.gif): the real systems and renderer, headless, frame
/// by frame at 30 fps in slow motion ×0.25, with a tuning reload stamped mid-flight exactly as
/// the window stamps a save. Set PHOTOZOOM_README_FRAMES to a folder to write the frames;
/// docs/tuning.md says how they become the GIF. Without it, the test only checks the story it tells.
final class ReadmeAnimationTests: XCTestCase {
    static let size = Size(width: 393, height: 640)
    static let framesPerSecond = 30.0
    static let bouncy = "{\"springs\": {\"zoomIn\": {\"response\": 0.7, \"dampingRatio\": 0.45}}}"

    func testTheReloadMidFlightAnimation() throws {
        let folder = ProcessInfo.processInfo.environment["PHOTOZOOM_README_FRAMES"]
        let photos = try PhotoLibrary.load(PackagePaths.bundledPhotos, log: { _ in })
        let canvas = try HeadlessCanvas(size: Self.size)
        let scene = OnDemandScene(renderer: canvas.renderer, library: photos, log: { XCTFail($0) })
        let overlay = OverlayRenderer(renderer: canvas.renderer)
        var sim = Simulation(world: World(photos: photos.infos, viewport: Self.size))
        let old = TuningFile()
        let new = TuningFile.read(Self.bouncy).file
        sim.step([.developer(.cycleSlowMotion)])
        let ticksPerFrame = Int(sim.world.clock.rate * sim.world.playback.speed / Self.framesPerSecond)
        let cell = sim.world.grid.layout!.frame(of: 4).center
        var toast: ReloadToast?
        var reloadedMidFlight = false
        for frame in 0..<180 {
            for t in 0..<ticksPerFrame {
                var input: [InputEvent] = []
                if frame == 8, t == 0 {
                    input = [.pointer(PointerEvent(id: 0, source: .mouse, phase: .down, position: cell))]
                }
                if frame == 9, t == 0 {
                    input = [.pointer(PointerEvent(id: 0, source: .mouse, phase: .up, position: cell))]
                }
                if frame == 24, t == 0 {
                    input = [.tuningReloaded(new.tuning)]
                    reloadedMidFlight = sim.world.viewer.phase == .presenting
                    toast = ReloadToast(
                        lines: old.changes(to: new).map(\.description), springs: old.springChanges(to: new))
                }
                sim.step(input)
            }
            toast?.age += 1 / Self.framesPerSecond
            scene.draw(sim.drawList(interpolation: 1), window: Self.size, scale: 1)
            overlay.draw(
                OverlayContent(
                    status: sim.world.playback.slowMotion.label, toast: toast?.isVisible == true ? toast : nil),
                viewport: Self.size, scale: 1)
            if let folder { try canvas.save(to: "\(folder)/\(String(format: "%03d", frame)).png", overwrite: true) }
        }
        XCTAssertTrue(reloadedMidFlight, "the save lands while the photo flies")
        for _ in 0..<2400 where sim.world.viewer.phase != .pager { sim.step() }
        XCTAssertEqual(sim.world.viewer.phase, .pager, "and it lands on its page")
        XCTAssertEqual(sim.world.tuning.zoomInSpring, new.tuning.zoomInSpring)
    }
}
