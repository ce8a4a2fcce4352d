import Foundation

/// A HEIF's (HEIC's or AVIF's) primary image as its boxes describe it, read before libheif sees
/// a byte: its size (`ispe`), how it turns upright (`irot`, `imir`), and for a grid, its tiles
/// (`dimg` references) and their size. Only the boxes on the way are walked — the top level,
/// then `meta`'s `pitm`, `iinf`, `iref` and `iprp` (`ipco`, `ipma`) — so nothing nests deeper
/// than four boxes, whatever a file holds; every length is checked against its parent's and
/// every count against the bytes that would hold it. A box that lies is a refusal naming it.
public enum HEIFHeader {
    /// A picture's sides in pixels.
    public struct Size: Equatable, Sendable {
        public var width: Int
        public var height: Int
        public var pixels: Int { PhotoHeader.area(width, height) }
        var transposed: Size { Size(width: height, height: width) }
    }

    /// The primary image, as stored and as shown.
    public struct Primary: Equatable, Sendable {
        /// Its item type: `hvc1` (HEVC), `av01` (AV1), `grid`, `iovl` or `iden`.
        public var type: String
        /// Its `ispe`: the size coded, before any turn.
        public var stored: Size
        /// Quarter turns anticlockwise (`irot`).
        public var quarterTurns = 0
        /// Whether it is mirrored (`imir`), which leaves its size as it is.
        public var mirrored = false
        /// A grid's (or overlay's) tiles: how many, and the largest; 0 and nil for a single picture.
        public var tiles = 0
        public var largestTile: Size?

        /// The size it is shown at: what libheif hands back, its transformations applied.
        public var upright: Size { quarterTurns % 2 == 1 ? stored.transposed : stored }
    }

    /// The most tiles a grid may have: a 48-megapixel phone photo has 192 of 512×512; 1,024
    /// such tiles are 268 megapixels, more than any photo the limits let through.
    public static let maximumTiles = 1024
    /// The most pixels one tile may have: 4096×4096, past any encoder's tiles (HEVC's own
    /// level 6.2 stops at 8192×4320), so each tile's decode is bounded however the grid lies.
    public static let largestTilePixels = 4096 * 4096
    /// The largest `meta` box read: a phone photo's is a few KiB (a 48-megapixel grid's under
    /// 20); the pixels themselves are in `mdat`, which is never read here.
    public static let maximumMetaBytes = 1 << 20
    /// The most top-level boxes walked looking for `meta`.
    public static let maximumTopLevelBoxes = 64
    /// The image item types libheif decodes.
    public static let decodedTypes: Set<String> = ["hvc1", "av01", "grid", "iovl", "iden"]

    /// The primary image of the `kind` file `bytes`, or why no decoder may have it.
    public static func primary(_ kind: ImageKind, _ bytes: inout HeaderBytes) -> Result<Primary, DecodeFailure> {
        Result { () throws(DecodeFailure) in try read(kind, &bytes) }
    }

    /// `primary` as the gate's dimensions: the upright size, counted whole as libheif decodes it.
    static func dimensions(_ kind: ImageKind, _ bytes: inout HeaderBytes) -> PhotoHeader.Dimensions? {
        guard case .success(let found) = primary(kind, &bytes) else { return nil }
        return PhotoHeader.Dimensions(kind: kind, width: found.upright.width, height: found.upright.height)
    }

    private static func read(_ kind: ImageKind, _ bytes: inout HeaderBytes) throws(DecodeFailure) -> Primary {
        let name = kind.name
        func refuse(_ why: String) -> DecodeFailure { .refused("its \(name) \(why)") }
        var at = 0
        var walked = 0
        while true {
            guard walked < maximumTopLevelBoxes else {
                throw refuse("file has no 'meta' box in its first \(maximumTopLevelBoxes) boxes")
            }
            walked += 1
            guard let size = bytes.be32(at), let type = bytes.bytes(at + 4, 4).map(fourCC) else {
                throw refuse("file ends before its 'meta' box")
            }
            var header = 8
            var length = size
            if size == 1 {
                guard let large = bytes.bytes(at + 8, 8).map({ $0.reduce(0) { $0 << 8 | Int($1) } }), large >= 16 else {
                    throw refuse("box '\(type)' has a broken 64-bit length")
                }
                (header, length) = (16, large)
            } else if size == 0 {
                length = bytes.count - at
            }
            guard length >= header, at <= bytes.count - length else {
                throw refuse("box '\(type)' claims \(length) bytes, past the end of the file")
            }
            if walked == 1, type != "ftyp" { throw refuse("file does not start with its 'ftyp' box") }
            if type == "meta" {
                guard length <= maximumMetaBytes else {
                    throw refuse("'meta' box is \(length) bytes; at most \(maximumMetaBytes) are read")
                }
                guard let meta = bytes.bytes(at + header, length - header) else {
                    throw refuse("file ends inside its 'meta' box")
                }
                return try Meta(meta, name: name).primary()
            }
            at += length
        }
    }

