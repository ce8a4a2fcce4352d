import CSDL2
import Foundation
import PhotoZoomCore
import PhotoZoomLibrary

/// A replay on one page: the first frame, the frame at each key moment (press, release,
/// landing, resize, tuning reload, and where a compared tuning differs) and the last, small,
/// in rows, each labelled with its tick, what happened and the phase after it, under a title
/// line and its notes. Moments are kept as the replay runs, spread evenly when there are more
/// than fit.
public final class ContactSheet {
    /// Tiles on a sheet, the first and last frames included.
    public static let maximumTiles = 24
    static let columns = 6
    /// A tile is at most this large, in pixels; a window's picture is shrunk to fit.
    static let tileBox = (width: 240.0, height: 360.0)
    static let background = Color(r: 32, g: 32, b: 36)
    static let titleStyle = TextStyle(pointSize: 15, color: Color(r: 240, g: 240, b: 244), leading: true)
    static let labelStyle = TextStyle(pointSize: 12, color: Color(r: 200, g: 200, b: 206))
    /// Notes and marked tiles' labels are in the colour the replay window's timeline marks
    /// the same moments with.
    static let noteStyle = TextStyle(pointSize: 13, color: TimelineRenderer.Palette.difference, leading: true)
    static let margin = 16, gap = 12, titleHeight = 30, noteHeight = 20, labelHeight = 22
    /// Labels are at least this wide, so a narrow window's tiles still fit theirs.
    static let minimumColumnWidth = 200

    /// A frame made small, with what to write under it.
    final class Tile {
        let picture: UnsafeMutablePointer<SDL_Surface>
        let tick: Int
        let label: String
        /// A moment where a compared tuning differs: its label in the notes' colour.
        let marked: Bool
        init(picture: UnsafeMutablePointer<SDL_Surface>, tick: Int, label: String, marked: Bool) {
            self.picture = picture
            self.tick = tick
            self.label = label
            self.marked = marked
        }
        deinit { SDL_FreeSurface(picture) }
    }

    /// Pixels of a tile per pixel of the window's picture.
    private let scale: Double
    /// The largest tile: the largest window, shrunk.
    private let cell: (width: Int, height: Int)
    private var first: Tile?
    private var moments = EvenSample<Tile>(limit: maximumTiles - 2)
    private var last: Tile?

    /// A sheet for a replay whose largest window is `largestWindow`.
    public init(largestWindow: Size) {
        scale = min(1, Self.tileBox.width / largestWindow.width, Self.tileBox.height / largestWindow.height)
        cell = PictureScaler.scaled(
            width: Int(largestWindow.width.rounded()), height: Int(largestWindow.height.rounded()), by: scale)
    }

    /// The key moments seen, and how many of them are not on the sheet.
    public var momentCount: Int { moments.seen }
    public var momentsLeftOut: Int { moments.leftOut }

    /// Keeps what `canvas` last drew, after `tick`, as the first frame.
    public func start(_ canvas: ReplayCanvas, tick: Int, label: String) throws {
        first = try tile(canvas.picture, tick, label)
    }

    /// Keeps what `canvas` last drew, after `tick`, as the frame of a moment; `marked`: one
    /// where a compared tuning differs.
    public func add(_ canvas: ReplayCanvas, tick: Int, label: String, marked: Bool = false) throws {
        moments.add(try tile(canvas.picture, tick, label, marked: marked))
    }

    /// Keeps what `canvas` last drew, after `tick`, as the last frame.
    public func end(_ canvas: ReplayCanvas, tick: Int, label: String) throws {
        last = try tile(canvas.picture, tick, label)
    }

    /// The tiles in order: the first and last frames only where no moment already shows them.
    private var tiles: [Tile] {
        let chosen = moments.chosen
        let head = first.flatMap { $0.tick == chosen.first?.tick ? nil : $0 }
        let tail = last.flatMap { $0.tick == chosen.last?.tick ? nil : $0 }
        return [head].compactMap { $0 } + chosen + [tail].compactMap { $0 }
    }

