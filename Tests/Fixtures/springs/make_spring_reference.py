#!/usr/bin/env python3
"""High-precision reference values for a damped spring (test fixture generator).

Solves   m*x'' + c*x' + k*(x - target) = 0,   x(0) = from,  x'(0) = velocity
in closed form with mpmath and prints JSON with the position x(t) and velocity
x'(t) at selected times, each to 25 significant digits.

Every input (mass, stiffness, damping, from, to, velocity, t) is a Python float
and is taken as the EXACT value of that IEEE double (mpf(float)); inputs are
written with repr() so they round-trip exactly, outputs with nstr(..., 25).

Method: with y = x - target, the characteristic roots are
r1,2 = (-c +- sqrt(c^2 - 4km)) / (2m) (complex when underdamped), and
y(t) = A e^{r1 t} + B e^{r2 t}.  Real roots use the cancellation-free pair
q = -(c + sqrt(D))/2, r1 = q/m, r2 = k/q.  The exactly critical case
(c^2 == 4km, decided exactly) uses y(t) = (y0 + (v0 - r y0) t) e^{r t}.
At t = 0 the initial conditions are written exactly (the closed form would
leave rounding residue such as 1e-101 where the answer is 0).

Working precision is 100 digits, not 50: some outputs are tiny differences of
O(1) quantities (undamped x(1.0) = 1 - cos(w) ~ 2e-32 because k is not exactly
4 pi^2), and 50 digits leaves only ~18 of their 25 printed digits correct.

Rerun from the repository root:
    python3 Tests/Fixtures/springs/make_spring_reference.py > Tests/Fixtures/springs/spring_reference.json
Requires mpmath (pip install mpmath).
"""
import json
import math

from mpmath import mp, mpf, mpc, sqrt, exp, nstr

DIGITS = 100  # working precision (mp.dps); see docstring
OUT_DIGITS = 25


def spring(m, k, c, x0, target, v0, t):
    """Exact (x(t), x'(t)) as mpf, evaluated at the current mp.dps."""
    m, k, c, t = mpf(m), mpf(k), mpf(c), mpf(t)
    y0, v0 = mpf(x0) - mpf(target), mpf(v0)
    disc = c * c - 4 * k * m  # exact: products of doubles fit in 50 digits
    if disc == 0:
        r = -c / (2 * m)
        e = exp(r * t)
        b = v0 - r * y0
        y = (y0 + b * t) * e
        v = (b + r * (y0 + b * t)) * e
    else:
        if disc > 0:
            q = -(c + sqrt(disc)) / 2
            r1, r2 = q / m, k / q
        else:
            s = mpc(0, sqrt(-disc))
            r1, r2 = (-c + s) / (2 * m), (-c - s) / (2 * m)
        a = (v0 - r2 * y0) / (r1 - r2)
        b = (r1 * y0 - v0) / (r1 - r2)
        e1, e2 = exp(r1 * t), exp(r2 * t)
        y = a * e1 + b * e2
        v = a * r1 * e1 + b * r2 * e2
        if disc < 0:  # imaginary parts cancel exactly in theory
            y, v = y.real, v.real
    return mpf(target) + y, v


# Time grids (each gets t = 0 prepended).
T_ZETA_01 = [0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 4.5, 6.0, 8.0, 10.0]
T_OMEGA_10 = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.7, 1.0, 3.0]

# name: (mass, stiffness, damping, from, to, velocity, times)
CASES = [
    ("underdamped_zeta_0_1", 1.0, 100.0, 2.0, 0.0, 1.0, 0.0, T_ZETA_01),
    ("underdamped_zeta_0_5", 1.0, 100.0, 10.0, 0.0, 1.0, 0.0,
     [0.005, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.6, 0.8, 1.0, 1.5, 3.0]),
    ("underdamped_zeta_0_8", 1.0, (2 * math.pi / 0.5) ** 2, 0.8 * 4 * math.pi / 0.5,
     10.0, 250.0, -300.0,
     [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 5.0]),
    ("undamped", 1.0, (2 * math.pi) ** 2, 0.0, 0.0, 1.0, 0.0,
     [0.0625, 0.125, 0.25, 0.375, 0.5, 0.75, 1.0, 1.5, 2.5, 5.0, 10.0, 20.0]),
    ("critical", 1.0, 100.0, 20.0, 0.0, 1.0, 0.0, T_OMEGA_10),
    ("near_critical_below", 1.0, 100.0, 20 * (1 - 1e-9), 0.0, 1.0, 0.0, T_OMEGA_10),
    ("near_critical_above", 1.0, 100.0, 20 * (1 + 1e-9), 0.0, 1.0, 0.0, T_OMEGA_10),
    ("overdamped_zeta_2", 1.0, 100.0, 40.0, 0.0, 1.0, 5.0,
     [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 4.0]),
    ("overdamped_zeta_5000", 1.0, 100.0, 100000.0, 0.0, 1.0, 0.0,
     [1e-6, 1e-5, 1e-4, 1e-3, 0.01, 1.0, 10.0, 100.0, 500.0, 1000.0, 5000.0, 10000.0]),
    ("very_stiff", 1.0, 1e7, 2 * 0.7 * math.sqrt(1e7), 0.0, 1.0, 0.0,
     [0.0005, 0.001, 0.0015, 0.002, 0.0025, 0.003, 0.004, 0.005, 0.006, 0.007, 0.008, 0.01]),
    ("velocity_only", 1.0, 200.0, 20.0, 3.0, 3.0, 500.0,
     [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1.0, 4.5]),
    ("velocity_against_target", 1.0, 200.0, 20.0, 0.0, 100.0, -800.0,
     [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1.0, 4.5]),
    ("mass_scaled_a", 1.0, 100.0, 12.0, 0.0, 50.0, 0.0, T_OMEGA_10),
    ("mass_scaled_b", 4.0, 400.0, 48.0, 0.0, 50.0, 0.0, T_OMEGA_10),
    ("far_from_origin", 1.0, 100.0, 16.0, 1e9, 1e9 + 100, 0.0, T_OMEGA_10),
]


def build(digits=DIGITS):
    mp.dps = digits
    cases = []
    for name, m, k, c, x0, to, v0, times in CASES:
        samples = []
        for t in [0.0] + times:
            x, v = (mpf(x0), mpf(v0)) if t == 0 else spring(m, k, c, x0, to, v0, t)
            samples.append({"t": repr(t), "value": nstr(x, OUT_DIGITS),
                            "velocity": nstr(v, OUT_DIGITS)})
        cases.append({"name": name, "mass": repr(m), "stiffness": repr(k),
                      "damping": repr(c), "from": repr(x0), "to": repr(to),
                      "velocity": repr(v0), "samples": samples})
    return {"generator": "Tests/Fixtures/springs/make_spring_reference.py",
            "precision_digits": digits, "cases": cases}


if __name__ == "__main__":
    print(json.dumps(build(), indent=1))
