import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomLibrary
@testable import PhotoZoomLoader
@testable import PhotoZoomLoaderInterface
@testable import PhotoZoomUntrusted

/// What a decoder taken over can do inside a real loader: the tests' loader runs code of its
/// own there (`PROBE`, after the sandbox is set up as the shipped loader sets it) and says what
/// each attempt met. Signalling another process, a socket, a new memory file, growing the one it
/// was handed past its limit, starting a program or a process all fail; it sees none of the
/// window's environment, and its standard input and output are /dev/null, not a terminal (its
/// standard error is a pipe it reads itself, for the decoders' notes).
final class LoaderEscapeTests: XCTestCase {
    let photos = PackagePaths.root.appendingPathComponent("assets/photos")

    override func tearDown() {
        unsetenv(FaultLoader.variable)
        unsetenv("PHOTOZOOM_TEST_SECRET")
    }

    func testADecoderTakenOverCanDoNothingBeyondItsSandbox() throws {
        setenv(FaultLoader.variable, "coffee.jpg:PROBE", 1)
        setenv("PHOTOZOOM_TEST_SECRET", "the window's", 1)
        let pool = LoaderPool(loader: FaultLoader.path)
        defer { pool.stopIdle() }
        let result = PhotoGate.open(photos.appendingPathComponent("coffee.jpg")).flatMap {
            pool.decode($0, name: "coffee.jpg", to: .fitting(PixelBox(width: 64, height: 64)), limits: LibraryLimits())
        }
        let outcomes = try Self.outcomes(of: result)
        for attempt in ["kill", "tgkill", "socket", "memfd", "exec", "fork"] {
            XCTAssertEqual(outcomes[attempt], "Operation not permitted", "\(attempt): \(outcomes)")
        }
        // Its own limit on file sizes meets the write first; the window's seal stands behind it.
        XCTAssertEqual(outcomes["grow"], "File too large", "a memory file past the loader's limit: \(outcomes)")
        XCTAssertEqual(outcomes["seals"], "seal shrink grow", "the answer file, sealed at its size by the window")
        XCTAssertEqual(outcomes["handed"], "Bad file descriptor", "the photo is handed for reading only")
        XCTAssertEqual(
            outcomes["environment"], "\(FaultLoader.variable) SWIFT_BACKTRACE",
            "only the loader's own variables: \(outcomes)")
    }

    /// Bytes the window holds (a preview read from its photo) go in a memory file of their own,
    /// sealed before the loader sees it: it can neither change them nor put more in that file.
    func testBytesHandedInMemoryCannotBeWrittenOrGrown() throws {
        setenv(FaultLoader.variable, "preview:PROBE", 1)
        let pool = LoaderPool(loader: FaultLoader.path)
        defer { pool.stopIdle() }
        let bytes = try Data(contentsOf: photos.appendingPathComponent("coffee.jpg"))
        let result = pool.decode(
            bytes, name: "preview", to: .fitting(PixelBox(width: 64, height: 64)), orientation: .up, expected: .jpeg,
            limits: LibraryLimits())
        let outcomes = try Self.outcomes(of: result)
        XCTAssertEqual(outcomes["handed"], "Operation not permitted", "writing into the bytes handed: \(outcomes)")
        XCTAssertEqual(outcomes["handed seals"], "seal shrink grow write", "the bytes' file: \(outcomes)")
    }

    /// The probe's attempts by name, each with the system's words for what it met.
    private static func outcomes(of result: Result<ScaledImage, DecodeFailure>) throws -> [String: String] {
        guard case .failure(let said) = result else {
            XCTFail("the probe answers with what it met")
            return [:]
        }
        return Dictionary(
            uniqueKeysWithValues: said.description.components(separatedBy: "; ").compactMap { part in
                part.firstIndex(of: ":").map {
                    (String(part[..<$0]), part[part.index($0, offsetBy: 2)...].trimmingCharacters(in: .whitespaces))
                }
            })
    }

    func testALoadersStandardInputAndOutputAreNotTheTerminal() throws {
        let pool = LoaderPool(loader: FaultLoader.path)
        defer { pool.stopIdle() }
        let decoded = PhotoGate.open(photos.appendingPathComponent("coffee.jpg")).flatMap {
            pool.decode($0, name: "coffee.jpg", to: .fitting(PixelBox(width: 64, height: 64)), limits: LibraryLimits())
        }
        XCTAssertNoThrow(try decoded.get())
        let loader = try XCTUnwrap(pool.processIDs.first)
        for fd in 0...1 {
            XCTAssertEqual(
                try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(loader)/fd/\(fd)"), "/dev/null",
                "descriptor \(fd)")
        }
    }
}
