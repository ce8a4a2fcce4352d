import PhotoZoomCore

/// SplitMix64: small, fast and the same everywhere, so a seed replays the same monkey.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A person with no plan: presses, drags, flicks, pinches, wheels, keys, resizes, focus lost,
/// tuning reloads and the developer keys, at random moments, often while something flies.
/// Each call gives the input for the next tick.
struct MonkeyInput {
    private var random: SplitMix64
    /// Input planned for the coming ticks, one list per tick.
    private var plan: [[InputEvent]] = []
    private var viewport: Size

    init(seed: UInt64, viewport: Size) {
        random = SplitMix64(seed: seed)
        self.viewport = viewport
    }

    mutating func next() -> [InputEvent] {
        if plan.isEmpty { planSomething() }
        return plan.isEmpty ? [] : plan.removeFirst()
    }

    private mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
    private mutating func point() -> Point {
        // Mostly inside the window, sometimes just past its edges.
        Point(
            x: Double.random(in: -10...(viewport.width + 10), using: &random),
            y: Double.random(in: -10...(viewport.height + 10), using: &random))
    }
    private static func pointer(
        _ id: Int, _ source: PointerSource, _ phase: PointerPhase, _ p: Point, _ mods: Modifiers = []
    ) -> InputEvent {
        .pointer(PointerEvent(id: id, source: source, phase: phase, position: p, modifiers: mods))
    }

    private mutating func planSomething() {
        let source: PointerSource = chance(0.5) ? .mouse : .touch
        let id = source == .mouse ? 0 : 1
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<25:
            // A tap or click, quick or slow, sometimes two.
            let p = point()
            for _ in 0..<(chance(0.2) ? 2 : 1) {
                plan.append([Self.pointer(id, source, .down, p)])
                plan += Array(repeating: [], count: Int.random(in: 0...30, using: &random))
                plan.append([Self.pointer(id, source, .up, p)])
                plan += Array(repeating: [], count: Int.random(in: 0...4, using: &random))
            }
        case 25..<55:
            // A drag or a flick, let go, cancelled, or left held for a while.
            let from = point()
            let to = point()
            let steps = Int.random(in: 1...40, using: &random)
            let mods: Modifiers = source == .mouse && chance(0.1) ? .alt : []
            plan.append([Self.pointer(id, source, .down, from, mods)])
            for i in 1...steps {
                plan.append([Self.pointer(id, source, .moved, from + (to - from) * (Double(i) / Double(steps)), mods)])
            }
            plan += Array(repeating: [], count: chance(0.3) ? Int.random(in: 1...40, using: &random) : 0)
            plan.append([chance(0.1) ? .focusLost : Self.pointer(id, source, chance(0.05) ? .cancelled : .up, to, mods)]
            )
        case 55..<63:
            // Two fingers pinching in or out.
            let centre = point()
            let spread = Double.random(in: 10...200, using: &random)
            let end = Double.random(in: 5...400, using: &random)
            let steps = Int.random(in: 3...30, using: &random)
            func fingers(_ d: Double, _ phase: PointerPhase) -> [InputEvent] {
                [
                    Self.pointer(1, .touch, phase, centre + Point(x: -d / 2, y: 0)),
                    Self.pointer(2, .touch, phase, centre + Point(x: d / 2, y: 0)),
                ]
            }
            plan.append(fingers(spread, .down))
            for i in 1...steps { plan.append(fingers(spread + (end - spread) * Double(i) / Double(steps), .moved)) }
            plan.append(fingers(end, .up))
        case 63..<73:
            let mods: Modifiers = chance(0.3) ? .control : []
            plan.append([
                .wheel(
                    dx: Double.random(in: -4...4, using: &random), dy: Double.random(in: -6...6, using: &random),
                    position: point(), modifiers: mods)
            ])
        case 73..<81:
            let keys: [Key] = [
                .left, .right, .up, .down, .home, .end, .pageUp, .pageDown, .escape, .backspace, .enter, .space, .plus,
                .minus,
            ]
            plan.append([.key(keys.randomElement(using: &random)!, modifiers: [])])
        case 81..<85:
            viewport = Size(
                width: Double.random(in: 320...1400, using: &random).rounded(),
                height: Double.random(in: 400...1200, using: &random).rounded())
            plan.append([.resize(viewport)])
        case 85..<87:
            plan.append([.focusLost])
        case 87..<91:
            plan.append([.tuningReloaded(randomTuning())])
        case 91..<93:
            let controls: [DeveloperControl] = [.cycleSlowMotion, .togglePause, .step]
            plan.append([.developer(controls.randomElement(using: &random)!)])
        default:
            plan += Array(repeating: [], count: Int.random(in: 1...90, using: &random))
        }
    }

    /// A tuning a person could save: a few keys of the file set to random numbers, read as the
    /// window reads a save, so every value is one the rules allow.
    private mutating func randomTuning() -> Tuning {
        let keys = TuningFile.numberKeys
        var members: [String: [String]] = [:]
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            let key = keys.randomElement(using: &random)!
            let value = [
                Double.random(in: 0...2, using: &random), Double.random(in: 0...200, using: &random),
                Double.random(in: 0...1, using: &random),
            ]
            .randomElement(using: &random)!
            members[key.group, default: []].append("\"\(key.name)\": \(value)")
        }
        if chance(0.3) {
            // The grid zoom's levels: a few counts, fewest first.
            let counts = Set(
                (0..<Int.random(in: 1...8, using: &random)).map { _ in
                    Int.random(in: GridZoomTuning.columnRange, using: &random)
                })
            members["gridZoom", default: []].append(
                "\"columns\": [\(counts.sorted().map(String.init).joined(separator: ", "))]")
        }
        if chance(0.5) {
            let spring =
                "{\"response\": \(Double.random(in: 0.05...1.5, using: &random)), \"dampingRatio\": \(Double.random(in: 0.1...1.5, using: &random))}"
            members["springs", default: []].append(
                "\"\(["zoomIn", "cancel", "finish"].randomElement(using: &random)!)\": \(spring)")
        }
        let text =
            "{"
            + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\": {\($0.value.joined(separator: ", "))}" }.joined(
                separator: ", ") + "}"
        return TuningFile.read(text).file.tuning
    }
}
