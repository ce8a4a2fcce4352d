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

    /// The loader's memory against what the photo limits need of it
    /// (`LibraryLimits.loaderMemoryNeededMiB`): a file that raises the limits without setting the
    /// memory gets the memory they need; one that sets it too low is told, and gets it too, so
    /// every photo within the limits decodes.
    static func loaderMemoryProblem(in file: inout TuningFile, written: (String) -> Bool) -> (
        path: String, message: String
    )? {
        let needed = file.library.loaderMemoryNeededMiB
        guard file.library.loaderMemoryMiB < needed else { return nil }
        defer { file.library.loaderMemoryMiB = needed }
        return written(loaderMemoryPath) ? (loaderMemoryPath, loaderMemoryViolation(file.library)) : nil
    }

    static let loaderMemoryPath = "library.loaderMemoryMiB"

    /// Why `limits`'s loader memory is too little for its photo limits.
    static func loaderMemoryViolation(_ limits: LibraryLimits) -> String {
        "\(loaderMemoryPath): must be at least \(number(limits.loaderMemoryNeededMiB)), what "
            + "library.maximumMegapixels (\(number(limits.maximumMegapixels))) and library.maximumFileMiB "
            + "(\(number(limits.maximumFileMiB))) need, got \(number(limits.loaderMemoryMiB))"
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
