import CSDL2
import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomLibrary
@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface
@testable import PhotoZoomSDL

/// The window's photo pipeline without a window: the decode queue's order and cancellation, the
/// texture budget, what is wanted first, and a real folder streamed through it.
final class PhotoStreamTests: XCTestCase {
    /// Jobs scrolled away before a thread starts them never run; the one running finishes.
    func testJobsNoLongerWantedAreNeverStarted() {
        let gate = DispatchSemaphore(value: 0)
        let log = JobLog()
        let queue = DecodeQueue<Int, Int>(
            threads: 1,
            work: { job in
                log.append(job)
                if job == 0 { gate.wait() }
                return job * 10
            })
        queue.want(Array(0..<50))
        while log.jobs.isEmpty { usleep(1000) }
        // Job 0 is running and blocks the only thread; the grid scrolls on to 40…44.
        queue.want([40, 41, 42, 43, 44])
        gate.signal()
        var finished: [Int] = []
        _ = HangGuard.wait(poll: 0.001) {
            finished += queue.takeFinished().map(\.job)
            return finished.count >= 6
        }
        XCTAssertEqual(
            log.jobs, [0, 40, 41, 42, 43, 44], "1…39 were dropped unstarted, the rest ran in the order wanted")
        XCTAssertEqual(finished, [0, 40, 41, 42, 43, 44])
        XCTAssertEqual(queue.outstanding, 0)
        queue.stop()
    }

    /// A queue let go of while its threads work (a run that fails after the library opened) is
    /// stopped, and its threads end without touching freed memory.
    func testAQueueLetGoOfWhileItsThreadsWorkEndsCleanly() {
        let log = JobLog()
        let gate = DispatchSemaphore(value: 0)
        var queue: DecodeQueue<Int, Int>? = DecodeQueue(
            threads: 2,
            work: { job in
                log.append(job)
                gate.wait()
                return job
            })
        queue!.sweep(Array(0..<100))
        // Both threads at work, held there until the queue is stopped and let go of.
        XCTAssertTrue(HangGuard.wait { log.jobs.count == 2 }, HangGuard.failure("two jobs did not start"))
        queue!.stop()
        queue = nil
        for _ in 0..<100 { gate.signal() }
        // Long enough for a thread that ignored the stop to start another job on a quiet machine.
        usleep(100_000)
        XCTAssertEqual(log.jobs.count, 2, "nothing runs after the stop")
        // Let go of at once, before its threads have even started (seen: a run refusing its
        // tuning file right after the library opened trapped on a freed queue).
        for _ in 0..<50 {
            let brief = DecodeQueue<Int, Int>(threads: 2, work: { $0 })
            brief.stop()
        }
        usleep(100_000)
    }

    /// While the window moves, one core is left to it: of two threads, one decodes; at rest,
    /// both do again.
    func testAMovingWindowKeepsACoreAndARestingOneGivesItBack() {
        let running = RunningCount()
        let release = DispatchSemaphore(value: 0)
        let queue = DecodeQueue<Int, Int>(
            threads: 2,
            work: { job in
                running.enter()
                release.wait()
                running.leave()
                return job
            })
        defer { queue.stop() }
        queue.setShare(.allButOne)
        queue.want([1, 2, 3, 4])
        XCTAssertTrue(HangGuard.wait { running.now == 1 }, HangGuard.failure("no decode began"))
        // Long enough for a second thread to join on a quiet machine.
        usleep(100_000)
        XCTAssertEqual(running.now, 1, "one decode while the window moves")
        release.signal()
        XCTAssertTrue(HangGuard.wait { running.started == 2 && running.now == 1 }, HangGuard.failure("no next decode"))
        usleep(100_000)
        XCTAssertEqual(running.most, 1)
        queue.setShare(.every)
        XCTAssertTrue(
            HangGuard.wait { running.now == 2 }, HangGuard.failure("both threads did not decode once it rests"))
        for _ in 0..<4 { release.signal() }
    }

    /// The background sweep runs only while nothing is wanted, and wanted work overtakes it.
    func testWantedWorkOvertakesTheSweep() {
        let gate = DispatchSemaphore(value: 0)
        let log = JobLog()
        let queue = DecodeQueue<Int, Int>(
            threads: 1,
            work: { job in
                log.append(job)
                if job == 100 { gate.wait() }
                return job
            })
        queue.sweep(Array(100..<110))
        while log.jobs.isEmpty { usleep(1000) }
        queue.want([1, 2])
        gate.signal()
        _ = HangGuard.wait(poll: 0.001) { log.jobs.count >= 12 }
        XCTAssertEqual(log.jobs, [100, 1, 2] + Array(101..<110))
        queue.stop()
    }

