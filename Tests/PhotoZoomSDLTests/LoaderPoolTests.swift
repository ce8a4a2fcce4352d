import CSDL2
import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomLibrary
@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface
@testable import PhotoZoomSDL
@testable import PhotoZoomUntrusted

/// Decoding runs in loader processes: a decoder that crashes, is killed, hangs or runs out of
/// its memory costs one photo, said in one line, and the next photo decodes in a new loader.
/// The crashes are real: the tests' loader (`FaultLoader`) raises the signal itself.
final class LoaderPoolTests: XCTestCase {
    let photos = PackagePaths.root.appendingPathComponent("assets/photos")

    override func tearDown() {
        unsetenv(FaultLoader.variable)
        LoaderPool.shared.stopIdle()
    }

    func decode(_ pool: LoaderPool, _ name: String, limits: LibraryLimits = LibraryLimits()) -> Result<
        ScaledImage, DecodeFailure
    > {
        PhotoGate.open(photos.appendingPathComponent(name)).flatMap {
            pool.decode($0, name: name, to: .fitting(PixelBox(width: 128, height: 128)), limits: limits)
        }
    }

    func assertDecodes(
        _ result: Result<ScaledImage, DecodeFailure>, _ message: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        switch result {
        case .success(let image):
            XCTAssertEqual(max(image.pixels.width, image.pixels.height), 128, message, file: file, line: line)
        case .failure(let error):
            XCTFail("\(message): \(error)", file: file, line: line)
        }
    }

    func testACrashedOrKilledLoaderCostsOnePhotoAndIsReplaced() {
        for (how, said, remembered) in [
            ("SEGV", "the decoder crashed: signal 11 (Segmentation fault)", true),
            ("KILL", "the decoder crashed: signal 9 (Killed)", false),
        ] {
            setenv(FaultLoader.variable, "coffee.jpg:\(how)", 1)
            let pool = LoaderPool(loader: FaultLoader.path)
            assertDecodes(decode(pool, "rocket.jpg"), "before the crash")
            guard case .failure(let error) = decode(pool, "coffee.jpg") else {
                return XCTFail("\(how): the loader was to crash")
            }
            XCTAssertEqual(error.description, said)
            // A fault of its own is the file's; a loader killed from outside (the kernel out of
            // memory, a person) is tried again at the next launch.
            XCTAssertEqual(error.isRemembered, remembered, "\(how)")
            for name in ["rocket.jpg", "flower.jpg", "coins.jpg"] {
                assertDecodes(decode(pool, name), "\(how): after the crash, \(name)")
            }
            pool.stopIdle()
        }
    }

    /// How long a test waits for a decode that should end by itself: far past any budget the
    /// tests set, so it only trips when nothing stops the decode at all.
    static let hangGuardSeconds = HangGuard.seconds(30)

