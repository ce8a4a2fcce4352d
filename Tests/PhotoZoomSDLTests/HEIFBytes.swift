import Foundation

/// HEIF files written box by box, so every length and reference is in view: hostile ones (a
/// huge `ispe`, ten thousand tiles, a box that lies about its length) and decodable ones, whose
/// coded pictures and decoder configurations come from files `heif-enc` wrote
/// (`HEIFBytes.coded`). libheif's own encoder writes neither a rotation nor a grid.
enum HEIFBytes {
    typealias B = GateBytes

    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] { B.be32(8 + body.count) + B.ascii(type) + body }

    static func fullBox(_ type: String, version: UInt8 = 0, flags: Int = 0, _ body: [UInt8]) -> [UInt8] {
        box(type, [version] + B.be32(flags).suffix(3) + body)
    }

    static func ftyp(_ major: String, _ compatible: [String] = ["mif1"]) -> [UInt8] {
        box("ftyp", B.ascii(major) + B.be32(0) + compatible.flatMap(B.ascii))
    }

    static func ispe(_ width: Int, _ height: Int) -> [UInt8] { fullBox("ispe", B.be32(width) + B.be32(height)) }
    /// `quarterTurns` anticlockwise, as HEIF turns a picture upright.
    static func irot(_ quarterTurns: Int) -> [UInt8] { box("irot", [UInt8(quarterTurns)]) }
    /// Mirrored about a vertical axis (left for right) for 0, a horizontal one (top for bottom) for 1.
    static func imir(_ axis: Int) -> [UInt8] { box("imir", [UInt8(axis)]) }

    /// One item: its type, the property boxes associated with it, and its coded bytes (none for
    /// an item only referred to).
    struct Item {
        var id: Int
        var type: String
        var properties: [[UInt8]] = []
        var data: [UInt8] = []
        /// Not an image of its own (`infe`'s flag 1): a grid's tile.
        var hidden = false
    }

    /// A grid's ImageGrid description: `rows`×`columns` tiles making `width`×`height`.
    static func gridData(rows: Int, columns: Int, width: Int, height: Int) -> [UInt8] {
        [0, 0, UInt8(rows - 1), UInt8(columns - 1)] + B.be16(width) + B.be16(height)
    }

    /// A whole file: `ftyp`, then `meta` (its `hdlr`, `pitm`, `iinf`, `iref`, `iprp`, `iloc`),
    /// then one `mdat` with every item's bytes, which `iloc` points at. Every property is its own
    /// entry of `ipco`; `references` are `iref`'s (`dimg` from a grid to its tiles, `thmb` from a
    /// thumbnail to its image).
    static func file(
        brand: String = "heic", items: [Item], primary: Int, references: [(type: String, from: Int, to: [Int])] = []
    ) -> [UInt8] {
        let hdlr = fullBox("hdlr", B.be32(0) + B.ascii("pict") + [UInt8](repeating: 0, count: 13))
        let pitm = fullBox("pitm", B.be16(primary))
        let iinf = fullBox(
            "iinf",
            B.be16(items.count)
                + items.flatMap {
                    fullBox(
                        "infe", version: 2, flags: $0.hidden ? 1 : 0, B.be16($0.id) + B.be16(0) + B.ascii($0.type) + [0]
                    )
                })
        let iref = fullBox(
            "iref",
            references.flatMap { box($0.type, B.be16($0.from) + B.be16($0.to.count) + $0.to.flatMap(B.be16)) })
        var ipco: [UInt8] = []
        var ipma: [UInt8] = B.be32(items.filter { !$0.properties.isEmpty }.count)
        var index = 0
        for item in items where !item.properties.isEmpty {
            ipma += B.be16(item.id) + [UInt8(item.properties.count)]
            for property in item.properties {
                index += 1
                ipco += property
                ipma += B.be16(index)
            }
        }
        // Property indices in 15 bits (ipma's flag 1): a file of many items has more than 127.
        let iprp = box("iprp", box("ipco", ipco) + fullBox("ipma", flags: 1, ipma))
        let stored = items.filter { !$0.data.isEmpty }
        func iloc(at mdatStart: Int) -> [UInt8] {
            var offset = mdatStart + 8
            var entries: [UInt8] = [0x44, 0x00] + B.be16(stored.count)
            for item in stored {
                let extent: [UInt8] = B.be32(offset) + B.be32(item.data.count)
                entries += B.be16(item.id) + B.be16(0) + B.be16(1) + extent
                offset += item.data.count
            }
            return fullBox("iloc", entries)
        }
        let head = ftyp(brand, [brand, "mif1", "miaf"])
        let boxes: [UInt8] = [0, 0, 0, 0] + hdlr + pitm + iinf + iref + iprp
        let metaLength = box("meta", boxes + iloc(at: 0)).count
        let meta = box("meta", boxes + iloc(at: head.count + metaLength))
        return head + meta + box("mdat", stored.flatMap(\.data))
    }

    /// A file of one picture item of `type`, `width`×`height`, with `extra` properties.
    static func single(
        _ type: String = "hvc1", width: Int, height: Int, _ extra: [[UInt8]] = [], brand: String = "heic"
    ) -> [UInt8] {
        file(
            brand: brand, items: [Item(id: 1, type: type, properties: [ispe(width, height)] + extra)], primary: 1)
    }

    /// A grid of `count` tiles of `tile` pixels, each an item of its own, making `width`×`height`.
    static func grid(tiles count: Int, tile: (Int, Int) = (512, 512), width: Int, height: Int) -> [UInt8] {
        let tiles = (0..<count).map { Item(id: 2 + $0, type: "hvc1", properties: [ispe(tile.0, tile.1)], hidden: true) }
        return file(
            items: [Item(id: 1, type: "grid", properties: [ispe(width, height)])] + tiles, primary: 1,
            references: [("dimg", 1, tiles.map(\.id))])
    }

    /// What `heif-enc` wrote for a single picture: the decoder configuration property its item
    /// has (`hvcC` or `av1C`), its size, and its coded bytes (all of its `mdat`: heif-enc writes
    /// one picture there and nothing else when asked for no thumbnail).
    struct Coded {
        var configuration: [UInt8]
        var width: Int
        var height: Int
        var data: [UInt8]
    }

    static func coded(_ file: [UInt8]) -> Coded? {
        func find(_ type: String, from: Int = 0) -> Int? {
            let t = B.ascii(type)
            return (max(from, 4)..<max(4, file.count - 4)).first { file[$0..<$0 + 4].elementsEqual(t) }
        }
        func be32(_ at: Int) -> Int { file[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        guard let mdat = find("mdat"), let ispe = find("ispe"), ispe < mdat,
            let config = find("hvcC") ?? find("av1C"), config < mdat
        else { return nil }
        let configLength = be32(config - 4)
        let mdatLength = be32(mdat - 4)
        guard config - 4 + configLength <= mdat, mdat - 4 + mdatLength <= file.count else { return nil }
        return Coded(
            configuration: Array(file[(config - 4)..<(config - 4 + configLength)]), width: be32(ispe + 8),
            height: be32(ispe + 12), data: Array(file[(mdat + 4)..<(mdat - 4 + mdatLength)]))
    }
}
