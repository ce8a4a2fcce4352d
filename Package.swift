// swift-tools-version:5.10
import PackageDescription

let package = Package(
    name: "PhotoZoom",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "photozoom", targets: ["photozoom"]),
        .executable(name: "photozoom-loader", targets: ["photozoom-loader"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // SDL2, SDL2_image and SDL2_ttf through pkg-config; the headers all live in sdl2's include dir.
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev", "libx11-dev"])]
        ),
        // giflib writes the replay's GIF. It ships no pkg-config file; its header and library
        // sit in the compiler's default paths on Debian.
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        // libjpeg-turbo reads a JPEG's header before anything is decoded.
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        // libwebp decodes a WebP at the size it is shown at, which SDL_image cannot, and (with
        // libwebpdemux) an animation's first frame.
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        // libtiff decodes a TIFF's reduced-resolution copy when the whole is too large.
        .systemLibrary(name: "CTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
        // Little CMS 2 converts a photo's colours from its embedded profile to sRGB in the loaders.
        .systemLibrary(name: "CLCMS", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        // libheif reads HEIC and AVIF; libde265 decodes their HEVC and dav1d their AV1, called by
        // decoders of our own that start no thread (the loader's filter refuses one).
        .systemLibrary(
            name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev", "libde265-dev", "libdav1d-dev"])]),
        // libjxl reads JPEG XL, called with no parallel runner so that it starts no thread.
        .systemLibrary(name: "CJXL", pkgConfig: "libjxl", providers: [.apt(["libjxl-dev"])]),
        // libexif writes the EXIF segments the tests read with PhotoZoom's own reader (ExifSegment):
        // no C parser reads a photo's EXIF in the window's process.
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        // libmd's MD5 names a thumbnail after its photo's URI, as the freedesktop.org standard asks.
        .systemLibrary(name: "CMD5", pkgConfig: "libmd", providers: [.apt(["libmd-dev"])]),
        // libpng writes thumbnails; zlib's crc32 seals the text chunks that say whose thumbnail it is.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev", "zlib1g-dev"])]),
        // Linux calls the loader processes need that Swift cannot import (a descriptor passed
        // over a socket, memfd_create): a header of static inline functions, nothing to link.
        .systemLibrary(name: "CLoader"),
        // Everything the user feels is decided here; it must never import SDL.
        .target(name: "PhotoZoomCore"),
        // Bytes from outside, sniffed, sized and refused in pure Swift before any C decoder
        // sees them; and why a photo is not shown, as cases. No SDL, no C decoder.
        .target(name: "PhotoZoomUntrusted", dependencies: ["PhotoZoomCore"]),
        // What the window and a loader share: the messages between them, the sandbox's report
        // and the pixel buffers the replies carry. No C decoder, so the window maps none.
        .target(name: "PhotoZoomLoaderInterface", dependencies: ["PhotoZoomCore", "PhotoZoomUntrusted", "CLoader"]),
        // What runs inside a loader's sandbox: the decoders and the pixels they make. No SDL, no X11.
        .target(
            name: "PhotoZoomLoader",
            dependencies: [
                "PhotoZoomCore", "PhotoZoomUntrusted", "PhotoZoomLoaderInterface", "CTurboJPEG", "CWebP", "CTIFF",
                "CGif", "CPNG", "CLCMS", "CHeif", "CJXL", "CLoader",
            ]),
        // The loader as a program of its own, started by the pool beside `photozoom`: its
        // process maps only what it decodes with, nothing of SDL or X11.
        .executableTarget(name: "photozoom-loader", dependencies: ["PhotoZoomLoader"]),
        // The photos as the window has them: folders read, headers probed, the loader pool's
        // client, the photo stream, the thumbnail cache and pictures. No SDL.
        .target(
            name: "PhotoZoomLibrary",
            dependencies: [
                "PhotoZoomCore", "PhotoZoomUntrusted", "PhotoZoomLoaderInterface", "CMD5", "CPNG", "CLoader",
            ]),
        // The window: events, rendering, overlays, sessions, the replay window.
        .target(
            name: "PhotoZoomSDL",
            dependencies: [
                "PhotoZoomCore", "PhotoZoomUntrusted", "PhotoZoomLoaderInterface", "PhotoZoomLibrary", "CSDL2", "CGif",
                "CLoader",
            ]),
        .executableTarget(
            name: "photozoom",
            dependencies: [
                "CLoader", "PhotoZoomCore", "PhotoZoomUntrusted", "PhotoZoomLoaderInterface", "PhotoZoomLibrary",
                "PhotoZoomSDL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The tests' loader: the shipped one with the faults PHOTOZOOM_LOADER_CRASH asks for.
        // The system calls it tries that Swift cannot make itself.
        .systemLibrary(name: "CFaultLoader", path: "Tests/CFaultLoader"),
        .executableTarget(
            name: "photozoom-fault-loader",
            dependencies: ["PhotoZoomLoader", "PhotoZoomLoaderInterface", "CFaultLoader"], path: "Tests/FaultLoader"
        ),
        .target(
            name: "PhotoZoomTestSupport", dependencies: ["PhotoZoomCore", "CLCMS"], path: "Tests/PhotoZoomTestSupport"),
        .testTarget(name: "PhotoZoomCoreTests", dependencies: ["PhotoZoomCore", "PhotoZoomTestSupport"]),
        .testTarget(
            name: "PhotoZoomLoaderTests",
            dependencies: [
                "PhotoZoomCore", "PhotoZoomUntrusted", "PhotoZoomLoaderInterface", "PhotoZoomLoader",
                "PhotoZoomLibrary", "PhotoZoomTestSupport", "CLCMS",
            ]),
        .testTarget(
            name: "PhotoZoomSDLTests",
            dependencies: [
                "PhotoZoomCore", "PhotoZoomUntrusted", "PhotoZoomLoaderInterface", "PhotoZoomLoader",
                "PhotoZoomLibrary", "PhotoZoomSDL", "PhotoZoomTestSupport",
                "CTurboJPEG", "CExif",
            ]),
        // SDL_image and giflib open what the executable wrote, to check it by pixels; the core
        // records sessions for it to replay.
        .testTarget(
            name: "PhotozoomCLITests",
            dependencies: ["PhotoZoomCore", "PhotoZoomTestSupport", "photozoom", "CSDL2", "CGif"]),
    ]
)