    /// `work` on a thread of its own while `meanwhile` runs on the test's, waited for at most
    /// `hangGuardSeconds`: a decode nothing stops fails the test rather than hanging the suite,
    /// and `pool`'s loaders are then ended so the thread returns. Nil where it had to be.
    func watched(
        _ pool: LoaderPool, meanwhile: () -> Void = {}, _ work: @escaping () -> Result<ScaledImage, DecodeFailure>,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Result<ScaledImage, DecodeFailure>? {
        let ended = DispatchSemaphore(value: 0)
        let lock = NSLock()
        var result: Result<ScaledImage, DecodeFailure>?
        Thread.detachNewThread {
            let decoded = work()
            lock.withLock { result = decoded }
            ended.signal()
        }
        meanwhile()
        guard ended.wait(timeout: .now() + Self.hangGuardSeconds) == .success else {
            XCTFail(
                "the decode still waited after \(Self.hangGuardSeconds) s: nothing stopped it", file: file, line: line)
            pool.stopAll()
            // Its loaders ended, the decode returns at once: no thread of the test outlives it.
            _ = ended.wait(timeout: .now() + Self.hangGuardSeconds)
            return nil
        }
        return lock.withLock { result }
    }

    /// The budget is the loader's own CPU time: a loader busy on the photo for ever is stopped
    /// once it spent it, while one that uses none (stopped, hung, waiting for a core a busy
    /// machine does not give it) is not, and only the clock's far larger guard ends it. Neither
    /// is remembered, and a new loader takes the next photo.
    func testALoaderIsStoppedAtItsCPUTimeAndAStalledOneByTheClocksGuard() {
        let budget = LibraryLimits(loaderSeconds: 0.25)
        let guardSeconds = LoaderWatch.hangGuard(cpuSeconds: 0.25)
        XCTAssertLessThan(guardSeconds, Self.hangGuardSeconds, "the test's watchdog waits past the pool's guard")
        for (how, said) in [
            ("SPIN", "the decoder used its 0.25 s of CPU time (library.loaderSeconds) and was stopped"),
            (
                "HANG",
                "the decoder gave no answer in \(TuningFile.number(guardSeconds)) s on the clock with CPU time left "
                    + "(its loader stopped, or kept from a core), and was stopped"
            ),
        ] {
            setenv(FaultLoader.variable, "coffee.jpg:\(how)", 1)
            let pool = LoaderPool(loader: FaultLoader.path)
            // Without a budget or a guard the decode would wait for the loader for ever.
            guard let decoded = watched(pool, { self.decode(pool, "coffee.jpg", limits: budget) }) else { return }
            guard case .failure(let error) = decoded else { return XCTFail("\(how): decoded") }
            XCTAssertEqual(error.description, said, how)
            XCTAssertFalse(error.isRemembered, "\(how): tried again at the next launch")
            XCTAssertTrue(error.isTransient, "\(how): tried again in this session")
            assertDecodes(decode(pool, "rocket.jpg"), "\(how): a new loader takes the next photo")
            pool.stopIdle()
        }
    }

    /// The program ending stops its loaders mid-decode: the photo being decoded is no more
    /// broken than any other, so it is told as the program's stop, and no failure is recorded
    /// for it (it would be crossed out at every later start).
    func testALoaderStoppedMidDecodeAsTheProgramEndsBlamesNoPhoto() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("coffee.jpg")
        try FileManager.default.copyItem(at: photos.appendingPathComponent("coffee.jpg"), to: photo)
        let held = photo.resolvingSymlinksInPath().path
        setenv(FaultLoader.variable, "coffee.jpg:HANG", 1)
        let pool = LoaderPool(loader: FaultLoader.path)
        // A budget the test never reaches: only the stop ends the decode.
        let cache = ThumbnailCache(
            root: folder.appendingPathComponent("thumbnails"), program: "photozoom", version: "test",
            limits: LibraryLimits(loaderSeconds: 600), pool: pool, log: { _ in })
        let made = watched(
            pool,
            meanwhile: {
                // In flight once a loader holds the photo's descriptor, handed with the request it hangs on.
                let deadline = Date() + Self.hangGuardSeconds
                while !pool.processIDs.contains(where: { Self.descriptors(of: $0).contains(held) }) {
                    guard Date() < deadline else { return XCTFail("no loader was handed the photo") }
                    usleep(10_000)
                }
                pool.stopAll()
            }, { cache.make(photo, size: .normal) })
        guard case .failure(let error) = try XCTUnwrap(made) else { return XCTFail("a hung loader made a thumbnail") }
        XCTAssertEqual(error, .shuttingDown, error.description)
        XCTAssertFalse(error.isRemembered)
        XCTAssertNil(cache.recordedFailure(of: photo))
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache.failFolder.path), "a failure was written")
        XCTAssertEqual(pool.processIDs, [], "every loader ended and reaped")
    }

    /// Where each of process `pid`'s descriptors leads (`/proc/PID/fd`); empty when it cannot be read.
    static func descriptors(of pid: pid_t) -> [String] {
        let folder = "/proc/\(pid)/fd"
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) ?? $0
        }
    }

    /// A loader closes every descriptor it is handed once it has decoded from it (a photo's
    /// file, the pool's memory file): one kept a request would end the loader, at its
    /// descriptor limit, some thousand photos in.
    func testALoadersDescriptorsDoNotGrowWithItsDecodes() throws {
        let pool = LoaderPool()
        defer { pool.stopAll() }
        let bytes = try Data(contentsOf: photos.appendingPathComponent("coffee.jpg"))
        func decodeBoth() {
            assertDecodes(decode(pool, "rocket.jpg"), "a photo's file handed")
            assertDecodes(
                pool.decode(
                    bytes, name: "coffee.jpg", to: .fitting(PixelBox(width: 128, height: 128)), orientation: .up,
                    expected: .jpeg, limits: LibraryLimits()), "bytes handed in the pool's memory file")
        }
        decodeBoth()
        let loader = try XCTUnwrap(pool.processIDs.first)
        XCTAssertEqual(pool.processIDs, [loader], "one decode at a time takes one loader")
        let before = Self.descriptors(of: loader)
        XCTAssertFalse(before.isEmpty, "a loader's descriptors can be read")
        for _ in 0..<10 { decodeBoth() }
        XCTAssertEqual(pool.processIDs, [loader], "the same loader decoded all 20")
        XCTAssertEqual(Self.descriptors(of: loader), before, "descriptors after 20 more decodes")
    }

    /// A loader can open no file once it serves: what a hostile decoder could reach is the
    /// descriptors it was handed. (A kernel without seccomp is said, and the test skipped.)
    func testALoaderCannotOpenAFile() throws {
        setenv(FaultLoader.variable, "coffee.jpg:OPEN", 1)
        let pool = LoaderPool(loader: FaultLoader.path)
        defer { pool.stopIdle() }
        guard case .failure(let said) = decode(pool, "coffee.jpg") else {
            return XCTFail("the hook answers with what open did")
        }
        let kernelFilters =
            (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8))?.contains("Seccomp:") == true
        try XCTSkipUnless(kernelFilters, "this kernel has no seccomp: \(said)")
        XCTAssertEqual(said.description, "open: Operation not permitted (restricted: true)")
        // Every thread of every loader is filtered, not only the one that installed the filter.
        for pid in pool.processIDs {
            let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
            XCTAssertFalse(threads.isEmpty)
            for thread in threads {
                let status = try String(contentsOfFile: "/proc/\(pid)/task/\(thread)/status", encoding: .utf8)
                XCTAssertTrue(status.contains("Seccomp:\t2"), "loader \(pid), thread \(thread)")
            }
        }
        assertDecodes(decode(pool, "rocket.jpg"), "decoding needs nothing the filter refuses")
    }

    /// A photo whose decode needs more than a loader may map fails in the loader; the window's
    /// process only hears why.
    func testAPhotoPastTheLoadersMemoryFailsThereAlone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // 6000×6000 RGBA is 137 MiB decoded, twice that converted: past a 64 MiB allowance.
        let big = folder.appendingPathComponent("big.png")
        let made = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/convert"), ["-size", "6000x6000", "xc:red", big.path],
            environment: ProcessInfo.processInfo.environment, timeout: 60)
        XCTAssertEqual(made.status, 0, made.stderr)
        let pool = LoaderPool(loader: FaultLoader.path)
        let tight = LibraryLimits(loaderMemoryMiB: 64)
        let result = PhotoGate.open(big).flatMap {
            pool.decode($0, name: "big.png", to: .fitting(PixelBox(width: 128, height: 128)), limits: tight)
        }
        guard case .failure(let error) = result else { return XCTFail("decoded within 64 MiB") }
        XCTAssertFalse(error.description.isEmpty)
        assertDecodes(decode(pool, "rocket.jpg", limits: tight), "the next photo decodes")
        // With the default allowance it is a photo. A budget of time no busy machine runs past:
        // the test is of memory, and 36 megapixels take seconds with the cores shared.
        let roomy = PhotoGate.open(big).flatMap {
            pool.decode(
                $0, name: "big.png", to: .fitting(PixelBox(width: 128, height: 128)),
                limits: LibraryLimits(loaderSeconds: 60))
        }
        assertDecodes(roomy, "with the default allowance")
        pool.stopIdle()
    }

    /// A crash is recorded in the cache's `fail/` folder, so the photo is not tried again until
    /// it changes; the photos after it get their thumbnails.
    func testACrashIsRecordedAsTheFilesFailure() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-loader-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let faulty = LoaderPool(loader: FaultLoader.path)
        defer { faulty.stopIdle() }
        let cache = ThumbnailCache(
            root: folder.appendingPathComponent("thumbnails"), program: "photozoom", version: "test", pool: faulty,
            log: { _ in })
        setenv(FaultLoader.variable, "coffee.jpg:SEGV", 1)
        guard case .failure(let error) = cache.make(photos.appendingPathComponent("coffee.jpg"), size: .normal) else {
            return XCTFail("crashes")
        }
        XCTAssertEqual(error.description, "the decoder crashed: signal 11 (Segmentation fault)")
        XCTAssertEqual(cache.recordedFailure(of: photos.appendingPathComponent("coffee.jpg")), error.description)
        XCTAssertNoThrow(try cache.make(photos.appendingPathComponent("rocket.jpg"), size: .normal).get())
    }

    /// A loader's answer is believed only as far as it describes pixels the window can read:
    /// one that claims more than was asked for, more than its memory file holds, pixels in a
    /// pipe, or a count of answers the request did not have, costs that photo and that loader,
    /// and the next photo decodes in a new one.
    func testALyingLoaderCostsOnePhotoAndIsReplaced() {
        for lie in ["LARGER", "SHORT", "PIPE", "COUNT"] {
            setenv(FaultLoader.variable, "coffee.jpg:\(lie)", 1)
            let pool = LoaderPool(loader: FaultLoader.path)
            assertDecodes(decode(pool, "rocket.jpg"), "\(lie): before the lie")
            let before = Set(pool.processIDs)
            guard case .failure(let error) = decode(pool, "coffee.jpg") else {
                return XCTFail("\(lie): the answer was believed")
            }
            XCTAssertEqual(error.description, "the decoder's answer did not describe its pixels", lie)
            XCTAssertTrue(error.isRemembered, "\(lie): the file's fault")
            XCTAssertTrue(before.isDisjoint(with: pool.processIDs), "\(lie): the lying loader was ended")
            assertDecodes(decode(pool, "rocket.jpg"), "\(lie): after the lie")
            pool.stopIdle()
        }
    }

    /// Previews decoded together (the window's opening) share one loader: when one of them
    /// crashes it, each is decoded again alone, and only the one at fault is lost.
    func testACrashInABatchCostsOnlyThePhotoThatCausedIt() throws {
        let names = ["rocket.jpg", "coffee.jpg", "flower.jpg", "coins.jpg"]
        let images = try names.map { name in
            LoaderPool.Bytes(
                bytes: try Data(contentsOf: photos.appendingPathComponent(name)), name: name,
                size: .covering(PixelBox(width: 64, height: 64)), orientation: .up)
        }
        setenv(FaultLoader.variable, "coffee.jpg:SEGV", 1)
        let pool = LoaderPool(loader: FaultLoader.path)
        defer { pool.stopIdle() }
        let results = pool.decode(images, expected: .jpeg, limits: LibraryLimits(), format: .argb)
        XCTAssertEqual(results.count, names.count)
        for (name, result) in zip(names, results) {
            switch result {
            case .success(let image):
                XCTAssertNotEqual(name, "coffee.jpg", "the crash's photo has no pixels")
                XCTAssertEqual(min(image.pixels.width, image.pixels.height), 64, name)
                XCTAssertEqual(image.pixels.layout, .argb, "in the layout asked for")
                XCTAssertEqual(image.isOpaque, true, name)
            case .failure(let error):
                XCTAssertEqual(name, "coffee.jpg", "\(name): \(error)")
                XCTAssertEqual(error.description, "the decoder crashed: signal 11 (Segmentation fault)")
            }
        }
    }

    /// A photo whose page crashed its decoder is recorded as the thumbnails are, and its page is
    /// not handed to another loader until the file changes.
    func testAPageThatCrashedItsDecoderIsNotTriedAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("coffee.jpg")
        try FileManager.default.copyItem(at: photos.appendingPathComponent("coffee.jpg"), to: photo)
        let faulty = LoaderPool(loader: FaultLoader.path)
        defer { faulty.stopIdle() }
        let cache = ThumbnailCache(
            root: folder.appendingPathComponent("thumbnails"), program: "photozoom", version: "test", pool: faulty,
            log: { _ in })
        func page() -> Result<DecodedPixels, DecodeFailure> {
            PhotoPixelDecoder.decode(photo, .page(width: 400, height: 300), cache: cache, layout: .argb, pool: faulty)
        }
        setenv(FaultLoader.variable, "coffee.jpg:SEGV", 1)
        guard case .failure(let crash) = page() else { return XCTFail("the page's decoder crashes") }
        XCTAssertEqual(cache.recordedFailure(of: photo), crash.description)
        unsetenv(FaultLoader.variable)
        faulty.stopIdle()
        guard case .failure(let again) = page() else { return XCTFail("tried again though it crashed its decoder") }
        XCTAssertEqual(again.description, crash.description)
        // Once the file changes it is tried again.
        let later = Date().addingTimeInterval(5)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: photo.path)
        XCTAssertNoThrow(try page().get(), "a changed file is decoded again")
    }

    /// The pool is passed in: a thumbnail cache and a photo decoded on demand given a pool of
    /// their own start its loaders, not the shared pool's.
    func testWhatIsGivenAPoolDecodesWithIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pz-loader-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = URL(fileURLWithPath: PackagePaths.bundledPhotos + "/rocket.jpg")
        let own = LoaderPool()
        defer { own.stopAll() }
        XCTAssertEqual(own.processIDs, [])
        let cache = ThumbnailCache(
            root: folder.appendingPathComponent("thumbnails"), program: "photozoom", version: "test", pool: own,
            log: { XCTFail($0) })
        guard case .success = cache.make(photo, size: .normal) else { return XCTFail("the thumbnail is made") }
        XCTAssertFalse(own.processIDs.isEmpty, "the cache's decode started the pool it was given")
        XCTAssertTrue(Set(own.processIDs).isDisjoint(with: LoaderPool.shared.processIDs))
        let page = PhotoPixelDecoder.decode(
            photo, .page(width: 400, height: 300), cache: nil, layout: .rgba, pool: own
        )
        guard case .success = page else { return XCTFail("the page is decoded") }
    }
}

/// The window logs the decoders' first lines and then one line saying the rest are left out:
/// a folder of warning files cannot flood the terminal.
final class DecoderNotesLogTests: XCTestCase {
    func testTheFirstLinesAreLoggedEscapedThenOneLineForTheRest() {
        let log = DecoderNotes.Log()
        var lines: [String] = []
        log.send { lines.append($0) }
        log.tell(["libpng warning: iCCP: known incorrect sRGB profile"], about: "bad\u{1B}[31m.png")
        for i in 0..<30 { log.tell(["warning \(i)", "again \(i)"], about: "f\(i).png") }
        XCTAssertEqual(lines.first, "photozoom: bad\\u{1B}[31m.png: libpng warning: iCCP: known incorrect sRGB profile")
        XCTAssertEqual(lines.count, DecoderNotes.linesShown + 1)
        XCTAssertEqual(lines.last, "photozoom: further messages from the decoders are left out")
        XCTAssertEqual(DecoderNotes.shown(Array("tEXt: \u{7}bell\u{FF}".utf8)), "tEXt: \\x07bell\\xc3\\xbf")
    }

}
