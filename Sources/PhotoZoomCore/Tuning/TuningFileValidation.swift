extension TuningFile {
    /// What in `file` no file could have set: a number that is not finite or that its key's
    /// rule refuses, a rest threshold not above 0, a spring whose constants are not valid
    /// physical ones or break `SpringBounds`, a list of counts out of range or order, a rule between keys broken
    /// (`relations`, the loader's memory below what the photo limits need); `path: why` each, in the file's key order. Empty for every file `read`
    /// gives, which is what the fuzzing holds it to.
    static func violations(in file: TuningFile) -> [String] {
        let tuning = file.tuning
        var found: [String] = []
        for group in groups {
            for key in group.keys {
                let path = group.name + "." + key.name
                switch key.kind {
                case .number(let keyPath, let rule):
                    let value = tuning[keyPath: keyPath]
                    if !value.isFinite || !rule.allows(value) {
                        found.append("\(path): \(rule.description), got \(value)")
                    }
                case .rest(let keyPath):
                    let rest = tuning[keyPath: keyPath]
                    for (name, value) in [("value", rest.value), ("velocity", rest.velocity)]
                    where !value.isFinite || !NumberRule.rest.allows(value) {
                        found.append("\(path).\(name): \(NumberRule.rest.description), got \(value)")
                    }
                case .spring(let keyPath, _):
                    let spring = tuning[keyPath: keyPath]
                    do {
                        _ = try SpringParameters(
                            mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
                        if let breach = SpringBounds.breach(file.spec(keyPath, path: path), parameters: spring) {
                            found.append("\(path)\(breach.field.map { "." + $0 } ?? ""): \(breach.reason)")
                        }
                    } catch {
                        found.append("\(path): \(error)")
                    }
                case .setting(let keyPath, let rule, _):
                    let value = file[keyPath: keyPath]
                    if !value.isFinite || !rule.allows(value) {
                        found.append("\(path): \(rule.description), got \(value)")
                    }
                case .counts(let keyPath, let rule):
                    if let problem = rule.problem(tuning[keyPath: keyPath], path: path) { found.append(problem) }
                case .choice:
                    // An enum holds only its cases.
                    break
                }
            }
        }
        if file.library.loaderMemoryMiB < file.library.loaderMemoryNeededMiB {
            found.append(loaderMemoryViolation(file.library))
        }
        return found + relationViolations(in: tuning)
    }
}
