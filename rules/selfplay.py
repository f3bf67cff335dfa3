"""Self-play with a uniformly random legal policy: a smoke test of the whole rules and a
throughput benchmark (`python -m rules selfplay`)."""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field

from .actions import CANCEL, Action
from .engine import apply, deciders, legal_actions, new_game
from .state import Game


def random_choice(g: Game, seat: str, rng: random.Random) -> Action:
    """A uniformly random legal step; never `cancel`, so every command gets finished."""
    acts = [a for a in legal_actions(g, seat) if a != CANCEL]
    return rng.choice(acts)


def play_random(seed: int, *, board: str = "day", expansions: tuple[str, ...] = (),
                max_steps: int = 50_000) -> tuple[Game, int]:
    """Play one complete game from `seed` with random choices; returns it and its step count."""
    g = new_game(seed, board=board, expansions=expansions)
    rng = random.Random(seed ^ 0x5EED)
    steps = 0
    while g.phase != "over" and steps < max_steps:
        seat = rng.choice(deciders(g))
        apply(g, seat, random_choice(g, seat, rng))
        steps += 1
    return g, steps


@dataclass
class SelfplayStats:
    games: int = 0
    steps: int = 0
    seconds: float = 0.0
    rounds: list[int] = field(default_factory=list)
    results: Counter[tuple[str, str]] = field(default_factory=Counter)
    unfinished: int = 0

    def report(self) -> str:
        lines = [
            f"games: {self.games}  unfinished: {self.unfinished}",
            f"games/s: {self.games / self.seconds:.1f}   decisions/s: "
            f"{self.steps / self.seconds:.0f}",
            f"mean length: {statistics.mean(self.rounds):.1f} rounds "
            f"(sd {statistics.pstdev(self.rounds):.1f})",
        ]
        for side in ("octopus", "shark"):
            wins = sum(n for (w, _), n in self.results.items() if w == side)
            parts = ", ".join(f"{r} {n}" for (w, r), n in sorted(self.results.items())
                              if w == side)
            lines.append(f"{side} wins: {wins / max(1, self.games):.1%}  ({parts or 'none'})")
        return "\n".join(lines)


def selfplay(games: int, seed: int, *, board: str = "day",
             expansions: tuple[str, ...] = ()) -> SelfplayStats:
    st = SelfplayStats()
    t0 = time.perf_counter()
    for i in range(games):
        g, n = play_random(seed + i, board=board, expansions=expansions)
        st.games += 1
        st.steps += n
        st.rounds.append(g.round)
        if g.winner is None:
            st.unfinished += 1
        else:
            st.results[(g.winner, g.win_reason or "")] += 1
    st.seconds = time.perf_counter() - t0
    return st


def bench_steps(games: int, seed: int, *, expansions: tuple[str, ...] = ()) -> str:
    """Per-decision latency of legal_actions + apply, p50/p99/max, over random games."""
    times: list[float] = []
    for i in range(games):
        g = new_game(seed + i, expansions=expansions)
        rng = random.Random(seed + i)
        while g.phase != "over":
            seat = rng.choice(deciders(g))
            t0 = time.perf_counter()
            acts = [a for a in legal_actions(g, seat) if a != CANCEL]
            apply(g, seat, rng.choice(acts))
            times.append(time.perf_counter() - t0)
    times.sort()
    q = statistics.quantiles(times, n=100)
    return (f"decisions: {len(times)}  legal_actions+apply  p50 {q[49] * 1e3:.3f} ms  "
            f"p99 {q[98] * 1e3:.3f} ms  max {times[-1] * 1e3:.3f} ms")