    /// Draws the sheet under `title` and a line for each of `notes`, and writes it to `path` (a
    /// new PNG); `log` hears of a font that cannot be opened (the sheet is then drawn without
    /// text).
    public func write(to path: String, title: String, notes: [String], log: @escaping (String) -> Void) throws {
        let tiles = tiles
        let columns = min(Self.columns, max(1, tiles.count))
        let rows = (tiles.count + columns - 1) / columns
        let columnWidth = max(cell.width, Self.minimumColumnWidth)
        let rowHeight = cell.height + Self.labelHeight
        let width = 2 * Self.margin + columns * columnWidth + (columns - 1) * Self.gap
        let heading = Self.titleHeight + notes.count * Self.noteHeight
        let height = 2 * Self.margin + heading + rows * rowHeight + max(0, rows - 1) * Self.gap
        let sheet = try HeadlessCanvas(size: Size(width: Double(width), height: Double(height)))
        let renderer = sheet.renderer
        // The text's textures belong to the sheet's renderer, so they must go before it does.
        try withExtendedLifetime(sheet) {
            let text = TextRenderer(
                renderer: renderer, fontPath: PhotoFolder.assetPath("fonts/DejaVuSans.ttf"), log: log)
            SDL_SetRenderDrawColor(renderer, Self.background.r, Self.background.g, Self.background.b, 255)
            SDL_RenderClear(renderer)
            let titleFrame = Rect(
                x: Double(Self.margin), y: Double(Self.margin), width: Double(width - 2 * Self.margin),
                height: Double(Self.titleHeight))
            text.draw(title, style: Self.titleStyle, in: titleFrame, scale: 1, alpha: 1)
            for (i, note) in notes.enumerated() {
                let frame = Rect(
                    x: titleFrame.minX, y: titleFrame.maxY + Double(i * Self.noteHeight), width: titleFrame.width,
                    height: Double(Self.noteHeight))
                text.draw(note, style: Self.noteStyle, in: frame, scale: 1, alpha: 1)
            }
            for (i, tile) in tiles.enumerated() {
                let left = Self.margin + (i % columns) * (columnWidth + Self.gap)
                let top = Self.margin + heading + (i / columns) * (rowHeight + Self.gap)
                try draw(
                    tile, in: SDL_Rect(x: Int32(left), y: Int32(top), w: Int32(columnWidth), h: Int32(cell.height)),
                    renderer)
                let labelFrame = Rect(
                    x: Double(left), y: Double(top + cell.height), width: Double(columnWidth),
                    height: Double(Self.labelHeight))
                var style = fitting(tile.label, in: columnWidth, text)
                if tile.marked { style.color = Self.noteStyle.color }
                text.draw(tile.label, style: style, in: labelFrame, scale: 1, alpha: 1)
            }
        }
        SDL_RenderPresent(renderer)
        try HeadlessCanvas.save(sheet.surface, to: path, overwrite: false, replaceFlag: nil)
    }

    /// Draws `tile`'s picture in the middle of `box`.
    private func draw(_ tile: Tile, in box: SDL_Rect, _ renderer: OpaquePointer) throws {
        let w = tile.picture.pointee.w
        let h = tile.picture.pointee.h
        var place = SDL_Rect(x: box.x + (box.w - w) / 2, y: box.y + (box.h - h) / 2, w: w, h: h)
        guard let texture = SDL_CreateTextureFromSurface(renderer, tile.picture) else {
            throw SDLError("cannot draw a tile of the contact sheet")
        }
        SDL_RenderCopy(renderer, texture, nil, &place)
        SDL_DestroyTexture(texture)
    }

    /// The label style, smaller if need be for `label` to fit `width` pixels.
    private func fitting(_ label: String, in width: Int, _ text: TextRenderer) -> TextStyle {
        var style = Self.labelStyle
        while style.pointSize > 8, let w = text.width(of: label, pointSize: style.pointSize, scale: 1),
            w > Double(width - 4)
        {
            style.pointSize -= 1
        }
        return style
    }

    private func tile(_ picture: UnsafeMutablePointer<SDL_Surface>, _ tick: Int, _ label: String, marked: Bool = false)
        throws -> Tile
    {
        let size = PictureScaler.scaled(width: Int(picture.pointee.w), height: Int(picture.pointee.h), by: scale)
        let small = try PictureScaler.surface(width: size.width, height: size.height)
        do {
            try PictureScaler.draw(
                picture, into: small, at: SDL_Rect(x: 0, y: 0, w: Int32(size.width), h: Int32(size.height)))
        } catch {
            SDL_FreeSurface(small)
            throw error
        }
        return Tile(picture: small, tick: tick, label: label, marked: marked)
    }
}
