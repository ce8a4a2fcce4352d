// swift-tools-version:5.10
import PackageDescription

let package = Package(
    name: "PhotoZoom",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "photozoom", targets: ["photozoom"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // SDL2, SDL2_image and SDL2_ttf through pkg-config; the headers all live in sdl2's include dir.
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]
        ),
        // Everything the user feels is decided here; it must never import SDL.
        .target(name: "PhotoZoomCore"),
        // The thin platform layer: window, events, textures, drawing.
        .target(name: "PhotoZoomSDL", dependencies: ["PhotoZoomCore", "CSDL2"]),
        .executableTarget(
            name: "photozoom",
            dependencies: [
                "PhotoZoomCore", "PhotoZoomSDL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "PhotoZoomTestSupport", dependencies: ["PhotoZoomCore"], path: "Tests/PhotoZoomTestSupport"),
        .testTarget(name: "PhotoZoomCoreTests", dependencies: ["PhotoZoomCore", "PhotoZoomTestSupport"]),
        .testTarget(name: "PhotoZoomSDLTests", dependencies: ["PhotoZoomCore", "PhotoZoomSDL", "PhotoZoomTestSupport"]),
        // SDL_image opens what the executable wrote, to check it by pixels.
        .testTarget(name: "PhotozoomCLITests", dependencies: ["PhotoZoomTestSupport", "photozoom", "CSDL2"]),
    ]
)
