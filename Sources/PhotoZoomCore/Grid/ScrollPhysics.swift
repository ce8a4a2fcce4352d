import Foundation

/// UIScrollView's rubber band: a pull of `x` beyond the edge shows as (1 − 1/(x·c/d + 1))·d,
/// so resistance grows with distance and never exceeds the dimension `d`.
public func rubberBand(_ x: Double, dimension d: Double, coefficient c: Double) -> Double {
    guard d > 0 else { return 0 }
    return (1 - 1 / (x * c / d + 1)) * d
}

/// Inverse of `rubberBand`: how far one must pull to be shown `y` beyond the edge.
public func rubberBandInverse(_ y: Double, dimension d: Double, coefficient c: Double) -> Double {
    guard d > 0, y < d else { return 0 }
    return (d / (1 - y / d) - d) / c
}

/// A raw (finger-following) position shown against `range`: itself inside, rubber-banded
/// beyond either end.
public func rubberBanded(_ raw: Double, in range: ClosedRange<Double>, dimension d: Double, coefficient c: Double)
    -> Double
{
    if raw < range.lowerBound {
        return range.lowerBound - rubberBand(range.lowerBound - raw, dimension: d, coefficient: c)
    }
    if raw > range.upperBound {
        return range.upperBound + rubberBand(raw - range.upperBound, dimension: d, coefficient: c)
    }
    return raw
}

/// Inverse of `rubberBanded`: the raw position that shows as `shown`, so grabbing something
/// in its rubber band continues from where it is drawn.
public func rubberUnbanded(_ shown: Double, in range: ClosedRange<Double>, dimension d: Double, coefficient c: Double)
    -> Double
{
    if shown < range.lowerBound {
        return range.lowerBound - rubberBandInverse(range.lowerBound - shown, dimension: d, coefficient: c)
    }
    if shown > range.upperBound {
        return range.upperBound + rubberBandInverse(shown - range.upperBound, dimension: d, coefficient: c)
    }
    return shown
}

/// Momentum with UIScrollView's per-millisecond deceleration rate `r`: the distance covered
/// after `t` seconds from speed `v0` (points/s), and the speed then.
public func decelerationState(velocity v0: Double, rate r: Double, time t: Double) -> (
    distance: Double, velocity: Double
) {
    let k = 1000 * log(r)
    let decay = exp(k * t)
    return (v0 * (decay - 1) / k, v0 * decay)
}
