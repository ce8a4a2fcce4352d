import Foundation

/// Jetpack Compose's spring as `animateTo` runs it on a `Float` (or a `Dp`, one dimension
/// too), ported line by line from androidx/androidx, compose/animation/animation-core,
/// src/commonMain/kotlin/androidx/compose/animation/core/, as read at the commits named:
///
/// - `SpringSimulation.kt` (commit 13d5e2e): `updateValues`, the closed form from the start;
/// - `SpringEstimation.kt` (commit 1d7dc4d): `estimateAnimationDurationMillis`, where the
///   animation ends and jumps to its target;
/// - `FloatAnimationSpec.kt`'s `FloatSpringSpec` (commit 7a915f4): the play time truncated to
///   milliseconds, and the duration estimated in units of `visibilityThreshold`.
///
/// Kotlin's Floats stay Floats here and its Doubles Doubles, so the port rounds where Compose does.
struct ComposeSpringPort {
    let dampingRatio: Float
    let stiffness: Float
    let visibilityThreshold: Float

    /// `SpringSimulation.naturalFreq`, set from the Float stiffness.
    private var naturalFreq: Double { Double(stiffness).squareRoot() }

    /// `FloatSpringSpec.getValueFromNanos`.
    func value(playTimeNanos: Int64, initial: Float, target: Float) -> Float {
        let playTimeMillis = playTimeNanos / 1_000_000
        return updateValues(lastDisplacement: initial, lastVelocity: 0, timeElapsed: playTimeMillis, target: target)
    }

    /// `SpringSimulation.updateValues`'s value, started at rest.
    private func updateValues(lastDisplacement: Float, lastVelocity: Float, timeElapsed: Int64, target: Float) -> Float
    {
        let ratio = Double(dampingRatio)
        let dampingRatioSquared = ratio * ratio
        let adjustedDisplacement = Double(lastDisplacement - target)
        let velocity = Double(lastVelocity)
        let deltaT = Double(timeElapsed) / 1000
        let displacement: Double
        if dampingRatio > 1 {
            let gammaPlus = -ratio * naturalFreq + naturalFreq * (dampingRatioSquared - 1).squareRoot()
            let gammaMinus = -ratio * naturalFreq - naturalFreq * (dampingRatioSquared - 1).squareRoot()
            let coeffB = (gammaMinus * adjustedDisplacement - velocity) / (gammaMinus - gammaPlus)
            let coeffA = adjustedDisplacement - coeffB
            displacement = coeffA * exp(gammaMinus * deltaT) + coeffB * exp(gammaPlus * deltaT)
        } else if dampingRatio == 1 {
            let coeffA = adjustedDisplacement
            let coeffB = velocity + naturalFreq * adjustedDisplacement
            displacement = (coeffA + coeffB * deltaT) * exp(-naturalFreq * deltaT)
        } else {
            let dampedFreq = naturalFreq * (1 - dampingRatioSquared).squareRoot()
            let cosCoeff = adjustedDisplacement
            let sinCoeff = (1 / dampedFreq) * (ratio * naturalFreq * adjustedDisplacement + velocity)
            displacement =
                exp(-ratio * naturalFreq * deltaT)
                * (cosCoeff * cos(dampedFreq * deltaT) + sinCoeff * sin(dampedFreq * deltaT))
        }
        return Float(displacement + Double(target))
    }

    /// `FloatSpringSpec.getDurationNanos`: nil where Compose's estimate is no time (a NaN), which
    /// the test calls a failure.
    func durationNanos(initial: Float, target: Float) -> Int64? {
        // The Float overload: an undamped spring lasts for ever.
        if dampingRatio == 0 { return Int64.max / 1_000_000 * 1_000_000 }
        let millis = estimateMillis(
            initialVelocity: Double(Float(0) / visibilityThreshold),
            initialDisplacement: Double((initial - target) / visibilityThreshold), delta: 1)
        return millis.map { $0 * 1_000_000 }
    }

    private struct Complex {
        var real: Double
        var imaginary: Double
    }

    private func complexSqrt(_ x: Double) -> Complex {
        x < 0 ? Complex(real: 0, imaginary: (-x).squareRoot()) : Complex(real: x.squareRoot(), imaginary: 0)
    }

