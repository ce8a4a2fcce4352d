import CGif
import Foundation
import XCTest

/// A GIF read back with giflib: its size, whether it loops, and every frame as shown (each
/// drawn over the ones before, as its disposal "do not dispose" asks) with its delay.
struct DecodedGif {
    var width: Int
    var height: Int
    /// The NETSCAPE2.0 loop count (0: forever); nil when the GIF does not loop.
    var loops: Int?
    var frames: [RGBImage]
    /// Hundredths of a second, one a frame.
    var delays: [Int]

    init(_ path: String) throws {
        var code: Int32 = 0
        guard let gif = DGifOpenFileName(path, &code) else {
            throw DecodeError("DGifOpenFileName \(path): \(String(cString: GifErrorString(code)))")
        }
        defer { DGifCloseFile(gif, &code) }
        guard DGifSlurp(gif) == GIF_OK else {
            throw DecodeError("DGifSlurp \(path): \(String(cString: GifErrorString(gif.pointee.Error)))")
        }
        width = Int(gif.pointee.SWidth)
        height = Int(gif.pointee.SHeight)
        loops = nil
        frames = []
        delays = []
        var screen = RGBImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 3))
        for i in 0..<Int(gif.pointee.ImageCount) {
            let image = gif.pointee.SavedImages[i]
            if loops == nil { loops = Self.loopCount(image) }
            var control = GraphicsControlBlock()
            guard DGifSavedExtensionToGCB(gif, Int32(i), &control) == GIF_OK else {
                throw DecodeError("frame \(i) has no delay")
            }
            XCTAssertEqual(control.DisposalMode, DISPOSE_DO_NOT, "frame \(i)")
            delays.append(Int(control.DelayTime))
            let d = image.ImageDesc
            guard let map = d.ColorMap ?? gif.pointee.SColorMap else {
                throw DecodeError("frame \(i) has no colour table")
            }
            for y in 0..<Int(d.Height) {
                for x in 0..<Int(d.Width) {
                    let color = map.pointee.Colors[Int(image.RasterBits[y * Int(d.Width) + x])]
                    let at = ((Int(d.Top) + y) * width + Int(d.Left) + x) * 3
                    screen.pixels[at] = color.Red
                    screen.pixels[at + 1] = color.Green
                    screen.pixels[at + 2] = color.Blue
                }
            }
            frames.append(screen)
        }
    }

    /// The frames on a timeline of `slot` hundredths of a second: each repeated for as many
    /// slots as its delay lasts.
    func timeline(slot: Int) -> [RGBImage] {
        zip(frames, delays).flatMap { frame, delay in Array(repeating: frame, count: delay / slot) }
    }

    /// The loop count of a NETSCAPE2.0 block among `image`'s extensions (giflib keeps its
    /// sub-block as the block after it).
    private static func loopCount(_ image: SavedImage) -> Int? {
        let blocks = (0..<Int(image.ExtensionBlockCount)).map { image.ExtensionBlocks[$0] }
        for (i, block) in blocks.enumerated() where block.Function == APPLICATION_EXT_FUNC_CODE && i + 1 < blocks.count
        {
            let name = String(
                decoding: UnsafeBufferPointer(start: block.Bytes, count: Int(block.ByteCount)), as: UTF8.self)
            let data = blocks[i + 1]
            guard name == "NETSCAPE2.0", data.ByteCount == 3, data.Bytes[0] == 1 else { continue }
            return Int(data.Bytes[1]) | Int(data.Bytes[2]) << 8
        }
        return nil
    }
}
