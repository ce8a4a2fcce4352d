/// A contact sheet read back: where its tiles are, and where its text is.
extension RGBImage {
    /// The rectangles, at least 100 pixels each way, that are not the sheet's background `mat`.
    func tiles(on mat: [UInt8]) -> [(x: Int, y: Int, w: Int, h: Int)] {
        func isMat(_ x: Int, _ y: Int) -> Bool {
            let i = (y * width + x) * 3
            return pixels[i] == mat[0] && pixels[i + 1] == mat[1] && pixels[i + 2] == mat[2]
        }
        var open: [(x: Int, y: Int, w: Int, h: Int)] = []
        var done: [(x: Int, y: Int, w: Int, h: Int)] = []
        for y in 0..<height {
            var next: [(x: Int, y: Int, w: Int, h: Int)] = []
            var x = 0
            while x < width {
                guard !isMat(x, y) else {
                    x += 1
                    continue
                }
                let start = x
                while x < width, !isMat(x, y) { x += 1 }
                guard x - start >= 100 else { continue }
                let above = open.first { $0.x == start && $0.w == x - start }
                next.append((start, above?.y ?? y, x - start, (above?.h ?? 0) + 1))
            }
            done += open.filter { o in !next.contains { $0.x == o.x && $0.w == o.w } }
            open = next
        }
        return (done + open).filter { $0.h >= 100 }.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// Pixels brighter than the background by far, in the `w`×`h` block at (x, y): text.
    func textPixels(x: Int, y: Int, w: Int, h: Int) -> Int {
        count(x: x, y: y, w: w, h: h) { $0.reduce(0) { $0 + Int($1) } > 3 * 110 }
    }

    /// Pixels within 40 levels of `colour` in every channel, in the `w`×`h` block at (x, y):
    /// text of that colour, antialiased.
    func pixels(near colour: [UInt8], x: Int, y: Int, w: Int, h: Int) -> Int {
        count(x: x, y: y, w: w, h: h) { pixel in zip(pixel, colour).allSatisfy { abs(Int($0) - Int($1)) <= 40 } }
    }

    private func count(x: Int, y: Int, w: Int, h: Int, _ matches: ([UInt8]) -> Bool) -> Int {
        var count = 0
        for row in max(y, 0)..<min(y + h, height) {
            for col in max(x, 0)..<min(x + w, width) where matches(pixel(col, row)) { count += 1 }
        }
        return count
    }
}
