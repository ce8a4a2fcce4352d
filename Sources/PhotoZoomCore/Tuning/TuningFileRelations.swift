/// Rules between two keys, which no key's own range can say: a double tap zooms no further than
/// the most zoom, and the grid zoom's smallest cell is no larger than the cell the grid opens
/// with (so the opening level is one of its levels). A file breaking one is told, as a key's
/// range is, at the key it wrote.
extension TuningFile {
    struct Relation: Sendable {
        /// The key that must be at most the other.
        let smaller: String
        let smallerValue: WritableKeyPath<Tuning, Double> & Sendable
        let larger: String
        let largerValue: WritableKeyPath<Tuning, Double> & Sendable
    }

    static let relations = [
        Relation(
            smaller: "zoom.doubleTapZoom", smallerValue: \.doubleTapZoom, larger: "zoom.maximumZoom",
            largerValue: \.maximumZoom),
        Relation(
            smaller: "gridZoom.smallestCell", smallerValue: \.gridZoom.smallestCell, larger: "grid.minimumCellSize",
            largerValue: \.minimumCellSize),
    ]

    /// Each relation `file` breaks, `path: why` with the value the file wrote, the key blamed
    /// being the smaller one where the file wrote it, else the larger; the blamed key goes back
    /// to what keeps the relation (its default, or the other key's value where that does not).
    /// `written` says which keys the file wrote.
    static func relationProblems(in file: inout TuningFile, written: (String) -> Bool) -> [(
        path: String, message: String
    )] {
        var problems: [(path: String, message: String)] = []
        let defaults = Tuning()
        for relation in relations {
            let small = file.tuning[keyPath: relation.smallerValue]
            let large = file.tuning[keyPath: relation.largerValue]
            guard small > large else { continue }
            if written(relation.smaller) {
                problems.append(
                    (
                        relation.smaller,
                        "\(relation.smaller): must be at most \(relation.larger) (\(number(large))), got \(number(small))"
                    ))
                file.tuning[keyPath: relation.smallerValue] = Swift.min(defaults[keyPath: relation.smallerValue], large)
            } else {
                problems.append(
                    (
                        relation.larger,
                        "\(relation.larger): must be at least \(relation.smaller) (\(number(small))), got \(number(large))"
                    ))
                file.tuning[keyPath: relation.largerValue] = Swift.max(defaults[keyPath: relation.largerValue], small)
            }
        }
        return problems
    }

    /// What `relations` would say of a tuning: `violations`'s part for them.
    static func relationViolations(in tuning: Tuning) -> [String] {
        relations.compactMap { relation in
            let small = tuning[keyPath: relation.smallerValue]
            let large = tuning[keyPath: relation.largerValue]
            return small > large
                ? "\(relation.smaller): must be at most \(relation.larger) (\(number(large))), got \(number(small))"
                : nil
        }
    }
}
