import CSDL2
import Foundation

/// Which of SDL's renderers a window draws with. SDL's first choice is OpenGL; on an X display
/// with no GPU behind it (Xvfb, a VM, a remote X server) that GL is Mesa's software rasteriser,
/// whose context is slow to make and whose first presents are slower still, where SDL's own
/// software renderer writing straight into X's shared memory opens and shows the first grid
/// several times sooner, and draws the frames the benchmark measures.
enum RendererChoice: Equatable {
    /// SDL's first choice, on the GPU.
    case accelerated
    /// SDL's software renderer, its pixels put into the window by the X server's shared memory
    /// extension rather than uploaded to a GL texture (SDL's default on X11).
    case softwareIntoSharedMemory

    /// X extensions by which a display hands GL to a GPU: Mesa's direct rendering (DRI2, DRI3)
    /// and NVIDIA's own driver (NV-GLX). A display with none of them rasterises GL in software.
    static let gpuExtensions = ["DRI3", "DRI2", "NV-GLX"]

    /// The choice for `window` under SDL's current video driver. A renderer named by the user
    /// (`SDL_RENDER_DRIVER`) is SDL's to honour; `LIBGL_ALWAYS_SOFTWARE` says there is no GPU.
    static func forWindow(_ window: OpaquePointer, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> RendererChoice
    {
        if let asked = SDL_GetHint(SDL_HINT_RENDER_DRIVER), asked.pointee != 0 { return .accelerated }
        guard let driver = SDL_GetCurrentVideoDriver(), String(cString: driver) == "x11" else { return .accelerated }
        if let software = environment["LIBGL_ALWAYS_SOFTWARE"], !software.isEmpty, software != "0" {
            return .softwareIntoSharedMemory
        }
        var info = SDL_SysWMinfo()
        info.version = SDL_version(
            major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION), patch: UInt8(SDL_PATCHLEVEL))
        guard SDL_GetWindowWMInfo(window, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11,
            let display = info.info.x11.display
        else {
            return .accelerated
        }
        var opcode: Int32 = 0
        var event: Int32 = 0
        var error: Int32 = 0
        let hasGPU = gpuExtensions.contains { XQueryExtension(display, $0, &opcode, &event, &error) != 0 }
        return hasGPU ? .accelerated : .softwareIntoSharedMemory
    }

    /// Makes the renderer: accelerated with vertical sync, else (no GL at all) software.
    func makeRenderer(for window: OpaquePointer) -> OpaquePointer? {
        switch self {
        case .accelerated:
            let flags = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
            return SDL_CreateRenderer(window, -1, flags)
                ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        case .softwareIntoSharedMemory:
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            return SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        }
    }
}
