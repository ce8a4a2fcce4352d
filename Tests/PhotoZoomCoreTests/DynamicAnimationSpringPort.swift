import Foundation

/// Android's `SpringAnimation` driven by a `SpringForce`, frame by frame, ported line by line
/// from androidx/androidx, dynamicanimation/dynamicanimation/src/main/java/androidx/
/// dynamicanimation/animation/, as read at the commits named:
///
/// - `SpringForce.java` (commit fd79a56): `updateValues`, the closed form from the last
///   frame's state over the frame's milliseconds, its state stored as Floats;
///   `isAtEquilibrium`; `setValueThreshold`, the velocity threshold 1000/16 × the value's;
/// - `DynamicAnimation.java` (commit 0ccdd90): `setMinimumVisibleChange` sets the value
///   threshold to `THRESHOLD_MULTIPLIER` (0.75f) × the change, and `doAnimationFrame`'s first
///   frame after `start()` only notes its time;
/// - `SpringAnimation.java`'s `updateValueAndVelocity` (not in the stored snapshot; as the
///   library has long had it): at equilibrium the value jumps to the final position and the
///   animation ends.
struct DynamicAnimationSpringPort {
    let dampingRatio: Float
    let stiffness: Float
    let minimumVisibleChange: Float

    /// One frame's value, and whether the animation ended on it.
    struct Frame {
        /// Milliseconds since the first frame, which moves nothing.
        var elapsed: Int64
        var value: Float
        var ended: Bool
    }

    /// The frames of an animation from `start` at rest to `target`, at 60 Hz (Choreographer's
    /// millisecond frame times, 16 or 17 ms apart), until it ends or `limit` frames pass.
    func frames(start: Float, target: Float, limit: Int = 2000) -> [Frame] {
        let valueThreshold = Double(minimumVisibleChange * 0.75)
        let velocityThreshold = valueThreshold * (1000.0 / 16.0)
        let naturalFreq = Double(stiffness).squareRoot()
        let ratio = Double(dampingRatio)
        let finalPosition = Double(target)
        var value = start
        var velocity: Float = 0
        var frames = [Frame(elapsed: 0, value: value, ended: false)]
        var lastFrameTime: Int64 = 0
        for index in 1...limit {
            let frameTime = Int64(index) * 1000 / 60
            let deltaT = Double(frameTime - lastFrameTime) / 1000
            lastFrameTime = frameTime
            let lastDisplacement = Double(value) - finalPosition
            let lastVelocity = Double(velocity)
            let displacement: Double
            let currentVelocity: Double
            if ratio > 1 {
                let gammaPlus = -ratio * naturalFreq + naturalFreq * (ratio * ratio - 1).squareRoot()
                let gammaMinus = -ratio * naturalFreq - naturalFreq * (ratio * ratio - 1).squareRoot()
                let coeffA =
                    lastDisplacement - (gammaMinus * lastDisplacement - lastVelocity) / (gammaMinus - gammaPlus)
                let coeffB = (gammaMinus * lastDisplacement - lastVelocity) / (gammaMinus - gammaPlus)
                displacement = coeffA * pow(M_E, gammaMinus * deltaT) + coeffB * pow(M_E, gammaPlus * deltaT)
                currentVelocity =
                    coeffA * gammaMinus * pow(M_E, gammaMinus * deltaT) + coeffB * gammaPlus
                    * pow(M_E, gammaPlus * deltaT)
            } else if ratio == 1 {
                let coeffA = lastDisplacement
                let coeffB = lastVelocity + naturalFreq * lastDisplacement
                displacement = (coeffA + coeffB * deltaT) * pow(M_E, -naturalFreq * deltaT)
                currentVelocity =
                    (coeffA + coeffB * deltaT) * pow(M_E, -naturalFreq * deltaT) * -naturalFreq + coeffB
                    * pow(M_E, -naturalFreq * deltaT)
            } else {
                let dampedFreq = naturalFreq * (1 - ratio * ratio).squareRoot()
                let cosCoeff = lastDisplacement
                let sinCoeff = (1 / dampedFreq) * (ratio * naturalFreq * lastDisplacement + lastVelocity)
                let envelope = pow(M_E, -ratio * naturalFreq * deltaT)
                displacement = envelope * (cosCoeff * cos(dampedFreq * deltaT) + sinCoeff * sin(dampedFreq * deltaT))
                currentVelocity =
                    displacement * -naturalFreq * ratio + envelope
                    * (-dampedFreq * cosCoeff * sin(dampedFreq * deltaT) + dampedFreq * sinCoeff
                        * cos(dampedFreq * deltaT))
            }
            value = Float(displacement + finalPosition)
            velocity = Float(currentVelocity)
            let atEquilibrium =
                Double(abs(velocity)) < velocityThreshold && Double(abs(value - target)) < valueThreshold
            if atEquilibrium { value = target }
            frames.append(Frame(elapsed: frameTime, value: value, ended: atEquilibrium))
            if atEquilibrium { break }
        }
        return frames
    }
}
