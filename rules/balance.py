"""Policy against policy: who wins, how, how long it takes (`python -m rules balance`).

Each game is seeded from `seed + i`, and each seat's policy has its own rng seeded from
the game's seed, so a run is reproducible whatever the number of worker processes (a
``search`` seat with a time budget is the one exception: it thinks for as long as the
clock allows).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from .ai import LEVELS, choose
from .ai.search import SearchStats, time_budget
from .core import SEATS
from .engine import apply, deciders, new_game
from .pairing import Paired, report


@dataclass
class GameResult:
    seed: int
    winner: str | None
    reason: str | None
    rounds: int
    decisions: dict[str, int]
    think: dict[str, list[float]]
    iterations: int = 0
    search_seconds: float = 0.0
    searched: int = 0  # decisions where a search built a tree
    overrides: int = 0  # ... and played another step than the greedy one (`SearchStats`)


def seat_rngs(seed: int) -> dict[str, random.Random]:
    """Each seat's policy rng for the game seeded `seed`: its own stream, so a seat's
    choices don't shift when the other seat's policy draws more or less (and so
    `rules.ai.judge` replays exactly the games `play_game` plays)."""
    return {s: random.Random(seed * 1_000_003 + i) for i, s in enumerate(SEATS)}


def play_game(seed: int, octopus: str, shark: str, *, board: str = "day",
              iterations: int | None = None, seconds: float | None = None,
              max_steps: int = 20_000, max_rounds: int | None = None) -> GameResult:
    """One complete game between two policy levels, or one stopped unfinished when it
    reaches round `max_rounds + 1`: under a time budget a game can't be replayed, so a
    runaway one (sessions 30, 40 and 42 each had a batch held up by one) has to be named
    by the run that met it."""
    levels = {"octopus": octopus, "shark": shark}
    g = new_game(seed, board=board)
    rngs = seat_rngs(seed)
    think: dict[str, list[float]] = {s: [] for s in SEATS}
    stats = SearchStats()
    steps = 0
    while (g.phase != "over" and steps < max_steps
           and (max_rounds is None or g.round <= max_rounds)):
        for seat in deciders(g):
            t0 = time.perf_counter()
            if levels[seat] == "search":
                from .ai.search import search

                a = search(g, seat, rngs[seat], iterations=iterations, seconds=seconds,
                           stats=stats)
            else:
                a = choose(g, seat, rngs[seat], level=levels[seat])
            think[seat].append(time.perf_counter() - t0)
            apply(g, seat, a)
            steps += 1
            if g.phase == "over":
                break
    return GameResult(seed, g.winner, g.win_reason, g.round,
                      {s: len(think[s]) for s in SEATS}, think, stats.iterations,
                      stats.seconds, stats.decisions, stats.overrides)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval for k successes in n trials."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


@dataclass
class BalanceStats:
    octopus: str
    shark: str
    board: str
    results: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0
    # A `search` seat's time budget per decision, when it has one: the report then counts
    # the decisions that took longer. The budget is meant as a bound a player can count
    # on, and a p95 can't show how often it is broken (docs/balance.md, Speed).
    budget: float | None = None

    def wins(self, side: str) -> int:
        return sum(1 for r in self.results if r.winner == side)

    def report(self) -> str:
        n = len(self.results)
        lines = [f"{n} games, {self.board} board: octopus={self.octopus} vs shark={self.shark}"]
        for side in SEATS:
            k = self.wins(side)
            lo, hi = wilson(k, n)
            reasons = Counter(r.reason for r in self.results if r.winner == side)
            parts = ", ".join(f"{why} {c} ({c / max(1, n):.1%})"
                              for why, c in sorted(reasons.items(), key=lambda x: -x[1]))
            lines.append(f"{side} wins: {k}/{n} = {k / max(1, n):.1%} "
                         f"(95% CI {lo:.1%}–{hi:.1%})  by condition: {parts or 'none'}")
        unfinished = sum(1 for r in self.results if r.winner is None)
        if unfinished:
            lines.append(f"unfinished: {unfinished}")
        # finished games only: a game cut at --max-rounds would shorten the mean
        rounds = [r.rounds for r in self.results if r.winner is not None]
        if rounds:
            sd = statistics.pstdev(rounds) if len(rounds) > 1 else 0.0
            lines.append(f"game length: mean {statistics.mean(rounds):.1f} rounds, sd {sd:.1f}, "
                         f"min {min(rounds)}, max {max(rounds)}")
        decisions = sum(sum(r.decisions.values()) for r in self.results)
        think = sum(sum(sum(t) for t in r.think.values()) for r in self.results)
        if think > 0:
            lines.append(f"decisions: {decisions}, {decisions / think:.0f} decisions/s of "
                         f"policy time ({self.seconds:.1f} s wall)")
        for side in SEATS:
            times = sorted(t for r in self.results for t in r.think[side])
            if len(times) >= 2:
                q = statistics.quantiles(times, n=100)
                level = self.octopus if side == "octopus" else self.shark
                lines.append(f"{side} ({level}) "
                             f"decision time: p50 {q[49] * 1e3:.1f} ms, "
                             f"p95 {q[94] * 1e3:.1f} ms, max {times[-1] * 1e3:.1f} ms "
                             f"over {len(times)} decisions")
                if level == "search" and self.budget is not None:
                    lines.append(self._over_budget(side, times))
        its = sum(r.iterations for r in self.results)
        secs = sum(r.search_seconds for r in self.results)
        if its and secs > 0:
            searched = sum(r.searched for r in self.results)
            overrides = sum(r.overrides for r in self.results)
            lines.append(f"search: {its} iterations, {its / secs:.0f} iterations/s; "
                         f"another step than greedy's on {overrides} of {searched} "
                         f"searched decisions")
        return "\n".join(lines)

    def _over_budget(self, side: str, times: list[float]) -> str:
        """How many of `side`'s decisions (`times`, sorted) took longer than the budget,
        with an interval, and by how much the longest did."""
        assert self.budget is not None
        over = [t for t in times if t > self.budget]
        lo, hi = wilson(len(over), len(times))
        by = f", the longest by {(times[-1] - self.budget) * 1e3:.1f} ms" if over else ""
        return (f"{side} decisions over the {self.budget:g} s budget: {len(over)} of "
                f"{len(times)} = {len(over) / len(times):.1%} (95% CI {lo:.1%}–{hi:.1%}){by}")

    def each(self) -> str:
        """One line per game, by seed: who won, how, in how many rounds. Two runs on the
        same seeds pair up line by line, so a change can be judged on the deals where the
        outcome moved rather than on two noisy totals."""
        return "\n".join(
            f"seed {r.seed}: {r.winner} ({r.reason}), {r.rounds} rounds" if r.winner
            else f"seed {r.seed}: unfinished at round {r.rounds}"
            for r in self.results)


def _one(args: tuple[int, str, str, str, int | None, float | None, int | None]) -> GameResult:
    seed, octopus, shark, board, iterations, seconds, max_rounds = args
    return play_game(seed, octopus, shark, board=board, iterations=iterations, seconds=seconds,
                     max_rounds=max_rounds)


def balance(games: int, octopus: str, shark: str, *, board: str = "day", seed: int = 1,
            iterations: int | None = None, seconds: float | None = None,
            jobs: int = 1, max_rounds: int | None = None) -> BalanceStats:
    """Play `games` games of `octopus` against `shark` and collect the results (a game
    still going at round `max_rounds + 1` is stopped and counted unfinished)."""
    for lv in (octopus, shark):
        if lv not in LEVELS:
            raise ValueError(f"unknown level {lv!r}")
    st = BalanceStats(octopus, shark, board, budget=time_budget(iterations, seconds))
    tasks = [(seed + i, octopus, shark, board, iterations, seconds, max_rounds)
             for i in range(games)]
    t0 = time.perf_counter()
    results: Iterable[GameResult]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_one, tasks, chunksize=1))
    else:
        results = [_one(t) for t in tasks]
    st.results = sorted(results, key=lambda r: r.seed)
    st.seconds = time.perf_counter() - t0
    return st


def paired_report(player: BalanceStats, baseline: BalanceStats, seat: str,
                  reference: tuple[int, int] | None = None) -> str:
    """`seat`'s outcomes in two runs on the same seeds, paired deal by deal (`pairing`)."""
    if [r.seed for r in player.results] != [r.seed for r in baseline.results]:
        raise ValueError("pairing needs two runs on the same seeds")
    levels = {"octopus": (player.octopus, baseline.octopus),
              "shark": (player.shark, baseline.shark)}[seat]
    table = Paired.of([r.winner == seat for r in player.results],
                      [r.winner == seat for r in baseline.results])
    return report(table, *levels, seat, reference)