    /// A box or item type as a refusal names it: its four characters where they are printable
    /// ASCII, else its bytes in hex, so a line stays one line.
    static func fourCC(_ b: some Collection<UInt8>) -> String {
        b.allSatisfy { (0x20...0x7E).contains($0) }
            ? String(decoding: b, as: UTF8.self) : "0x" + b.map { String(format: "%02x", $0) }.joined()
    }

    /// The `meta` box's body, walked in memory.
    private struct Meta {
        let b: [UInt8]
        let name: String

        init(_ bytes: [UInt8], name: String) {
            self.b = bytes
            self.name = name
        }

        func refuse(_ why: String) -> DecodeFailure { .refused("its \(name) \(why)") }

        func u8(_ i: Int) -> Int? { i >= 0 && i < b.count ? Int(b[i]) : nil }
        func u16(_ i: Int) -> Int? { i >= 0 && i + 2 <= b.count ? Int(b[i]) << 8 | Int(b[i + 1]) : nil }
        func u32(_ i: Int) -> Int? { i >= 0 && i + 4 <= b.count ? b[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } : nil }
        /// A 16- or 32-bit field, as a box's version says.
        func id(_ i: Int, wide: Bool) -> Int? { wide ? u32(i) : u16(i) }

        /// A box inside `range`: its type, its body, and where the next one starts.
        struct Box {
            let type: String
            let body: Range<Int>
            let end: Int
        }

        /// The boxes in `range`, each within it; a length that leaves it is a refusal naming the box
        /// and its `parent`.
        func children(_ range: Range<Int>, of parent: String) throws(DecodeFailure) -> [Box] {
            var found: [Box] = []
            var at = range.lowerBound
            while at < range.upperBound {
                guard let size = u32(at), at + 8 <= range.upperBound else {
                    throw refuse("box '\(parent)' ends inside a box header")
                }
                let type = HEIFHeader.fourCC(b[at + 4..<at + 8])
                let length = size == 0 ? range.upperBound - at : size
                // No 64-bit lengths inside `meta`: it is at most a mebibyte.
                guard length >= 8, length <= range.upperBound - at else {
                    throw refuse(
                        "box '\(type)' claims \(size) bytes where its '\(parent)' has \(range.upperBound - at) left")
                }
                found.append(Box(type: type, body: at + 8..<at + length, end: at + length))
                at += length
            }
            return found
        }

        /// A full box's version, and its body after the version and flags.
        func full(_ box: Box) throws(DecodeFailure) -> (version: Int, flags: Int, body: Range<Int>) {
            guard box.body.count >= 4, let version = u8(box.body.lowerBound), let flags = u32(box.body.lowerBound)
            else { throw refuse("box '\(box.type)' is too short for its version") }
            return (version, flags & 0xFF_FFFF, box.body.lowerBound + 4..<box.body.upperBound)
        }

        /// `count` entries of at least `each` bytes from `at`, which must fit before `end`.
        func check(_ count: Int, of each: Int, from at: Int, before end: Int, in box: String) throws(DecodeFailure) {
            guard count <= (end - at) / each else {
                throw refuse("box '\(box)' claims \(count) entries, more than its \(end - at) bytes hold")
            }
        }

        func primary() throws(DecodeFailure) -> Primary {
            guard b.count >= 4 else { throw refuse("'meta' box is too short for its version") }
            let boxes = try children(4..<b.count, of: "meta")
            guard let pitm = boxes.first(where: { $0.type == "pitm" }) else {
                throw refuse("file names no primary image (no 'pitm' box)")
            }
            let p = try full(pitm)
            guard let primary = id(p.body.lowerBound, wide: p.version > 0) else {
                throw refuse("box 'pitm' is too short")
            }
            let types = try itemTypes(boxes.first { $0.type == "iinf" })
            guard let type = types[primary] else { throw refuse("primary image \(primary) is not among its items") }
            guard HEIFHeader.decodedTypes.contains(type) else {
                throw refuse("primary image is of type '\(type)', which libheif does not decode")
            }
            let properties = try itemProperties(boxes.first { $0.type == "iprp" })
            guard let stored = size(of: primary, properties) else {
                throw refuse("primary image has no size (no 'ispe' property)")
            }
            var found = Primary(type: type, stored: stored)
            for property in properties.items[primary] ?? [] {
                let box = properties.boxes[property]
                if box.type == "irot", let angle = u8(box.body.lowerBound) { found.quarterTurns = angle & 3 }
                if box.type == "imir" { found.mirrored = true }
            }
            let tiles = try references(boxes.first { $0.type == "iref" }, type: "dimg", from: primary)
            guard tiles.count <= HEIFHeader.maximumTiles else {
                throw refuse("grid has \(tiles.count) tiles; at most \(HEIFHeader.maximumTiles) are read")
            }
            found.tiles = tiles.count
            for tile in tiles {
                guard let tileSize = size(of: tile, properties) else {
                    throw refuse("grid's tile \(tile) has no size (no 'ispe' property)")
                }
                guard tileSize.pixels <= HEIFHeader.largestTilePixels else {
                    throw refuse(
                        "grid has a tile of \(tileSize.width)×\(tileSize.height) pixels; a tile may have at most 4096×4096"
                    )
                }
                if tileSize.pixels > found.largestTile?.pixels ?? 0 { found.largestTile = tileSize }
            }
            return found
        }