    /// The Double `estimateAnimationDurationMillis` and `estimateDurationInternal`.
    private func estimateMillis(initialVelocity: Double, initialDisplacement: Double, delta: Double) -> Int64? {
        let stiffness = Double(self.stiffness)
        let dampingRatio = Double(self.dampingRatio)
        let dampingCoefficient = 2.0 * dampingRatio * stiffness.squareRoot()
        let partialRoot = dampingCoefficient * dampingCoefficient - 4.0 * stiffness
        let root = complexSqrt(partialRoot)
        let firstRoot = Complex(real: (-dampingCoefficient + root.real) * 0.5, imaginary: root.imaginary * 0.5)
        let secondRoot = Complex(real: (-dampingCoefficient - root.real) * 0.5, imaginary: -root.imaginary * 0.5)
        if initialDisplacement == 0 && initialVelocity == 0 { return 0 }
        let v0 = initialDisplacement < 0 ? -initialVelocity : initialVelocity
        let p0 = abs(initialDisplacement)
        let seconds: Double
        if dampingRatio > 1 {
            seconds = overDamped(firstRoot.real, secondRoot.real, p0: p0, v0: v0, delta: delta)
        } else if dampingRatio < 1 {
            let r = firstRoot.real
            let c2 = (v0 - r * p0) / firstRoot.imaginary
            seconds = log(delta / (p0 * p0 + c2 * c2).squareRoot()) / r
        } else {
            seconds = criticallyDamped(firstRoot.real, p0: p0, v0: v0, delta: delta)
        }
        // Kotlin's Double.toLong(): NaN is 0, the rest clamped and truncated.
        let millis = seconds * 1000
        guard !millis.isNaN else { return nil }
        return millis >= 9.2e18 ? Int64.max : millis <= -9.2e18 ? Int64.min : Int64(millis)
    }

    private func newton(_ start: Double, _ fn: (Double) -> Double, _ fnPrime: (Double) -> Double) -> Double {
        var tCurr = start
        var tDelta = Double.greatestFiniteMagnitude
        var iterations = 0
        while tDelta > 0.001 && iterations < 100 {
            iterations += 1
            let tLast = tCurr
            tCurr = tCurr - fn(tCurr) / fnPrime(tCurr)
            tDelta = abs(tLast - tCurr)
        }
        return tCurr
    }

    private func criticallyDamped(_ r: Double, p0: Double, v0: Double, delta: Double) -> Double {
        let c1 = p0
        let c2 = v0 - r * c1
        let t1 = log(abs(delta / c1)) / r
        let guess = log(abs(delta / c2))
        var t = guess
        for _ in 0...5 { t = guess - log(abs(t / r)) }
        let t2 = t / r
        var tCurr = !t1.isFinite ? t2 : !t2.isFinite ? t1 : max(t1, t2)
        let tInflection = -(r * c1 + c2) / (r * c2)
        let xInflection = c1 * exp(r * tInflection) + c2 * tInflection * exp(r * tInflection)
        let signedDelta: Double
        if tInflection.isNaN || tInflection <= 0 {
            signedDelta = -delta
        } else if tInflection > 0 && -xInflection < delta {
            if c2 < 0 && c1 > 0 { tCurr = 0 }
            signedDelta = -delta
        } else {
            tCurr = -(2.0 / r) - (c1 / c2)
            signedDelta = delta
        }
        return newton(
            tCurr, { (c1 + c2 * $0) * exp(r * $0) + signedDelta }, { (c2 * (r * $0 + 1) + c1 * r) * exp(r * $0) })
    }

    private func overDamped(_ r1: Double, _ r2: Double, p0: Double, v0: Double, delta: Double) -> Double {
        let c2 = (r1 * p0 - v0) / (r1 - r2)
        let c1 = p0 - c2
        let t1 = log(abs(delta / c1)) / r1
        let t2 = log(abs(delta / c2)) / r2
        var tCurr = !t1.isFinite ? t2 : !t2.isFinite ? t1 : max(t1, t2)
        let tInflection = log((c1 * r1) / (-c2 * r2)) / (r2 - r1)
        let xInflection = c1 * exp(r1 * tInflection) + c2 * exp(r2 * tInflection)
        let signedDelta: Double
        if tInflection.isNaN || tInflection <= 0 {
            signedDelta = -delta
        } else if tInflection > 0 && -xInflection < delta {
            if c2 > 0 && c1 < 0 { tCurr = 0 }
            signedDelta = -delta
        } else {
            tCurr = log(-(c2 * r2 * r2) / (c1 * r1 * r1)) / (r1 - r2)
            signedDelta = delta
        }
        if abs(c1 * r1 * exp(r1 * tCurr) + c2 * r2 * exp(r2 * tCurr)) < 0.0001 { return tCurr }
        return newton(
            tCurr, { c1 * exp(r1 * $0) + c2 * exp(r2 * $0) + signedDelta },
            { c1 * r1 * exp(r1 * $0) + c2 * r2 * exp(r2 * $0) })
    }
}
