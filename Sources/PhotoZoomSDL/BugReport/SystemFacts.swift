import CSDL2
import Foundation
import PhotoZoomCore
import PhotoZoomLibrary
import PhotoZoomLoaderInterface
import PhotoZoomUntrusted

/// What a bug report says about the machine it came from: the app, the system, SDL and how it
/// draws, the display and the window. Each a `name: value` line.
public struct SystemFacts: Equatable {
    public struct Fact: Equatable {
        public let name: String
        public let value: String
    }

    public private(set) var facts: [Fact] = []

    public init() {}

    /// One line a fact, its value escaped: the photos' folder is a name like any other.
    public var text: String { facts.map { "\($0.name): \(PathBytes.escaped($0.value))\n" }.joined() }

    /// The facts of the running window.
    public static func of(
        window: AppWindow, app: String, tickRate: Double, photos: Int, photosFolder: String,
        sandbox: LoaderSandbox = LoaderPool.shared.sandbox
    ) -> SystemFacts {
        var facts = SystemFacts()
        func add(_ name: String, _ value: String) { facts.facts.append(Fact(name: name, value: value)) }
        add("app", app)
        add("platform", Prototype.platform)
        let compiled = SDL_version(
            major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION), patch: UInt8(SDL_PATCHLEVEL))
        var linked = SDL_version()
        SDL_GetVersion(&linked)
        add(
            "SDL",
            "\(linked.major).\(linked.minor).\(linked.patch) (built against \(compiled.major).\(compiled.minor).\(compiled.patch))"
        )
        if let image = IMG_Linked_Version()?.pointee {
            add("SDL_image", "\(image.major).\(image.minor).\(image.patch)")
        }
        if let ttf = TTF_Linked_Version()?.pointee { add("SDL_ttf", "\(ttf.major).\(ttf.minor).\(ttf.patch)") }
        add("video driver", SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none")
        var info = SDL_RendererInfo()
        if SDL_GetRendererInfo(window.renderer, &info) == 0 {
            let vsync = window.hasVSync ? ", vsync" : ""
            let kind = info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0 ? "software" : "accelerated"
            let largest =
                info.max_texture_width > 0
                ? "largest texture \(info.max_texture_width)x\(info.max_texture_height)" : "no texture size limit"
            let sharedMemory =
                window.rendererChoice == .softwareIntoSharedMemory
                ? ", into X shared memory (this display has no GPU)" : ""
            add("renderer", "\(String(cString: info.name)) (\(kind)\(vsync)\(sharedMemory)), \(largest)")
        }
        var mode = SDL_DisplayMode()
        let display = SDL_GetWindowDisplayIndex(window.window)
        if display >= 0, SDL_GetCurrentDisplayMode(display, &mode) == 0 {
            let rate = mode.refresh_rate > 0 ? " at \(mode.refresh_rate) Hz" : ", refresh rate unknown"
            add("display", "\(mode.w)x\(mode.h) pixels\(rate) (display \(display + 1) of \(SDL_GetNumVideoDisplays()))")
        }
        let points = window.sizeInPoints
        add(
            "window",
            String(format: "%gx%g points, %g pixels per point", points.width, points.height, window.pixelScale))
        add("tick rate", String(format: "%g Hz", tickRate))
        add("processors", "\(SDL_GetCPUCount()), \(SDL_GetSystemRAM()) MB of memory")
        add("photos", "\(photos) from \(photosFolder)")
        add("loader sandbox", sandbox.summary)
        return facts
    }
}
