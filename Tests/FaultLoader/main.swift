import Foundation
import PhotoZoomLoader

// The tests' loader: the shipped one, with the faults PHOTOZOOM_LOADER_CRASH names.
guard let memoryMiB = LoaderProcess.memoryMiB(from: CommandLine.arguments) else {
    FileHandle.standardError.write(Data("photozoom-fault-loader: started by photozoom's tests only\n".utf8))
    exit(2)
}
LoaderProcess.serve(memoryMiB: memoryMiB, misbehaviour: FaultInjection(ProcessInfo.processInfo.environment))
