"""`python -m rendering bench`: how long a board takes to render and how big the PNG is.

Positions are real: seeded random games stopped at a spread of depths (and some played to
the end), each rendered for all four viewers. The caches are warmed by the first render and
that cold render is reported apart, because a running bot pays it once per process.
`--expansion` reports Offshore Offspring positions (a 1280×1000 image) next to the base
game's, over the same seeds and depths, so the two can be compared line by line.
"""

from __future__ import annotations

import statistics
import time

import rules

from .canvas import render
from .randomplay import position, steps
from .text import describe, text_board

VIEWERS = ("octopus", "shark", "spectator", "omniscient")
TARGET_P50_MS = 40.0
TARGET_P95_MS = 80.0
TARGET_KB = 300.0


FRACTIONS = (0.0, 0.1, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9, 1.0)


OO = ("offshore_offspring",)


def bench_positions(n: int, seed0: int = 7_000,
                    expansions: tuple[str, ...] = ()) -> list[rules.Game]:
    """n positions: each from its own random game, stopped at a fraction of its length
    spread from the opening to the final position."""
    out = []
    for i in range(n):
        seed = seed0 + i
        side = "night" if i % 7 == 6 else "day"
        length = sum(1 for _ in steps(seed, board=side, expansions=expansions)) - 1
        frac = FRACTIONS[i % len(FRACTIONS)]
        out.append(position(seed, round(length * frac), board=side, expansions=expansions))
    return out


def _q(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p * (len(xs) - 1)))]


def bench_render(n: int = 40, *, expansion: bool = False) -> str:
    """Render n positions × 4 viewers; the report `python -m rendering bench` prints. With
    `expansion`, the base game's report and then Offshore Offspring's."""
    if expansion:
        return "\n".join([_bench(n, ()), _bench(n, OO)])
    return _bench(n, ())


def _bench(n: int, expansions: tuple[str, ...]) -> str:
    games = bench_positions(n, expansions=expansions)
    views = [rules.view(g, v) for g in games for v in VIEWERS]
    t0 = time.perf_counter()
    render(views[0])
    cold = (time.perf_counter() - t0) * 1e3
    times: list[float] = []
    sizes: list[float] = []
    text_times: list[float] = []
    for v in views:
        t = time.perf_counter()
        png = render(v)
        times.append((time.perf_counter() - t) * 1e3)
        sizes.append(len(png) / 1024)
        t = time.perf_counter()
        describe(v)
        text_board(v)
        text_times.append((time.perf_counter() - t) * 1e3)
    p50, p95 = _q(times, 0.5), _q(times, 0.95)
    ok = p50 <= TARGET_P50_MS and p95 <= TARGET_P95_MS and max(sizes) <= TARGET_KB
    over = sum(1 for g in games if g.phase == "over")
    name = "render" if not expansions else "render, Offshore Offspring"
    size = "1280x800" if not expansions else "1280x1000"
    lines = [
        f"{name}: {len(views)} boards ({n} positions x {len(VIEWERS)} viewers, {over} finished "
        f"games), one core",
        f"  time  p50 {p50:.1f} ms  p95 {p95:.1f} ms  max {max(times):.1f} ms  "
        f"(first, cold caches: {cold:.0f} ms)",
        f"  PNG   p50 {statistics.median(sizes):.0f} KB  max {max(sizes):.0f} KB  "
        f"({size}, palette mode)",
        f"  text  describe + text_board p50 {_q(text_times, 0.5):.2f} ms",
        f"  targets p50 <= {TARGET_P50_MS:.0f} ms, p95 <= {TARGET_P95_MS:.0f} ms, "
        f"PNG <= {TARGET_KB:.0f} KB: {'met' if ok else 'NOT MET'}",
    ]
    return "\n".join(lines)
