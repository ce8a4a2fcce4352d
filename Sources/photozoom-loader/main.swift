import Foundation
import PhotoZoomLoader

// photozoom's loader pool starts this beside it, with a socket on descriptor 3; it maps only what
// it decodes with. Run any other way, it says what it is and does nothing.
guard let memoryMiB = LoaderProcess.memoryMiB(from: CommandLine.arguments) else {
    FileHandle.standardError.write(
        Data("photozoom-loader: decodes photos for photozoom, which starts it; it is not run by hand\n".utf8))
    exit(2)
}
LoaderProcess.serve(memoryMiB: memoryMiB)
