import CLoader
import Foundation
import PhotoZoomCore

/// What the window's process asks of a loader: decode the first `length` bytes of the
/// descriptor sent with the message (a photo, a cached thumbnail, or an embedded preview put in
/// a memory file), at `size`.
struct LoaderRequest: Codable {
    var name: String
    var length: Int
    var size: ScaledSize
    /// The EXIF orientation to apply (a preview has no EXIF of its own); nil reads it from the bytes.
    var orientation: Int?
    /// The only format the bytes may be: a cached thumbnail's PNG, a preview's JPEG.
    var expected: ImageKind?
    var limits: LibraryLimits
}

/// A loader's answer: the pixels' shape in the memory file sent with it, or why there are none.
struct LoaderReply: Codable {
    var failure: String?
    var isOverLimits = false
    var width = 0
    var height = 0
    var pitch = 0
    var average = Color(r: 0, g: 0, b: 0, a: 0)
    var originalSize: PixelBox?
}


/// One message each way over a loader's socket, a descriptor alongside.
enum LoaderSocket {
    /// Larger than any request or reply, which are small JSON objects.
    static let messageCapacity = 64 << 10

    static func send<T: Encodable>(_ value: T, on socket: Int32, fd: Int32 = -1) -> Bool {
        guard let data = try? JSONEncoder().encode(value), data.count <= messageCapacity else { return false }
        return data.withUnsafeBytes { photozoom_send(socket, $0.baseAddress, $0.count, fd) } == data.count
    }

    /// The next message and its descriptor (-1 for none); nil at the end of the stream or for a
    /// message that is not one.
    static func receive<T: Decodable>(_ type: T.Type, on socket: Int32) -> (value: T, fd: Int32)? {
        var buffer = [UInt8](repeating: 0, count: messageCapacity)
        var fd: Int32 = -1
        let count = buffer.withUnsafeMutableBytes { photozoom_receive(socket, $0.baseAddress, $0.count, &fd) }
        guard count > 0, let value = try? JSONDecoder().decode(T.self, from: Data(buffer[0..<count])) else {
            if fd >= 0 { close(fd) }
            return nil
        }
        return (value, fd)
    }
}
