/// At most `limit` of a stream whose length is known only at its end, spread evenly over it,
/// the first and the last always among them, holding no more than about twice `limit` at a
/// time: what a contact sheet keeps of a session's moments as the replay runs.
struct EvenSample<Element> {
    let limit: Int
    /// How many elements came.
    private(set) var seen = 0
    /// Every `stride`-th element from the first, by position in the stream.
    private var kept: [(position: Int, element: Element)] = []
    private var stride = 1
    private var latest: (position: Int, element: Element)?

    init(limit: Int) {
        precondition(limit >= 2, "the first and the last need two places")
        self.limit = limit
    }

    mutating func add(_ element: Element) {
        if seen % stride == 0 { kept.append((seen, element)) }
        latest = (seen, element)
        seen += 1
        if kept.count > 2 * limit {
            // Every other one goes: what is left is every (2 × stride)-th, still from the first.
            kept = kept.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            stride *= 2
        }
    }

    /// The elements chosen, in stream order: all of them when no more than `limit` came.
    var chosen: [Element] {
        var candidates = kept
        if let latest, latest.position != kept.last?.position { candidates.append(latest) }
        guard candidates.count > limit else { return candidates.map(\.element) }
        let step = Double(candidates.count - 1) / Double(limit - 1)
        return (0..<limit).map { candidates[Int((Double($0) * step).rounded())].element }
    }

    /// How many of the elements that came are not among the chosen.
    var leftOut: Int { seen - min(seen, limit) }
}
