"""95 % Wilson score intervals for a count of successes out of trials.

The Wilson interval stays inside [0, 1] and behaves at small samples and at rates near 0 or 1, where
the textbook ``p ± 1.96·sqrt(p(1-p)/n)`` interval does not (it gives ``[0, 0]`` for 0 of 5).
"""

from __future__ import annotations

import math

import polars as pl

Z95 = 1.959963984540054
"""The two-sided 95 % normal quantile."""


def wilson(done: int, trials: int, z: float = Z95) -> tuple[float, float] | None:
    """``(low, high)`` for ``done`` successes in ``trials``; ``None`` when there were no trials.
    The bounds are exactly 0 / 1 at 0 / all successes (the formula gives them up to rounding)."""
    if trials <= 0:
        return None
    p = done / trials
    z2 = z * z
    centre = p + z2 / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    denominator = 1 + z2 / trials
    low = 0.0 if done == 0 else max(0.0, (centre - spread) / denominator)
    high = 1.0 if done == trials else min(1.0, (centre + spread) / denominator)
    return low, high


def wilson_exprs(done: str, trials: str, prefix: str, z: float = Z95) -> list[pl.Expr]:
    """Polars expressions for ``{prefix}_rate``, ``{prefix}_lo`` and ``{prefix}_hi`` (null when no trials)."""
    n = pl.col(trials).cast(pl.Float64)
    d = pl.col(done).cast(pl.Float64)
    valid = n > 0
    p = d / n
    z2 = z * z
    centre = p + z2 / (2 * n)
    spread = z * ((p * (1 - p) / n + z2 / (4 * n * n)).sqrt())
    denominator = 1 + z2 / n
    return [
        pl.when(valid).then(p).otherwise(None).alias(f"{prefix}_rate"),
        pl.when(~valid).then(None).when(d == 0).then(0.0)
        .otherwise(((centre - spread) / denominator).clip(0.0, 1.0)).alias(f"{prefix}_lo"),
        pl.when(~valid).then(None).when(d == n).then(1.0)
        .otherwise(((centre + spread) / denominator).clip(0.0, 1.0)).alias(f"{prefix}_hi"),
    ]