    /// An opaque photo's texture has no alpha channel, so SDL's software renderer copies it into
    /// a window (whose surface has none either) by its fast paths; one with transparent pixels
    /// keeps its alpha. The pixels are the same bytes either way.
    func testAnOpaquePhotoIsATextureWithoutAlpha() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 64, height: 64), format: HeadlessCanvas.windowFormat)
        let textures = PhotoTextures(renderer: canvas.renderer, budgetBytes: 1 << 20)
        let probe = PhotoProbe(
            uprightSize: PixelBox(width: 4, height: 4), orientation: .up, isCMYK: false, contentHash: "x", fileBytes: 1,
            modified: 0)
        for (photo, opaque) in [(0, true), (1, false)] {
            let surface = try PixelBuffer.make(width: 4, height: 4, layout: .argb).get()
            for y in 0..<4 {
                for x in 0..<4 { surface[x, y] = RGBA(r: 0x20, g: 0x40, b: 0x60, a: opaque ? 0xFF : 0x80) }
            }
            textures.insert(
                photo, .thumbnail(side: 128),
                DecodedPixels(
                    pixels: surface, uprightSize: PixelBox(width: 4, height: 4),
                    average: .white, isOpaque: opaque, probe: probe), arrived: 0)
        }
        textures.beginFrame(now: .max)
        func format(_ photo: Int) -> UInt32 {
            guard case .texture(let texture, _, _, _) = textures.drawable(for: photo, pixelWidth: 4) else { return 0 }
            var format: UInt32 = 0
            SDL_QueryTexture(texture, &format, nil, nil, nil)
            return format
        }
        XCTAssertEqual(format(0), SDL_PIXELFORMAT_RGB888.rawValue)
        XCTAssertEqual(format(1), SDL_PIXELFORMAT_ARGB8888.rawValue)
        let renderer = SceneRenderer(renderer: canvas.renderer, source: textures)
        renderer.draw(
            [DrawItem(content: .photo(0), frame: Rect(x: 0, y: 0, width: 4, height: 4), crop: .unit, alpha: 1)],
            scale: 1)
        XCTAssertTrue(canvas.pixel(x: 2, y: 2) == (0x20, 0x40, 0x60, 255))
    }

    /// A lower budget (a tuning save) lets go of what is over it at once, least recently drawn first.
    func testALowerBudgetLetsGoAtOnce() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 64, height: 64))
        let textures = PhotoTextures(renderer: canvas.renderer, budgetBytes: 120_000)
        let probe = PhotoProbe(
            uprightSize: PixelBox(width: 100, height: 100), orientation: .up, isCMYK: false, contentHash: "x",
            fileBytes: 1, modified: 0)
        for photo in 0..<3 {
            textures.beginFrame(now: 0)
            let surface = try! PixelBuffer.make(width: 100, height: 100).get()
            textures.insert(
                photo, .thumbnail(side: 128),
                DecodedPixels(
                    pixels: surface, uprightSize: PixelBox(width: 100, height: 100),
                    average: .white, isOpaque: true, probe: probe), arrived: 0)
        }
        textures.beginFrame(now: 0)
        textures.budgetBytes = 40_000
        XCTAssertEqual(textures.bytes, 40_000)
        XCTAssertEqual(
            [0, 1, 2].map { textures.has($0, .thumbnail(side: 128)) }, [false, false, true], "the newest stays")
    }

    /// Textures stay within the budget: the least recently drawn go, never one drawn this frame.
    func testTexturesStayWithinTheirBudgetEvictingTheLeastRecentlyDrawn() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 64, height: 64))
        // Each 100×100 thumbnail is 40,000 bytes; room for three.
        let textures = PhotoTextures(renderer: canvas.renderer, budgetBytes: 120_000)
        func pixels() -> DecodedPixels {
            let surface = try! PixelBuffer.make(width: 100, height: 100).get()
            let probe = PhotoProbe(
                uprightSize: PixelBox(width: 100, height: 100), orientation: .up, isCMYK: false, contentHash: "x",
                fileBytes: 1, modified: 0)
            return DecodedPixels(
                pixels: surface, uprightSize: PixelBox(width: 100, height: 100), average: .white,
                isOpaque: true, probe: probe)
        }
        let thumb = PixelTarget.thumbnail(side: 128)
        for photo in 0..<3 {
            textures.beginFrame(now: 0)
            textures.insert(photo, thumb, pixels(), arrived: 0)
        }
        XCTAssertEqual(textures.bytes, 120_000)
        // Frame: photos 0 and 2 drawn; then photo 3 arrives: 1 was drawn longest ago.
        textures.beginFrame(now: 0)
        _ = textures.drawable(for: 0, pixelWidth: 100)
        _ = textures.drawable(for: 2, pixelWidth: 100)
        textures.beginFrame(now: 0)
        textures.insert(3, thumb, pixels(), arrived: 0)
        XCTAssertEqual(textures.bytes, 120_000)
        XCTAssertFalse(textures.has(1, thumb), "the least recently drawn went")
        XCTAssertTrue(textures.has(0, thumb) && textures.has(2, thumb) && textures.has(3, thumb))
        // Everything drawn in this frame stays even over budget: nothing on screen vanishes.
        for photo in [0, 2, 3] { _ = textures.drawable(for: photo, pixelWidth: 100) }
        textures.insert(4, thumb, pixels(), arrived: 0)
        XCTAssertEqual(textures.count, 4)
        textures.beginFrame(now: 0)
        textures.insert(5, thumb, pixels(), arrived: 0)
        XCTAssertLessThanOrEqual(textures.bytes, 120_000, "back within budget once the frame is over")
        XCTAssertTrue(textures.has(5, thumb))
    }

    /// The page on screen first, its neighbours, then the cells in the window, then the rows kept
    /// around it, then the next screenful in the direction of the scroll.
    func testThePageOnScreenComesFirstThenTheWindowsCellsThenAhead() {
        var input = ScriptedInput(photos: photoInfos(count: 300), viewport: Size(width: 390, height: 844))
        let wishes = PhotoWishes(windowPixels: PixelBox(width: 390, height: 844), scale: 1)
        let grid = wishes.targets(for: input.world) { _ in 1 }.map(\.photo)
        // 3 columns of 129 pt: the window shows rows 0…6 (21 photos), then the kept rows, then a screen ahead.
        XCTAssertEqual(Array(grid.prefix(21)), Array(0..<21))
        XCTAssertEqual(grid.count, Set(grid).count, "each photo once")
        XCTAssertTrue(grid.suffix(from: 21).allSatisfy { $0 >= 21 }, "nothing above the top; ahead is down")
        input.pointer(.down, input.cellFrame(4).center)
        let pressed = wishes.targets(for: input.world) { _ in 1 }
        XCTAssertEqual(pressed.first?.photo, 4, "a press on a cell decodes its page first: it may be a tap")
        XCTAssertEqual(pressed.first?.target, .page(width: 390, height: 844))
        input.pointer(.up, input.cellFrame(4).center)
        input.settle()
        let pager = wishes.targets(for: input.world) { _ in 1 }
        XCTAssertEqual(pager.prefix(3).map(\.photo), [4, 5, 3])
        XCTAssertEqual(pager[0].target, .page(width: 390, height: 844))
    }

    /// A cell's thumbnail is the smallest of the standard's sizes whose short side covers it.
    func testThumbnailSizesCoverTheCell() {
        XCTAssertEqual(PixelTarget.thumbnail(covering: 96, aspect: 4.0 / 3), .thumbnail(side: 128))
        XCTAssertEqual(PixelTarget.thumbnail(covering: 97, aspect: 4.0 / 3), .thumbnail(side: 256))
        XCTAssertEqual(PixelTarget.thumbnail(covering: 400, aspect: 1), .thumbnail(side: 512))
        XCTAssertEqual(PixelTarget.thumbnail(covering: 5000, aspect: 1), .thumbnail(side: 1024))
    }

    /// A real folder, streamed: the opening probes size the first photos, the rest arrive as
    /// input, a broken file becomes a placeholder with one line, and the cells' pixels arrive.
    /// A big folder's sizes of photos out of view reach the sim in a few batches, not one a
    /// frame: each tick that brings sizes has the black box digest the whole library and keep a
    /// copy of it, which at 100,000 photos piled up gigabytes.
    func testSizesOutOfViewArriveInBatchesAQuarterSecondApart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = PackagePaths.root.appendingPathComponent("assets/photos/cameraman.jpg")
        for i in 0..<2000 {
            try FileManager.default.linkItem(
                at: photo, to: folder.appendingPathComponent(String(format: "%04d.jpg", i)))
        }
        let files = try PhotoFolder.imageFiles(in: folder.path)
        let canvas = try HeadlessCanvas(size: Size(width: 390, height: 844))
        let opening = try FolderOpening.probeOpening(
            files, folder: folder.path, limits: LibraryLimits(), count: 200, seconds: 10, log: { _ in })
        let stream = PhotoStream(
            files: files, opening: opening, renderer: canvas.renderer, limits: LibraryLimits(textureBudgetMiB: 64),
            cache: nil, threads: 2, wake: WakeSignal(type: UInt32.max), log: { _ in })
        var sim = Simulation(world: World(photos: stream.initialInfos, viewport: Size(width: 390, height: 844)))
        sim.step()
        // A frame a millisecond of the stream's clock, whatever the machine's pace.
        var now: UInt64 = 1_000_000_000
        var sized = 0
        var batches = 0
        let deadline = Date().addingTimeInterval(60)
        while sized < 1800, Date() < deadline {
            stream.want(sim.world, scale: 1)
            let sizes = stream.collect(now: now).sizes
            if !sizes.isEmpty { batches += 1 }
            sized += sizes.count
            sim.step(sizes)
            now += 1_000_000
            usleep(1000)
        }
        XCTAssertEqual(sized, 1800, "every size not read by the opening arrives")
        let quarters = Int((now - 1_000_000_000) / PhotoStream<PhotoTextures>.sizeBatchNanoseconds)
        XCTAssertLessThanOrEqual(batches, quarters + 2, "ticks that brought sizes, over \(quarters) quarter seconds")
    }

    func testAFolderStreamsInSizesAsInputAndPixelsAsTextures() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = PackagePaths.root.appendingPathComponent("assets/photos")
        let names = try FileManager.default.contentsOfDirectory(atPath: photos.path).filter { $0.hasSuffix(".jpg") }
            .sorted().prefix(6)
        for name in names {
            try FileManager.default.copyItem(
                at: photos.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try Data("not a photo".utf8).write(to: folder.appendingPathComponent("zz-broken.jpg"))
        let files = try PhotoFolder.imageFiles(in: folder.path)

        let canvas = try HeadlessCanvas(size: Size(width: 390, height: 844))
        let lines = JobLog()
        let stream = PhotoStream(
            files: files,
            opening: try FolderOpening.probeOpening(
                files, folder: folder.path, limits: LibraryLimits(), count: 2, seconds: 10, log: { _ in }),
            renderer: canvas.renderer,
            limits: LibraryLimits(textureBudgetMiB: 64), cache: nil, threads: 2, wake: WakeSignal(type: UInt32.max),
            log: { lines.append(line: $0) })
        XCTAssertEqual(stream.initialInfos.count, 7)
        XCTAssertNotEqual(
            stream.initialInfos[0].pixelSize, Size(width: 1, height: 1), "probed before the window opened")
        XCTAssertEqual(stream.initialInfos[3], PhotoInfo.unread(name: names[names.startIndex + 3]))

        var sim = Simulation(world: World(photos: stream.initialInfos, viewport: Size(width: 390, height: 844)))
        let deadline = Date().addingTimeInterval(60)
        var arrived: [InputEvent] = []
        repeat {
            stream.want(sim.world, scale: 1)
            let done = stream.collect(now: 0)
            arrived += done.sizes
            sim.step(done.sizes)
            usleep(2000)
        } while !((0..<6).allSatisfy { stream.textures.has($0, .thumbnail(side: 128)) } && arrived.count == 5)
            && Date() < deadline
        XCTAssertEqual(
            arrived.count, 5, "four photos and the broken one arrive as input; the two opening ones were known")
        XCTAssertTrue(sim.world.photos[6].isPlaceholder)
        XCTAssertTrue(
            sim.world.photos[0..<6].allSatisfy { !$0.isPlaceholder && $0.pixelSize != Size(width: 1, height: 1) })
        XCTAssertEqual(lines.lines.count, 1)
        XCTAssertTrue(lines.lines.first?.contains("zz-broken.jpg") == true, lines.lines.joined())
        for photo in 0..<6 {
            XCTAssertTrue(stream.textures.has(photo, .thumbnail(side: 128)), "photo \(photo)'s cell has its pixels")
        }
        guard case .broken = stream.textures.drawable(for: 6, pixelWidth: 100) else {
            return XCTFail("the broken photo draws as a placeholder")
        }
        XCTAssertTrue(stream.contentHashes()[0..<6].allSatisfy { $0?.hasPrefix("head:") == true })
    }
}

/// What a worker did, in order, readable from the test's thread.
private final class JobLog: @unchecked Sendable {
    private let lock = NSLock()
    private var _jobs: [Int] = []
    private var _lines: [String] = []
    func append(_ job: Int) {
        lock.lock()
        _jobs.append(job)
        lock.unlock()
    }
    func append(line: String) {
        lock.lock()
        _lines.append(line)
        lock.unlock()
    }
    var jobs: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return _jobs
    }
    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return _lines
    }
}

/// How many jobs run at once, and the most that did.
private final class RunningCount: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0, highest = 0, entered = 0
    func enter() {
        lock.withLock {
            current += 1
            entered += 1
            highest = max(highest, current)
        }
    }
    func leave() { lock.withLock { current -= 1 } }
    var now: Int { lock.withLock { current } }
    var most: Int { lock.withLock { highest } }
    var started: Int { lock.withLock { entered } }
}
