"""How long the computer players think (`python -m rules think`, `kelp think`).

The balance runs time the players too, but at an iteration budget and often with several
processes sharing the cores, so they can't say what a player on Discord waits for: the
``search`` level there thinks on its default time budget. This benchmark times each level
on the same real positions — decisions taken from greedy-vs-greedy games, only the ones
where the search builds a tree (a command's first step or its targets; payments,
confrontation colours and forced steps take milliseconds and would flatter the figures).
A time budget measures the machine as much as the player: run it on a quiet machine and
read iterations per second as the figure that carries over.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass, field

from ..core import SEATS
from ..engine import apply, deciders, new_game
from ..state import Game
from . import choose
from .search import DEFAULT_SECONDS, SearchStats, search, thinks


@dataclass
class Timing:
    """One level's decisions for one seat."""

    seat: str
    level: str
    times: list[float] = field(default_factory=list)
    search: SearchStats = field(default_factory=SearchStats)
    per_decision: list[int] = field(default_factory=list)

    def line(self) -> str:
        t = sorted(self.times)
        # "inclusive": a handful of positions must not extrapolate a p95 above the maximum
        q = statistics.quantiles(t, n=100, method="inclusive") if len(t) >= 2 else [t[0]] * 99
        out = (f"{self.seat} {self.level}: p50 {q[49] * 1e3:.1f} ms, p95 {q[94] * 1e3:.1f} ms, "
               f"max {t[-1] * 1e3:.1f} ms over {len(t)} decisions")
        if self.search.seconds > 0:
            its = self.per_decision
            out += (f"; {self.search.iterations / self.search.seconds:.0f} iterations/s, "
                    f"{statistics.median(its):.0f} iterations per decision "
                    f"(min {min(its)}, max {max(its)}); another step than greedy's on "
                    f"{self.search.overrides} of {self.search.decisions}")
        return out


def positions(games: int, seed: int, board: str, per_seat: int) -> dict[str, list[Game]]:
    """Up to `per_seat` positions for each seat where the search would build a tree,
    spread evenly over `games` greedy-vs-greedy games from `seed` on."""
    found: dict[str, list[Game]] = {s: [] for s in SEATS}
    for i in range(games):
        g = new_game(seed + i, board=board)
        rngs = {s: random.Random((seed + i) * 7919 + k) for k, s in enumerate(SEATS)}
        while g.phase != "over":
            for s in deciders(g):
                if thinks(g, s):
                    found[s].append(g.clone())
                apply(g, s, choose(g, s, rngs[s], level="greedy"))
                if g.phase == "over":
                    break
    picked: dict[str, list[Game]] = {}
    for s, gs in found.items():
        step = max(1, len(gs) // max(1, per_seat))
        picked[s] = gs[::step][:per_seat]
    return picked


def bench_think(games: int = 3, seed: int = 1, board: str = "day", per_seat: int = 20, *,
                levels: tuple[str, ...] = ("greedy", "search"), iterations: int | None = None,
                seconds: float | None = None) -> list[Timing]:
    """Time every level in `levels` on the same positions (search: its default 2 s unless
    `iterations` or `seconds` say otherwise)."""
    where = positions(games, seed, board, per_seat)
    out: list[Timing] = []
    for seat in SEATS:
        for level in levels:
            tm = Timing(seat, level)
            for k, g in enumerate(where[seat]):
                rng = random.Random(seed * 104_729 + k)
                before = tm.search.iterations
                t0 = time.perf_counter()
                if level == "search":
                    search(g, seat, rng, iterations=iterations, seconds=seconds,
                           stats=tm.search)
                    tm.per_decision.append(tm.search.iterations - before)
                else:
                    choose(g, seat, rng, level=level)
                tm.times.append(time.perf_counter() - t0)
            if tm.times:
                out.append(tm)
    return out


def report(timings: list[Timing], games: int, seed: int, board: str,
           iterations: int | None, seconds: float | None) -> str:
    """The benchmark's printout: where the positions came from, the budget, a line a level."""
    budget = (f"{iterations} iterations" if iterations is not None
              else f"{seconds if seconds is not None else DEFAULT_SECONDS:g} s")
    n = {t.seat: len(t.times) for t in timings}
    head = (f"think: {n.get('octopus', 0)} Octopus and {n.get('shark', 0)} Shark positions "
            f"from {games} greedy games ({board} board, seed {seed}); search budget {budget}")
    return "\n".join([head] + [t.line() for t in timings])
