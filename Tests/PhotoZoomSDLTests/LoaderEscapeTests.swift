import Foundation
import PhotoZoomTestSupport
import XCTest

@testable import PhotoZoomCore
@testable import PhotoZoomLibrary
@testable import PhotoZoomLoader
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
        guard case .failure(let said) = result else { return XCTFail("the probe answers with what it met") }
        let outcomes = Dictionary(
            uniqueKeysWithValues: said.description.components(separatedBy: "; ").compactMap { part in
                part.firstIndex(of: ":").map {
                    (String(part[..<$0]), part[part.index($0, offsetBy: 2)...].trimmingCharacters(in: .whitespaces))
                }
            })
        for attempt in ["kill", "tgkill", "socket", "memfd", "exec", "fork"] {
            XCTAssertEqual(outcomes[attempt], "Operation not permitted", "\(attempt): \(said)")
        }
        XCTAssertEqual(outcomes["grow"], "File too large", "a memory file past the loader's limit: \(said)")
        XCTAssertEqual(
            outcomes["environment"], "\(FaultLoader.variable) SWIFT_BACKTRACE",
            "only the loader's own variables: \(said)")
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