        /// `iinf`'s item types, by item ID; items described in the old forms (versions 0 and 1 of
        /// `infe`, which have no type) are left out.
        func itemTypes(_ iinf: Box?) throws(DecodeFailure) -> [Int: String] {
            guard let iinf else { throw refuse("file has no item list (no 'iinf' box)") }
            let f = try full(iinf)
            let countBytes = f.version == 0 ? 2 : 4
            guard let count = id(f.body.lowerBound, wide: f.version > 0) else {
                throw refuse("box 'iinf' is too short")
            }
            let entries = f.body.lowerBound + countBytes..<f.body.upperBound
            // An `infe` is at least a box header, a version and flags.
            try check(count, of: 12, from: entries.lowerBound, before: entries.upperBound, in: "iinf")
            var types: [Int: String] = [:]
            for box in try children(entries, of: "iinf") where box.type == "infe" {
                let e = try full(box)
                guard e.version >= 2 else { continue }
                let wide = e.version > 2
                let typeAt = e.body.lowerBound + (wide ? 4 : 2) + 2
                guard let item = id(e.body.lowerBound, wide: wide), typeAt + 4 <= e.body.upperBound else {
                    throw refuse("box 'infe' is too short")
                }
                types[item] = HEIFHeader.fourCC(b[typeAt..<typeAt + 4])
            }
            return types
        }

        /// `ipco`'s properties (index 0 is none: `ipma` counts from 1) and, by item ID, the indices
        /// `ipma` associates with each item, in order.
        struct Properties {
            var boxes: [Box] = [Box(type: "", body: 0..<0, end: 0)]
            var items: [Int: [Int]] = [:]
        }

        func itemProperties(_ iprp: Box?) throws(DecodeFailure) -> Properties {
            guard let iprp else { throw refuse("file has no item properties (no 'iprp' box)") }
            let inside = try children(iprp.body, of: "iprp")
            guard let ipco = inside.first(where: { $0.type == "ipco" }) else {
                throw refuse("file has no item properties (no 'ipco' box)")
            }
            var properties = Properties()
            properties.boxes += try children(ipco.body, of: "ipco")
            for ipma in inside where ipma.type == "ipma" {
                let f = try full(ipma)
                let wide = f.version >= 1
                let large = f.flags & 1 != 0
                guard let count = u32(f.body.lowerBound) else { throw refuse("box 'ipma' is too short") }
                var at = f.body.lowerBound + 4
                try check(count, of: wide ? 5 : 3, from: at, before: f.body.upperBound, in: "ipma")
                for _ in 0..<count {
                    guard let item = id(at, wide: wide), let associations = u8(at + (wide ? 4 : 2)) else {
                        throw refuse("box 'ipma' ends inside an entry")
                    }
                    at += (wide ? 4 : 2) + 1
                    var indices: [Int] = []
                    for _ in 0..<associations {
                        guard let raw = large ? u16(at) : u8(at), at + (large ? 2 : 1) <= f.body.upperBound else {
                            throw refuse("box 'ipma' ends inside an entry")
                        }
                        let index = raw & (large ? 0x7FFF : 0x7F)
                        guard index < properties.boxes.count else {
                            throw refuse("box 'ipma' names property \(index) of \(properties.boxes.count - 1)")
                        }
                        indices.append(index)
                        at += large ? 2 : 1
                    }
                    properties.items[item, default: []] += indices
                }
            }
            return properties
        }

        /// `item`'s `ispe`, nil where it has none or it claims a side of no pixels.
        func size(of item: Int, _ properties: Properties) -> Size? {
            for index in properties.items[item] ?? [] where properties.boxes[index].type == "ispe" {
                let at = properties.boxes[index].body.lowerBound + 4
                guard at + 8 <= properties.boxes[index].body.upperBound, let width = u32(at), let height = u32(at + 4),
                    width > 0, height > 0
                else { return nil }
                return Size(width: width, height: height)
            }
            return nil
        }

        /// The items `iref` says `from` refers to by `type`, in order.
        func references(_ iref: Box?, type: String, from: Int) throws(DecodeFailure) -> [Int] {
            guard let iref else { return [] }
            let f = try full(iref)
            let wide = f.version > 0
            let idBytes = wide ? 4 : 2
            var found: [Int] = []
            for box in try children(f.body, of: "iref") where box.type == type {
                guard let source = id(box.body.lowerBound, wide: wide), let count = u16(box.body.lowerBound + idBytes)
                else { throw refuse("box '\(type)' is too short") }
                let first = box.body.lowerBound + idBytes + 2
                try check(count, of: idBytes, from: first, before: box.body.upperBound, in: type)
                guard source == from else { continue }
                for n in 0..<count { found += id(first + n * idBytes, wide: wide).map { [$0] } ?? [] }
            }
            return found
        }
    }
}
