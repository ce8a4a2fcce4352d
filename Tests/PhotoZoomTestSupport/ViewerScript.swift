import PhotoZoomCore
import XCTest

extension ScriptedInput {
    /// Cell `index`'s frame on screen now.
    public func cellFrame(_ index: Int) -> Rect {
        world.grid.layout!.frame(of: index).offsetBy(dx: 0, dy: -world.grid.offset)
    }

    /// Photo `index` fitted to the window, centred: worked out here, not by the code under test.
    public func fitFrame(_ index: Int) -> Rect {
        let photo = world.photos[index].pixelSize
        let window = world.viewport
        let scale = Swift.min(window.width / photo.width, window.height / photo.height)
        let w = photo.width * scale
        let h = photo.height * scale
        return Rect(x: (window.width - w) / 2, y: (window.height - h) / 2, width: w, height: h)
    }

    /// The pager settled on photo `index`, opened as a person would: a click on its cell.
    public static func pager(
        on index: Int, photos: [PhotoInfo], viewport: Size, tuning: Tuning = Tuning(),
        file: StaticString = #filePath, line: UInt = #line
    ) -> ScriptedInput {
        var input = ScriptedInput(photos: photos, viewport: viewport, tuning: tuning)
        input.tapCell(index)
        input.settle(file: file, line: line)
        XCTAssertEqual(input.world.viewer.phase, .pager, "the pager opened on photo \(index)", file: file, line: line)
        return input
    }

    /// A quick click at `p`.
    public mutating func click(_ p: Point) {
        pointer(.down, p)
        pointer(.up, p)
    }

    /// A quick click on the centre of cell `index`.
    public mutating func tapCell(_ index: Int) {
        let c = cellFrame(index).center
        pointer(.down, c)
        pointer(.up, c)
    }

    /// Runs until nothing moves: no flight, no snap, no zoom spring, grid at rest, no pending
    /// tap. Reaching `limit` fails the test: something that never settles is a bug, not a wait.
    @discardableResult
    public mutating func settle(
        limit: Int = 2400, each: ((World) -> Void)? = nil, file: StaticString = #filePath, line: UInt = #line
    ) -> Int {
        var n = 0
        while n < limit, !isSettled {
            tick()
            each?(world)
            n += 1
        }
        if !isSettled { XCTFail("still moving after \(limit) ticks", file: file, line: line) }
        return n
    }

    public var isSettled: Bool {
        let v = world.viewer
        if v.transition != nil || v.pendingTap != nil || v.chrome.fade != nil || v.pager.escapeWhenSettled {
            return false
        }
        if case .snapping = v.paging.motion { return false }
        if case .spring = v.zoom.motion { return false }
        return world.grid.isAtRest
    }

    /// The sprite of `role`.
    public func sprite(_ role: SpriteRole) -> Sprite { world.sprite(role)! }

    /// Which sprites show photo `index` now: its cell, the transition sprite, a page.
    public func showers(of index: Int) -> [SpriteRole] { world.showers(of: index) }

    /// Drag at one point per tick with explicit per-tick positions, then release.
    public mutating func drag(through points: [Point], release: Bool = true, id: Int = 0) {
        pointer(.down, points[0], id: id)
        for p in points.dropFirst() { pointer(.moved, p, id: id) }
        if release { pointer(.up, points.last!, id: id) }
    }
}

extension Rect {
    /// The largest distance between matching edges.
    public func distance(to other: Rect) -> Double {
        Swift.max(
            Swift.abs(minX - other.minX), Swift.abs(minY - other.minY), Swift.abs(maxX - other.maxX),
            Swift.abs(maxY - other.maxY))
    }
}

extension World {
    /// Which sprites show photo `index` now: its cell, the transition sprite, a page.
    public func showers(of index: Int) -> [SpriteRole] {
        scene.sprites.compactMap { $0 }.filter { s in
            guard !s.hidden, s.content == .photo(index), s.current.alpha > 0 else { return false }
            switch s.role {
            case .cell, .transition, .page: return s.current.frame.intersection(bounds) != nil
            default: return false
            }
        }.map(\.role)
    }
}
