import CSDL2
import PhotoZoomCore

/// Every key the prototype answers to, in one table: the help panel is drawn from it and the
/// loop maps developer keys through `command(for:modifiers:)`, which reads the same table, so
/// what the help says and what the keys do cannot drift apart.
public enum HelpOverlay {
    /// What a developer key asks the loop to do.
    public enum Command: Hashable, CaseIterable {
        /// Cycle the sim's speed through `SlowMotion`'s settings.
        case slowMotion
        case pause
        /// Run one tick while paused.
        case step
        case debug
        case help
        /// Start or stop recording the session.
        case record
        /// Write a bug report folder.
        case bugReport
        /// Comparing two tunings: drive both, A only or B only.
        case switchSide
    }

    /// One row of the help: the key caps shown, what they do, and the keys that do it.
    public struct Binding: Equatable {
        public enum Group: Hashable { case grid, interaction, window, developer }
        /// A key as SDL reports it; `shift` when the key needs Shift held ("?" is Shift-/ on
        /// most layouts). Other chords ignore Shift.
        public struct Chord: Hashable {
            public let keycode: SDL_Keycode
            public let shift: Bool
            public init(_ key: SDL_KeyCode, shift: Bool = false) {
                keycode = SDL_Keycode(key.rawValue)
                self.shift = shift
            }
        }

        /// The caps drawn for this row, each in its own box: ["←", "→"]. Backspace is "⌫", as on
        /// Apple keyboards: the word would make the caps column as wide as the actions.
        public let caps: [String]
        public let action: String
        public let group: Group
        /// The loop's command for a developer key; nil for the interaction's keys, which
        /// EventTranslator hands to the sim.
        public let command: Command?
        public let chords: [Chord]

        /// The caps as one string: "Home End".
        public var key: String { caps.joined(separator: " ") }
    }

    /// The keys, the grid's and the pager's first, in the order the help lists them. Up, Down
    /// and Enter are translated for the sim too, but no system answers to them yet, so the help
    /// does not promise anything for them.
    public static let keys: [Binding] = [
        Binding(
            caps: ["+", "−"], action: "zoom in / out: fewer or more photos a row (also ctrl+wheel, pinch, alt+drag)",
            group: .grid, command: nil,
            chords: [
                .init(SDLK_EQUALS), .init(SDLK_PLUS), .init(SDLK_KP_PLUS), .init(SDLK_MINUS), .init(SDLK_KP_MINUS),
            ]),
        Binding(
            caps: ["Home", "End"], action: "top / end (Ctrl too)", group: .grid, command: nil,
            chords: [.init(SDLK_HOME), .init(SDLK_END)]),
        Binding(
            caps: ["PgUp", "PgDn"], action: "a screen up / down (also Shift+Space / Space)", group: .grid, command: nil,
            chords: [.init(SDLK_PAGEUP), .init(SDLK_PAGEDOWN), .init(SDLK_SPACE)]),
        Binding(
            caps: ["←", "→"], action: "previous / next photo", group: .interaction, command: nil,
            chords: [.init(SDLK_LEFT), .init(SDLK_RIGHT)]),
        Binding(
            caps: ["Home", "End"], action: "first / last photo", group: .interaction, command: nil,
            chords: [.init(SDLK_HOME), .init(SDLK_END)]),
        Binding(
            caps: ["Esc", "⌫"], action: "back to the grid", group: .interaction, command: nil,
            chords: [.init(SDLK_ESCAPE), .init(SDLK_BACKSPACE)]),
        // What the pointer does, which no key can: listed without keys to press.
        Binding(caps: ["drag ↓"], action: "back into its cell", group: .interaction, command: nil, chords: []),
        Binding(caps: ["double-click"], action: "zoom in / out there", group: .interaction, command: nil, chords: []),
        // EventTranslator.quits reads these, with Control held.
        Binding(caps: ["Ctrl Q"], action: "quit (Ctrl W too)", group: .window, command: nil, chords: []),
        Binding(
            caps: ["S"], action: "slow motion " + SlowMotion.allCases.map(\.label).joined(separator: " → "),
            group: .developer, command: .slowMotion, chords: [.init(SDLK_s)]),
        Binding(caps: ["P"], action: "pause / resume", group: .developer, command: .pause, chords: [.init(SDLK_p)]),
        Binding(
            caps: ["."], action: "one tick while paused", group: .developer, command: .step,
            chords: [.init(SDLK_PERIOD), .init(SDLK_KP_PERIOD)]),
        Binding(caps: ["D"], action: "debug overlay", group: .developer, command: .debug, chords: [.init(SDLK_d)]),
        Binding(
            caps: ["F5"], action: "record the session / stop", group: .developer, command: .record,
            chords: [.init(SDLK_F5)]),
        Binding(
            caps: ["F6"], action: "write a bug report (the last minutes, a screenshot, the log)", group: .developer,
            command: .bugReport,
            chords: [.init(SDLK_F6)]),
        Binding(
            caps: ["Tab"], action: "comparing: drive A and B, A only, B only", group: .developer, command: .switchSide,
            chords: [.init(SDLK_TAB)]),
        Binding(
            caps: ["?", "F1"], action: "this help", group: .developer, command: .help,
            chords: [.init(SDLK_QUESTION), .init(SDLK_SLASH, shift: true), .init(SDLK_F1)]),
    ]

