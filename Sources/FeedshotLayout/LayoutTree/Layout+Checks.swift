/// What every layout is checked for before it is drawn: nothing dropped in silence.
extension Layout {
    /// Warnings for elements that reach past the canvas's left or right edge (the image clips
    /// them): one per item and edge, naming the item, the role and by how much.
    func overflowWarnings() -> [String] {
        var warnings: [String] = []
        for item in items {
            var reported: Set<String> = []
            for element in item.elements {
                let frame = element.frame
                let past: [(edge: String, points: Double)] = [("left", -frame.minX), ("right", frame.maxX - width)]
                for (edge, points) in past where points > 0.5 && !reported.contains(edge) {
                    reported.insert(edge)
                    warnings.append(
                        "\(item.id): its \(element.role.rawValue) reaches \(points.rounded(.up).compactDescription) pt past the canvas's \(edge) edge (width \(width.compactDescription)) and is clipped"
                    )
                }
            }
        }
        return warnings
    }

    /// Warnings for texts whose explicit bidirectional controls were partly ignored (nested past
    /// the depth the bidi engine takes, or closing nothing; `BidiControls`): one per item and role.
    func bidiControlWarnings() -> [String] {
        textWarnings(counting: { BidiControls.sanitized($0).replaced }) { replaced in
            "\(replaced) bidirectional control\(replaced == 1 ? "" : "s") (U+202A–U+202E, U+2066–U+2069) nested deeper than "
                + "\(BidiControls.maxLevel) levels or closing nothing; they were ignored"
        }
    }

    /// Warnings for texts holding noncharacters (U+FFFE, U+FDD0…), drawn as replacement boxes
    /// (`Noncharacters`): one per item and role.
    func noncharacterWarnings() -> [String] {
        textWarnings(counting: { Noncharacters.replaced($0).replaced }) { replaced in
            "\(replaced) noncharacter\(replaced == 1 ? "" : "s") (U+FFFE, U+FFFF, U+FDD0–U+FDEF and the like), drawn as replacement boxes"
        }
    }

    /// "`item`: its `role` has …" for each text element of which `count` finds some, `describe`
    /// saying what of how many.
    private func textWarnings(counting count: (String) -> Int, _ describe: (Int) -> String) -> [String] {
        var warnings: [String] = []
        for item in items {
            for element in item.elements {
                guard case .text(let text, _) = element.content else { continue }
                let found = count(text.string)
                if found > 0 { warnings.append("\(item.id): its \(element.role.rawValue) has \(describe(found))") }
            }
        }
        return warnings
    }

    /// `warnings` with each distinct one once, in first-seen order, a repeated one followed by how
    /// many times it occurred (`… (3 times)`).
    static func deduplicated(_ warnings: [String]) -> [String] {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for warning in warnings {
            if counts[warning] == nil { order.append(warning) }
            counts[warning, default: 0] += 1
        }
        return order.map { counts[$0]! > 1 ? "\($0) (\(counts[$0]!) times)" : $0 }
    }
}