    /// The developer command `keycode` asks for, if any. Keys held with Control or Alt are
    /// someone else's shortcut, not ours.
    public static func command(for keycode: SDL_Keycode, modifiers: Modifiers) -> Command? {
        guard !modifiers.contains(.control), !modifiers.contains(.alt) else { return nil }
        return keys.first { row in
            row.command != nil
                && row.chords.contains { $0.keycode == keycode && (!$0.shift || modifiers.contains(.shift)) }
        }?.command
    }

    // MARK: Drawing

    static let panelWidth = 352.0, padding = 16.0, titleSize = 16.0, headerSize = 11.0, rowSize = 13.0
    static let capPadding = 6.0, capGap = 4.0, columnGap = 12.0, rowGap = 5.0

    /// Dims the whole window, then draws the key table in a panel at its centre. Returns the panel.
    @discardableResult
    static func draw(viewport: Size, _ p: OverlayPainter) -> Rect {
        p.fill(Rect(origin: .zero, size: viewport), OverlayPainter.Palette.dim, alpha: OverlayPainter.Palette.dimAlpha)
        let width = min(panelWidth, viewport.width - 16)
        let inner = width - 2 * padding
        let rowHeight = p.lineHeight(rowSize)
        // The caps column is as wide as the widest row of caps; the actions wrap in the rest.
        func capsWidth(_ row: Binding) -> Double {
            row.caps.map { p.width($0, rowSize - 1) + 2 * capPadding }.reduce(0, +) + capGap
                * Double(row.caps.count - 1)
        }
        let capsColumn = min(keys.map(capsWidth).max() ?? 0, inner / 2)
        let actionWidth = inner - capsColumn - columnGap
        let sections: [(title: String, rows: [Binding])] = [
            ("IN THE GRID", keys.filter { $0.group == .grid }),
            ("IN THE PAGER", keys.filter { $0.group == .interaction }),
            ("THE WINDOW", keys.filter { $0.group == .window }),
            ("DEVELOPER", keys.filter { $0.group == .developer }),
        ]
        let closing =
            keys.first { $0.command == .help }.map {
                "press " + $0.caps.joined(separator: ", ") + " or Esc, or click, to close"
            } ?? ""

        // Lay out first (heights depend on wrapping), then draw the panel behind and the rows.
        var height = padding + p.lineHeight(titleSize) + 4
        var layout: [(y: Double, row: Binding?, title: String?, lines: [String])] = []
        for section in sections {
            height += 6
            layout.append((height, nil, section.title, []))
            height += p.lineHeight(headerSize) + 2
            for row in section.rows {
                let lines = p.wrap(row.action, width: actionWidth, size: rowSize)
                layout.append((height, row, nil, lines))
                height += rowHeight * Double(max(lines.count, 1)) + rowGap
            }
        }
        height += 6 + p.lineHeight(headerSize) + padding
        let panel = Rect(
            x: ((viewport.width - width) / 2).rounded(), y: max(((viewport.height - height) / 2).rounded(), 8),
            width: width, height: height)
        p.fill(panel, OverlayPainter.Palette.panel, alpha: 0.94, radius: 12)

        let x = panel.minX + padding
        p.text("Keys", at: Point(x: x, y: panel.minY + padding), size: titleSize, color: OverlayPainter.Palette.text)
        for item in layout {
            let y = panel.minY + item.y
            if let title = item.title {
                p.text(title, at: Point(x: x, y: y), size: headerSize, color: OverlayPainter.Palette.secondary)
            }
            guard let row = item.row else { continue }
            var capX = x
            for cap in row.caps {
                let w = p.width(cap, rowSize - 1) + 2 * capPadding
                p.fill(
                    Rect(x: capX, y: y + 1, width: w, height: rowHeight - 2), OverlayPainter.Palette.keycap, radius: 4)
                p.text(
                    cap, at: Point(x: capX + capPadding, y: y), size: rowSize - 1, color: OverlayPainter.Palette.text)
                capX += w + capGap
            }
            for (i, line) in item.lines.enumerated() {
                p.text(
                    line, at: Point(x: x + capsColumn + columnGap, y: y + rowHeight * Double(i)), size: rowSize,
                    color: OverlayPainter.Palette.text)
            }
        }
        p.text(
            closing, at: Point(x: x, y: panel.maxY - padding - p.lineHeight(headerSize)), size: headerSize,
            color: OverlayPainter.Palette.secondary)
        return panel
    }
}
